// `npm test`: runs every suite in .ci/suites.mjs with its output in a log
// file (.cache/logs/), printing one line per suite, what failed, and the
// total, ending with the plain line `N passed, N failed, N skipped` (CI reads it).
// Usage: npm test            (all suites)
//        npm test -- node    (only suites whose name contains "node")
//        TOOLSHIM_SKIP_BROWSER=1 npm test   (without Chromium: the browser suites are skipped and counted as skipped)
import { mkdirSync } from 'node:fs';
import { chromiumPath } from '../src/test/runtimes/chromium.ts';
import { runSuites } from './suite-runner.mjs';
import { suites } from './suites.mjs';

const filter = process.argv[2];
const chosen = filter ? suites.filter((s) => s.name.includes(filter)) : suites;
if (chosen.length === 0) {
  console.error(`No suite's name contains "${filter}". Suites: ${suites.map((s) => s.name).join('; ')}`);
  process.exit(1);
}
mkdirSync('.cache/reports', { recursive: true });

const skipBrowser = process.env.TOOLSHIM_SKIP_BROWSER === '1';
// Find (or install) Chromium once, up front, rather than inside the first tool that loads a browser config.
if (!skipBrowser && chosen.some((s) => s.browser)) {
  try {
    chromiumPath();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

const total = await runSuites(chosen, { logDir: '.cache/logs', skipBrowser });
// exitCode, not process.exit(): when stdout is a pipe (CI keeps the output), process.exit() can drop the
// summary still queued for it, the `N passed, N failed` line included.
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
