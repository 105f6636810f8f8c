/**
 * A small vitest-compatible runner for runtimes where the vitest command
 * cannot run (Deno with minimal permissions, Vercel's EdgeVM). Test files are
 * the same files vitest runs: their `import … from 'vitest'` is mapped here
 * (Deno import map, esbuild alias). `expect` and `vi` are vitest's own; this
 * module supplies describe/it/hooks and a runner that reports in the shape of
 * vitest's JSON reporter, so .ci/test-all.mjs counts it like any other suite.
 */

// The real vitest, by path: the bare name `vitest` is mapped to this file.
import { createExpect, vi as realVi } from '../../../node_modules/vitest/dist/index.js';
import { workerStateInstalled } from './vitest-worker-state.ts';

type Fn = () => unknown;
type HookKind = 'beforeAll' | 'afterAll' | 'beforeEach' | 'afterEach';

interface Suite {
  name: string;
  parent: Suite | undefined;
  file: string;
  mode: 'run' | 'skip' | 'only' | 'todo';
  hooks: Record<HookKind, Fn[]>;
  /** Tests and nested suites (entries with `nested`), in declaration order. */
  tests: TestCase[];
}

interface TestCase {
  /** Set when this entry is a nested describe block rather than a test. */
  nested?: Suite;
  suite: Suite;
  name: string;
  fn: Fn | undefined;
  mode: 'run' | 'skip' | 'only' | 'todo';
  fails: boolean;
  timeout: number;
}

export interface AssertionResult {
  ancestorTitles: string[];
  title: string;
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';
  duration: number;
  failureMessages: string[];
}

export interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: Array<{
    name: string;
    status: 'passed' | 'failed';
    message: string;
    assertionResults: AssertionResult[];
  }>;
}

const newSuite = (name: string, parent: Suite | undefined, file: string, mode: Suite['mode']): Suite => ({
  name,
  parent,
  file,
  mode,
  hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] },
  tests: [],
});

const roots: Suite[] = [];
let current: Suite | undefined;
let fileErrors: Array<{ file: string; message: string }> = [];

function currentSuite(): Suite {
  if (current === undefined) throw new Error('describe/it called outside a test file loaded by runFile()');
  return current;
}

function ancestors(suite: Suite): Suite[] {
  const chain: Suite[] = [];
  for (let s: Suite | undefined = suite; s !== undefined; s = s.parent) chain.unshift(s);
  return chain;
}

/** printf-style names of `.each`: %s %d %i %f %j %o %%, and $key for object rows. */
function formatName(name: string, args: unknown[], index: number): string {
  let i = 0;
  let out = name.replace(/%[sdifjo#%]/g, (token) => {
    if (token === '%%') return '%';
    if (token === '%#') return String(index);
    const value = args[i++];
    if (token === '%d' || token === '%i') return String(Math.trunc(Number(value)));
    if (token === '%f') return String(Number(value));
    if (token === '%j' || token === '%o') return JSON.stringify(value);
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  });
  const row = args[0];
  if (args.length === 1 && row !== null && typeof row === 'object') {
    out = out.replace(/\$([\w.]+)/g, (_, key: string) => {
      const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row);
      return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    });
  }
  return out;
}

type TestArgs = [name: string, fnOrOptions?: unknown, fnOrTimeout?: unknown];

function splitArgs([name, a, b]: TestArgs): { name: string; fn: Fn | undefined; timeout: number } {
  const fn = (typeof a === 'function' ? a : typeof b === 'function' ? b : undefined) as Fn | undefined;
  const timeout =
    typeof b === 'number'
      ? b
      : typeof a === 'object' && a !== null
        ? ((a as { timeout?: number }).timeout ?? 30_000)
        : 30_000;
  return { name, fn, timeout };
}

function addTest(mode: TestCase['mode'], args: TestArgs, fails = false): void {
  const { name, fn, timeout } = splitArgs(args);
  const suite = currentSuite();
  suite.tests.push({ suite, name, fn, mode: fn === undefined ? 'todo' : mode, fails, timeout });
}

function addSuite(mode: Suite['mode'], args: TestArgs): void {
  const { name, fn } = splitArgs(args);
  const parent = currentSuite();
  const suite = newSuite(name, parent, parent.file, parent.mode === 'skip' ? 'skip' : mode);
  parent.tests.push({
    suite,
    name: '',
    fn: undefined,
    mode: 'run',
    fails: false,
    timeout: 0,
    nested: suite,
  } as TestCase);
  current = suite;
  try {
    const result = fn?.();
    if (result instanceof Promise) throw new Error(`describe("${name}") must not be async in this runner`);
  } finally {
    current = parent;
  }
}

function eachOf(register: (args: TestArgs) => void) {
  return (table: readonly unknown[]) => (name: string, fn: (...args: unknown[]) => unknown, timeout?: number) => {
    table.forEach((row, index) => {
      const args = Array.isArray(row) ? row : [row];
      register([formatName(name, args, index), () => fn(...args), timeout]);
    });
  };
}

function withModifiers(register: (mode: TestCase['mode'], args: TestArgs, fails?: boolean) => void) {
  const base = (...args: TestArgs) => register('run', args);
  return Object.assign(base, {
    skip: (...args: TestArgs) => register('skip', args),
    only: (...args: TestArgs) => register('only', args),
    todo: (...args: TestArgs) => register('todo', [args[0]]),
    fails: (...args: TestArgs) => register('run', args, true),
    concurrent: base,
    sequential: base,
    skipIf:
      (condition: unknown) =>
      (...args: TestArgs) =>
        register(condition ? 'skip' : 'run', args),
    runIf:
      (condition: unknown) =>
      (...args: TestArgs) =>
        register(condition ? 'run' : 'skip', args),
    each: eachOf((args) => register('run', args)),
    for: (table: readonly unknown[]) => (name: string, fn: (row: unknown) => unknown) =>
      table.forEach((row, index) => {
        register('run', [formatName(name, Array.isArray(row) ? row : [row], index), () => fn(row)]);
      }),
  });
}

export const it = withModifiers(addTest);
export const test = it;
export const describe = withModifiers((mode, args) => addSuite(mode, args));
export const suite = describe;

const hook = (kind: HookKind) => (fn: Fn) => {
  currentSuite().hooks[kind].push(fn);
};
export const beforeAll = hook('beforeAll');
export const afterAll = hook('afterAll');
export const beforeEach = hook('beforeEach');
export const afterEach = hook('afterEach');

/** Vitest's own expect; `workerStateInstalled` is read so the state module stays first in bundles. */
export const expect = (workerStateInstalled || true) && createExpect();
export const vi = realVi;
export const vitest = realVi;

export function onTestFinished(): never {
  throw new Error('onTestFinished is not supported by the Deno/edge runner; use afterEach');
}

/** Loads one test file, collecting its tests under a root suite named by the file. */
export async function runFile(file: string, load: () => Promise<unknown>): Promise<void> {
  const root = newSuite('', undefined, file, 'run');
  roots.push(root);
  current = root;
  try {
    await load();
  } catch (error) {
    fileErrors.push({ file, message: errorText(error) });
  } finally {
    current = undefined;
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  return String(error);
}

async function withTimeout(fn: Fn, ms: number, label: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface RunOptions {
  /** Returns why a test must be skipped in this runtime, or undefined to run it. */
  skipReason?: (fullName: string, file: string) => string | undefined;
  log?: (line: string) => void;
}

/** Runs every collected test, in order, and returns a vitest-style JSON report. */
export async function runAll(options: RunOptions = {}): Promise<JsonReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const hasOnly = roots.some(containsOnly);
  const testResults: JsonReport['testResults'] = [];

  for (const root of roots) {
    const results: AssertionResult[] = [];
    const fileError = fileErrors.find((e) => e.file === root.file);
    if (fileError) log(`× ${root.file} failed to load: ${fileError.message.split('\n')[0]}`);
    await runSuite(root, false, results, options, log, hasOnly);
    const failed = fileError !== undefined || results.some((r) => r.status === 'failed');
    testResults.push({
      name: root.file,
      status: failed ? 'failed' : 'passed',
      message: fileError?.message ?? '',
      assertionResults: results,
    });
  }

  const all = testResults.flatMap((f) => f.assertionResults);
  const count = (status: AssertionResult['status']) => all.filter((r) => r.status === status).length;
  const loadFailures = fileErrors.length;
  const report: JsonReport = {
    numTotalTests: all.length,
    numPassedTests: count('passed'),
    numFailedTests: count('failed') + loadFailures,
    numPendingTests: count('skipped') + count('pending'),
    numTodoTests: count('todo'),
    success: count('failed') + loadFailures === 0,
    testResults,
  };
  roots.length = 0;
  fileErrors = [];
  return report;
}

function isNested(test: TestCase): test is TestCase & { nested: Suite } {
  return test.nested !== undefined;
}

function containsOnly(suite: Suite): boolean {
  return suite.mode === 'only' || suite.tests.some((t) => t.mode === 'only' || (isNested(t) && containsOnly(t.nested)));
}

async function runSuite(
  suite: Suite,
  inOnly: boolean,
  results: AssertionResult[],
  options: RunOptions,
  log: (line: string) => void,
  hasOnly: boolean,
): Promise<void> {
  const suiteOnly = inOnly || suite.mode === 'only';
  let beforeAllError: unknown;
  let ranBeforeAll = false;
  for (const test of suite.tests) {
    if (isNested(test)) {
      if (hasOnly && !suiteOnly && !containsOnly(test.nested)) {
        await runSuite({ ...test.nested, mode: 'skip' }, false, results, options, log, hasOnly);
      } else {
        await runSuite(test.nested, suiteOnly, results, options, log, hasOnly);
      }
      continue;
    }
    const chain = ancestors(suite).filter((s) => s.name !== '');
    const titles = chain.map((s) => s.name);
    const fullName = [...titles, test.name].join(' ');
    const skippedByOnly = hasOnly && !suiteOnly && test.mode !== 'only';
    const skipReason = options.skipReason?.(fullName, suite.file);
    const base = { ancestorTitles: titles, title: test.name, fullName, duration: 0, failureMessages: [] as string[] };
    if (test.mode === 'todo') {
      results.push({ ...base, status: 'todo' });
      continue;
    }
    if (suite.mode === 'skip' || test.mode === 'skip' || skippedByOnly || skipReason !== undefined) {
      if (skipReason !== undefined) log(`↓ ${suite.file} > ${fullName} (skipped here: ${skipReason})`);
      results.push({ ...base, status: 'skipped' });
      continue;
    }
    if (!ranBeforeAll) {
      ranBeforeAll = true;
      try {
        for (const fn of suite.hooks.beforeAll) await fn();
      } catch (error) {
        beforeAllError = error;
      }
    }
    const started = performance.now();
    try {
      if (beforeAllError !== undefined) throw beforeAllError;
      for (const s of chain) for (const fn of s.hooks.beforeEach) await fn();
      try {
        await withTimeout(test.fn as Fn, test.timeout, fullName);
      } finally {
        for (const s of [...chain].reverse()) for (const fn of s.hooks.afterEach) await fn();
      }
      if (test.fails) throw new Error('test was expected to fail (it.fails) but passed');
      results.push({ ...base, status: 'passed', duration: performance.now() - started });
    } catch (error) {
      if (test.fails) {
        results.push({ ...base, status: 'passed', duration: performance.now() - started });
        continue;
      }
      log(`× ${suite.file} > ${fullName}\n    ${errorText(error).split('\n').slice(0, 6).join('\n    ')}`);
      results.push({
        ...base,
        status: 'failed',
        duration: performance.now() - started,
        failureMessages: [errorText(error)],
      });
    }
  }
  if (ranBeforeAll) for (const fn of suite.hooks.afterAll) await fn();
}
