import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { portableTestFiles } from './src/test/runtimes/test-files.ts';

// workerd (the Cloudflare Workers runtime): the portable test files run inside
// workerd through @cloudflare/vitest-plugin. No `nodejs_compat` flag for our
// code: toolshim needs only Web APIs.
export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: '2026-07-01' },
    }),
  ],
  test: {
    name: 'workerd',
    include: portableTestFiles(),
    // One workerd isolate for all files: per-file isolates cost ~1.3 s each on 2 cores.
    isolate: false,
  },
});
