/// <reference types="node" />
/**
 * Runs the portable test files in Deno (the `deno` npm package), through the
 * vitest shim, with no permissions except `--allow-sys=hostname`, which ai@7
 * needs at import time (a transitive dependency reads the host name), and env
 * access to FORCE_TTY and NODE_ENV, which vitest's `expect` (tinyrainbow) reads,
 * and to the SDK clients' own prefixes, which they read when they are made and
 * which Deno refuses rather than reporting unset: ANTHROPIC_* (`@anthropic-ai/sdk`:
 * ANTHROPIC_CUSTOM_HEADERS, ANTHROPIC_LOG, …), OPENAI_* (`@ai-sdk/openai`:
 * OPENAI_BASE_URL), GOOGLE_* and GEMINI_* (`@google/genai`:
 * GOOGLE_SDK_NODE_LOGGING, GEMINI_API_KEY), and WS_NO_* for the `ws` package
 * its Node build imports. toolshim itself gets no env access here: readEnv
 * must cope with that.
 * Usage: node src/test/runtimes/run-deno.ts <report.json>
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workDir, writeEntry, writeReport } from './entry.ts';
import { root } from './test-files.ts';

const reportPath = process.argv[2] ?? join(root, '.cache/reports/deno.json');
const marker = '@@toolshim-report@@';
const entry = writeEntry('deno', `console.log(${JSON.stringify(marker)} + JSON.stringify(await runTests()));`);
const importMap = join(workDir, 'deno-import-map.json');
writeFileSync(
  importMap,
  JSON.stringify({ imports: { vitest: `file://${join(root, 'src/test/runtimes/vitest-shim.ts')}` } }),
);
const denoDir = join(root, '.cache/deno');
mkdirSync(denoDir, { recursive: true });

const deno = join(root, 'node_modules/.bin/deno');
const args = [
  'run',
  '--no-prompt',
  '--no-check',
  `--import-map=${importMap}`,
  '--allow-sys=hostname',
  '--allow-env=FORCE_TTY,NODE_ENV,ANTHROPIC_*,OPENAI_*,GOOGLE_*,GEMINI_*,WS_NO_BUFFER_UTIL,WS_NO_UTF_8_VALIDATE',
  entry,
];
console.log(`deno ${args.join(' ')}`);
const result = spawnSync(deno, args, {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  },
});
const lines = (result.stdout ?? '').split('\n');
for (const line of lines) if (!line.startsWith(marker)) console.log(line);
process.stderr.write(result.stderr ?? '');
const reportLine = lines.find((line) => line.startsWith(marker));
if (reportLine === undefined) {
  console.error(`Deno exited ${result.status} without a report${result.error ? `: ${result.error.message}` : ''}`);
  process.exit(1);
}
const report = JSON.parse(reportLine.slice(marker.length));
writeReport(reportPath, report);
process.exit(report.numFailedTests > 0 ? 1 : 0);
