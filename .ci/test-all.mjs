// Runs every suite in .ci/suites.mjs, then prints one line per suite and the
// total, ending with the plain line `N passed, N failed` (CI reads it).
// Usage: npm test            (all suites)
//        npm test -- node    (only suites whose name contains "node")
//        TOOLSHIM_SKIP_BROWSER=1 npm test   (without Chromium: the browser suites are skipped and counted as skipped)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { suites } from './suites.mjs';

const filter = process.argv[2];
const chosen = filter ? suites.filter((s) => s.name.includes(filter)) : suites;
mkdirSync('.cache/reports', { recursive: true });

function counts(suite) {
  if (!existsSync(suite.report)) return undefined;
  const report = JSON.parse(readFileSync(suite.report, 'utf8'));
  if (suite.format === 'vitest') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  const s = report.stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
}

const skipBrowser = process.env.TOOLSHIM_SKIP_BROWSER === '1';
const rows = [];
for (const suite of chosen) {
  if (skipBrowser && suite.browser) {
    console.log(`\n=== ${suite.name}: skipped (TOOLSHIM_SKIP_BROWSER=1)`);
    rows.push({ name: suite.name, seconds: 0, passed: 0, failed: 0, skipped: 1, note: 'TOOLSHIM_SKIP_BROWSER=1' });
    continue;
  }
  if (suite.report) rmSync(suite.report, { force: true });
  console.log(`\n=== ${suite.name}: ${suite.command.join(' ')}`);
  const [bin, ...args] = suite.command;
  const started = Date.now();
  const result = spawnSync(bin, args, { stdio: 'inherit', env: { ...process.env, ...suite.env }, shell: false });
  const seconds = Math.round((Date.now() - started) / 1000);
  // A check without a test report (lint, typecheck) counts as one test: it passed or it failed.
  const c = suite.format === 'check' ? { passed: result.status === 0 ? 1 : 0, failed: 0, skipped: 0 } : counts(suite);
  if (c === undefined) {
    // No report means the runner itself failed: count the whole suite as one failure.
    rows.push({
      name: suite.name,
      seconds,
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `runner exited ${result.status} without a report${result.error ? ` (${result.error.message})` : ''}`,
    });
  } else {
    const failed = c.failed + (result.status !== 0 && c.failed === 0 ? 1 : 0);
    rows.push({
      name: suite.name,
      seconds,
      ...c,
      failed,
      note: result.status !== 0 && c.failed === 0 ? `runner exited ${result.status}` : '',
    });
  }
}

const total = rows.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('\nSuite results:');
for (const r of rows)
  console.log(
    `  ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped, ${r.seconds} s${r.note ? ` (${r.note})` : ''}`,
  );
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
