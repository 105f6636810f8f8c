import { defineConfig, type Plugin } from 'vitest/config';
import { harnessTestFiles } from './src/test/runtimes/test-files.ts';

// AI SDK 6: every test file that uses the harness, run with harness-ai6.ts in
// place of harness.ts (ai@6 `wrapLanguageModel`, MockLanguageModelV3, the
// toolshim/v3 adapter), plus the V3 entry's own tests.
const useAi6Harness: Plugin = {
  name: 'toolshim-ai6-harness',
  enforce: 'pre',
  resolveId(source, importer) {
    // Only relative imports written in source files: the module runner later re-resolves the
    // resulting ids (e.g. `/src/test/harness.ts`, importer index.html), and harness-ai6.ts
    // itself must reach the real harness.
    if (!source.startsWith('.') || !source.endsWith('/harness.ts') || importer === undefined) return null;
    if (importer.endsWith('/harness-ai6.ts')) return null;
    return new URL('./src/test/harness-ai6.ts', import.meta.url).pathname;
  },
};

export default defineConfig({
  plugins: [useAi6Harness],
  test: {
    name: 'ai6',
    include: [...new Set([...harnessTestFiles(), 'src/v3/**/*.test.ts'])],
    exclude: ['**/node_modules/**', 'src/**/*.node.test.ts'],
  },
});
