/// <reference types="node" />
/**
 * Writes the entry module the Deno and edge runners execute: it loads every
 * portable test file through the vitest shim, runs them, and hands the
 * vitest-style report to `deliver` (Deno prints it, EdgeVM returns it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Runtime } from './skips.ts';
import { portableTestFiles, root } from './test-files.ts';

export const workDir = join(root, '.cache/runtimes');
const here = join(root, 'src/test/runtimes');

export function writeEntry(runtime: Runtime, deliver: string): string {
  mkdirSync(workDir, { recursive: true });
  const files = portableTestFiles();
  const lines = [
    `import { runAll, runFile } from ${JSON.stringify(join(here, 'vitest-shim.ts'))};`,
    `import { describeSkips, skipReasonFor } from ${JSON.stringify(join(here, 'skips.ts'))};`,
    'export async function runTests() {',
    `  console.log(describeSkips(${JSON.stringify(runtime)}));`,
    ...files.map(
      (file) => `  await runFile(${JSON.stringify(file)}, () => import(${JSON.stringify(join(root, file))}));`,
    ),
    `  return runAll({ skipReason: (name, file) => skipReasonFor(${JSON.stringify(runtime)}, name, file) });`,
    '}',
    deliver,
  ];
  const path = join(workDir, `entry-${runtime}.ts`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Prints a one-line summary like vitest's, and writes the report where .ci/test-all.mjs reads it. */
export function writeReport(
  reportPath: string,
  report: { numPassedTests: number; numFailedTests: number; numPendingTests: number },
): void {
  mkdirSync(join(reportPath, '..'), { recursive: true });
  writeFileSync(reportPath, JSON.stringify(report, null, 2));
  console.log(
    `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
  );
}
