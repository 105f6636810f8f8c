/// <reference types="node" />
/**
 * `npm test`'s output (.ci/suite-runner.mjs): each suite's own output goes to
 * a log file; the terminal gets one line per suite, what failed (test names
 * and error excerpts from the JSON reports, or a log's tail), where the logs
 * are, and the total line CI reads. Driven here with small fake suites: noisy
 * ones that pass, a vitest-style and a Playwright-style report with failures,
 * a failing check, a skipped browser suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolshim-runner-'));
const node = (script: string) => [process.execPath, '-e', script];
const noise = (label: string, lines: number) => `for (let i = 0; i < ${lines}; i++) console.log('${label} ' + i);`;
// The fake suites set process.exitCode instead of calling process.exit(): Node 24 drops stdout still
// queued for a pipe when process.exit() runs (seen here under load: 188 of 300 lines reached the log).
const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 0,
  testResults: [
    {
      name: 'src/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'group works', status: 'passed', failureMessages: [] },
        {
          fullName: 'group breaks',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3:4\n'.repeat(3)],
        },
      ],
    },
  ],
};
const playwrightReport = {
  suites: [],
  errors: [
    { message: 'Error: http://127.0.0.1:8787/health is already used, make sure that nothing is running on the port' },
  ],
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
};
const suites = [
  { name: 'noisy check', command: node(noise('lint noise', 500)), report: '', format: 'check' },
  {
    name: 'fake vitest (node)',
    command: node(
      `${noise('vitest noise', 300)} require('fs').writeFileSync(${JSON.stringify(join(dir, 'v.json'))}, ${JSON.stringify(JSON.stringify(vitestReport))}); process.exitCode = 1;`,
    ),
    report: join(dir, 'v.json'),
    format: 'vitest',
  },
  {
    name: 'broken check',
    command: node(`${noise('tsc noise', 40)} console.error('src/x.ts(1,1): the real error'); process.exitCode = 2;`),
    report: '',
    format: 'check',
  },
  {
    name: 'fake e2e (playwright)',
    command: node(
      `require('fs').writeFileSync(${JSON.stringify(join(dir, 'p.json'))}, ${JSON.stringify(JSON.stringify(playwrightReport))}); process.exitCode = 1;`,
    ),
    report: join(dir, 'p.json'),
    format: 'playwright',
  },
  { name: 'browser suite', command: node('process.exitCode = 3'), report: '', format: 'check', browser: true },
];

const logDir = join(dir, 'logs');
const runner = pathToFileURL(join(root, '.ci/suite-runner.mjs')).href;
const run = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const { runSuites } = await import(${JSON.stringify(runner)});
     await runSuites(${JSON.stringify(suites)}, { logDir: ${JSON.stringify(logDir)}, skipBrowser: true });`,
  ],
  { encoding: 'utf8' },
);
const lines = run.stdout.trimEnd().split('\n');

it('prints a short summary, none of the suites own output', () => {
  expect(run.stderr).toBe('');
  expect(run.stdout).not.toMatch(/lint noise|vitest noise/);
  // 840 lines of suite output; the summary is one line per suite plus the failures.
  expect(lines.length).toBeLessThan(40);
  expect(run.stdout).toMatch(/^ {2}noisy check {2,}ok, \d+ s$/m);
  expect(run.stdout).toMatch(/^ {2}fake vitest \(node\) +3 passed, 1 failed, 2 skipped, \d+ s$/m);
  expect(run.stdout).toMatch(/^ {2}browser suite +skipped \(TOOLSHIM_SKIP_BROWSER=1\)$/m);
});

it('names each failure with the first lines of its error, and the log to read', () => {
  expect(run.stdout).toContain('× src/a.test.ts > group breaks\n      AssertionError: expected 1 to be 2');
  expect(run.stdout).toContain('more lines in the log');
  expect(run.stdout).toContain(`broken check (full output: ${join(logDir, 'broken-check.log')})`);
  // A failing check has no test names: the end of its log is shown.
  expect(run.stdout).toContain('src/x.ts(1,1): the real error');
  // An error outside the tests (here: a port in use) is shown at once.
  expect(run.stdout).toContain('× outside the tests\n      Error: http://127.0.0.1:8787/health is already used');
});

it('keeps every suite output in its log file', () => {
  const log = join(logDir, 'noisy-check.log');
  expect(existsSync(log)).toBe(true);
  expect(readFileSync(log, 'utf8')).toContain('lint noise 499');
  expect(readFileSync(join(logDir, 'fake-vitest.log'), 'utf8')).toContain('vitest noise 299');
});

it('ends with the total line CI reads', () => {
  // 1 (noisy check) + 3; 1 + 1 (broken check) + 1 (e2e exited 1 with no failing test); 2 + 1 (browser suite).
  expect(lines.at(-1)).toBe('4 passed, 3 failed, 3 skipped');
});
