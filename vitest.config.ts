import { defineConfig } from 'vitest/config';

// Node project. Other runtimes (workerd, Chromium, Deno, edge) reuse the same
// test files through their own configs; see README "Tests".
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    name: 'node',
  },
});
