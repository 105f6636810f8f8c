import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './src/test/runtimes/chromium.ts';
import { describeSkips, testNamePatternFor } from './src/test/runtimes/skips.ts';
import { portableTestFiles } from './src/test/runtimes/test-files.ts';

console.log(describeSkips('chromium'));

// Chromium: the portable test files run in a real headless Chromium page
// (Vitest browser mode, Playwright provider, Debian's chromium).
const testFiles = portableTestFiles();

export default defineConfig({
  // Scan every test file for dependencies before the run: a dependency found
  // mid-run makes Vite reload the page and fail the files loaded so far.
  optimizeDeps: { entries: testFiles },
  test: {
    name: 'chromium',
    include: testFiles,
    // Failure screenshots and other artifacts go to the git-ignored cache, not .vitest/.
    attachmentsDir: '.cache/vitest-attachments',
    testNamePattern: testNamePatternFor('chromium'),
    // One page for all files instead of an iframe per file: much faster on 2 cores.
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: chromiumLaunchOptions() }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
