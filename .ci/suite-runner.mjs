// Runs test suites with their output in log files, and prints only what a
// reader needs: one line per suite as it finishes, what failed (test names
// and the first lines of each error, read from the suite's JSON report, or
// the tail of its log), where the logs are, and the plain total line
// `N passed, N failed, N skipped` that CI reads. Used by .ci/test-all.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A file name for a suite's log: `node (vitest)` → `node.log`. */
export function logName(suite) {
  const slug = suite.name
    .replace(/\(.*\)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}.log`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The first `max` non-empty lines of an error message, indented. */
function excerpt(message, max = 4, indent = '      ') {
  const lines = String(message ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const shown = lines.slice(0, max).map((line) => `${indent}${line.slice(0, 200)}`);
  if (lines.length > max) shown.push(`${indent}… (${plural(lines.length - max, 'more line')} in the log)`);
  return shown;
}

function vitestResult(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push({ title: `${file.name} > ${test.fullName}`, message: test.failureMessages?.[0] });
    // A file that failed without a failing test (an import error, a failing hook) says so in `message`.
    if (file.status === 'failed' && failed.length === 0) failures.push({ title: file.name, message: file.message });
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    failures,
  };
}

function playwrightResult(report) {
  const failures = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error;
        failures.push({ title: [...path, spec.title].join(' > '), message: error?.message });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  // Errors outside any test: a web server that did not start, a config that did not load.
  for (const error of report.errors ?? []) failures.push({ title: 'outside the tests', message: error.message });
  const s = report.stats ?? {};
  return {
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
    skipped: s.skipped ?? 0,
    failures,
  };
}

function readReport(suite) {
  if (!suite.report || !existsSync(suite.report)) return undefined;
  const report = JSON.parse(readFileSync(suite.report, 'utf8'));
  return suite.format === 'vitest' ? vitestResult(report) : playwrightResult(report);
}

function tail(file, lines) {
  if (!existsSync(file)) return [];
  const all = readFileSync(file, 'utf8').trimEnd().split('\n');
  return all.slice(-lines).map((line) => `      ${line.slice(0, 200)}`);
}

/** Runs one suite with stdout and stderr going to `log`; resolves with the exit status. */
function runLogged(suite, log) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    out.write(`$ ${suite.command.join(' ')}\n\n`);
    const [bin, ...args] = suite.command;
    const child = spawn(bin, args, {
      env: { ...process.env, ...suite.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => {
      out.end(`\n${error.message}\n`, () => resolve({ status: null, error }));
    });
    child.on('close', (status) => out.end(() => resolve({ status })));
  });
}

/**
 * Runs `suites` one after another. Options: `logDir` (one log per suite),
 * `skipBrowser` (count browser suites as skipped), `write` (where the summary
 * goes). Resolves with the totals.
 */
export async function runSuites(suites, { logDir, skipBrowser = false, write = (text) => process.stdout.write(text) }) {
  mkdirSync(logDir, { recursive: true });
  const width = Math.max(...suites.map((s) => s.name.length)) + 2;
  write(`Running ${plural(suites.length, 'suite')}; each one's full output is in ${logDir}/<suite>.log\n\n`);
  const rows = [];
  for (const suite of suites) {
    const log = join(logDir, logName(suite));
    write(`  ${suite.name.padEnd(width, ' ')}`);
    if (skipBrowser && suite.browser) {
      write('skipped (TOOLSHIM_SKIP_BROWSER=1)\n');
      rows.push({ suite, log: undefined, passed: 0, failed: 0, skipped: 1, failures: [] });
      continue;
    }
    if (suite.report) rmSync(suite.report, { force: true });
    const started = Date.now();
    const { status, error } = await runLogged(suite, log);
    const seconds = Math.round((Date.now() - started) / 1000);
    // A check without a test report (lint, typecheck) counts as one test: it passed or it failed.
    const counted =
      suite.format === 'check'
        ? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0, failures: [] }
        : readReport(suite);
    let row;
    if (counted === undefined) {
      // No report means the runner itself failed: count the whole suite as one failure.
      row = {
        passed: 0,
        failed: 1,
        skipped: 0,
        failures: [],
        note: `exited ${status} without a report${error ? ` (${error.message})` : ''}`,
      };
    } else {
      const exitOnly = status !== 0 && counted.failed === 0;
      row = { ...counted, failed: counted.failed + (exitOnly ? 1 : 0), note: exitOnly ? `exited ${status}` : '' };
    }
    rows.push({ suite, log, ...row });
    const counts =
      suite.format === 'check'
        ? row.failed === 0
          ? 'ok'
          : 'FAILED'
        : `${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped`;
    write(`${counts}, ${seconds} s${row.note ? ` (${row.note})` : ''}\n`);
  }

  const failing = rows.filter((r) => r.failed > 0);
  if (failing.length > 0) {
    write('\nWhat failed:\n');
    for (const r of failing) {
      write(`  ${r.suite.name} (full output: ${r.log})\n`);
      const shown = r.failures.slice(0, 10);
      for (const failure of shown) write([`    × ${failure.title}`, ...excerpt(failure.message), ''].join('\n'));
      if (r.failures.length > shown.length) write(`    … and ${r.failures.length - shown.length} more in the log\n`);
      // No test names to show (a lint or type error, a runner that crashed): the end of its log.
      if (shown.length === 0) write(`${tail(r.log, 15).join('\n')}\n`);
    }
  }
  const total = rows.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  write(`\nLogs: ${logDir}/ (skipped tests and their reasons are listed in each suite's log)\n`);
  write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  return total;
}
