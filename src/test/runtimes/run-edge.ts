/// <reference types="node" />
/**
 * Runs the portable test files in Vercel's edge runtime (@edge-runtime/vm, the
 * EdgeVM that `next dev` uses for `runtime = 'edge'` routes). EdgeVM evaluates
 * scripts, not modules, so the test files, the vitest shim and their
 * dependencies are bundled first with esbuild for the `edge-light` condition.
 * Inside the VM there is no `process`, `require` or `Buffer`.
 * Usage: node src/test/runtimes/run-edge.ts <report.json>
 */
import { join } from 'node:path';
import { EdgeVM } from '@edge-runtime/vm';
import { build } from 'esbuild';
import { workDir, writeEntry, writeReport } from './entry.ts';
import { root } from './test-files.ts';
import type { JsonReport } from './vitest-shim.ts';

const reportPath = process.argv[2] ?? join(root, '.cache/reports/edge.json');
const entry = writeEntry('edge-runtime', 'globalThis.__toolshimRunTests = runTests;');
const outfile = join(workDir, 'edge-bundle.js');
const shim = join(root, 'src/test/runtimes/vitest-shim.ts');

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  conditions: ['edge-light', 'worker', 'browser'],
  logLevel: 'warning',
  plugins: [
    {
      name: 'vitest-to-shim',
      setup(b) {
        b.onResolve({ filter: /^vitest$/ }, () => ({ path: shim }));
      },
    },
  ],
});

const vm = new EdgeVM();
const globals = vm.evaluate('[typeof process, typeof require, typeof Buffer].join(",")');
console.log(`EdgeVM globals: process, require, Buffer are ${globals}`);
const { readFileSync } = await import('node:fs');
vm.evaluate(readFileSync(outfile, 'utf8'));
const report = (await vm.evaluate('globalThis.__toolshimRunTests()')) as JsonReport;
// The report crosses the VM boundary; a JSON round trip makes it a plain object of this realm.
const plain = JSON.parse(JSON.stringify(report)) as JsonReport;
writeReport(reportPath, plain);
process.exit(plain.numFailedTests > 0 ? 1 : 0);
