import { defineConfig } from 'vitest/config';

// The package suite (`npm run check`, after `npm run build`): what ships in
// dist/ and the tarball — Node-free bundles, publint, attw, packaging into
// consumer projects (Node, Deno, Vite, wrangler) and the size budget.
export default defineConfig({
  test: {
    name: 'package',
    include: ['src/test/package/**/*.node.test.ts'],
    env: { TOOLSHIM_PACKAGE_CHECKS: '1' },
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
