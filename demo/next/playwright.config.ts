import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../src/test/runtimes/chromium.ts';

// The Next.js app as it ships: tests/server.ts type-checks it, runs `next build` and
// `next start` on a free port; the specs drive the page in Debian's Chromium.
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.spec.ts',
  globalSetup: './tests/server.ts',
  outputDir: `${root}test-results/next`,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Two shared cores: one browser at a time keeps the timing of the big-argument test honest.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `${root}.cache/reports/next.json` }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
