import { configDefaults, defineConfig } from 'vitest/config';

// End to end, in Node: `wrangler dev` (offline) and `wrangler deploy --dry-run`
// as child processes, driven by the real openai SDK and the AI SDK; and the
// `toolshim` command (worker/node/), run as a child process too.
export default defineConfig({
  test: {
    name: 'worker e2e',
    include: ['worker/e2e/**/*.test.ts', 'worker/node/**/*.test.ts'],
    // The real agent CLIs have a suite of their own (vitest.agents.config.ts).
    exclude: [...configDefaults.exclude, 'worker/e2e/agents/**'],
    // wrangler dev needs ~5 s to start on these machines; bundling takes a few more.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    fileParallelism: false,
  },
});
