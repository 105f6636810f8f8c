import { defineConfig } from 'vitest/config';

// The real agent CLIs (Codex, Claude Code, Qwen Code, pi) against the proxy,
// under `wrangler dev` and `toolshim serve`, the upstream a scripted model.
// One file at a time: each starts its proxies once and runs every session
// through them, one after another (each client is a process of its own).
export default defineConfig({
  test: {
    name: 'agents',
    include: ['worker/e2e/agents/**/*.test.ts'],
    hookTimeout: 120_000,
    // A session is killed after 120 s (clients.ts); its assertions need a moment more.
    testTimeout: 150_000,
    fileParallelism: false,
  },
});
