import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../src/test/runtimes/chromium.ts';
import { e2ePorts } from './ports.ts';

// The demo as it ships: `vite build`, then `vite preview`, in Debian's Chromium
// (Playwright cannot download its own browser on these machines). The Worker
// spec also starts `wrangler dev` offline (npm run dev:worker). Both listen on
// free ports picked here, so the suite runs beside `npm run demo` (5173, 8787)
// or another checkout's tests.
const root = fileURLToPath(new URL('..', import.meta.url));
const hasWorker = existsSync(`${root}worker/cloudflare/wrangler.jsonc`);
const { preview, worker } = e2ePorts();
const page = `http://127.0.0.1:${preview}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${root}test-results/e2e`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two shared cores: one browser at a time keeps the paced streams honest.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `${root}.cache/reports/e2e.json` }]],
  use: {
    baseURL: `${page}/`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    // Shared with the Vitest browser suite: CHROMIUM_PATH, else Debian's, installed with apt when root.
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: [
    {
      command: `npm run --silent build:demo && vite preview --config demo/vite.config.ts --port ${preview} --strictPort`,
      cwd: root,
      url: `${page}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    ...(hasWorker
      ? [
          {
            // The Worker allows no browser origins by default; let the preview page in.
            command: `npm run --silent dev:worker -- --port ${worker} --var ALLOWED_ORIGINS:${page}`,
            cwd: root,
            url: `http://127.0.0.1:${worker}/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
          },
        ]
      : []),
  ],
});
