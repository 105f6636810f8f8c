/// <reference types="node" />
/**
 * `npm run compare:browser-ai`: toolshim's fixtures (the first three of every
 * format) through `@browser-ai/web-llm`, `@browser-ai/core` and
 * `@browser-ai/transformers-js` alone (tools passed to them: their own
 * tool-call emulation), through each with toolshim on top, and
 * through toolshim on its own WebLLM adapter (fromChatEngine, the same
 * scripted engine), whole and streamed in 4-character chunks. Each run has a 1 s limit in a worker
 * thread; a run over it is counted as stalled. Offline: the provider's
 * WebLLM engine, Chrome's Prompt API session and the Transformers.js
 * generation worker are replaced by scripted ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMAT_FIXTURES } from '../format-fixtures.ts';
import { writeResults } from '../results-file.ts';
import { root } from '../runtimes/test-files.ts';
import { createWorkerRunner } from './run-in-worker.ts';

const PER_FORMAT = 3;
const LIMIT_MS = 1000;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const version = (name: string) =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const runner = createWorkerRunner();
const rows: Array<{ label: string; runs: number; calls: number; text: number; stalled: number }> = [];
const started = performance.now();
const LABELS = {
  provider: 'alone (its own emulation)',
  toolshim: '+ toolshim',
  adapter: 'toolshim on its own WebLLM adapter',
};
const compositions = [
  { provider: 'web-llm', mode: 'provider' },
  { provider: 'web-llm', mode: 'toolshim' },
  { provider: 'core', mode: 'provider' },
  { provider: 'core', mode: 'toolshim' },
  { provider: 'transformers-js', mode: 'provider' },
  { provider: 'transformers-js', mode: 'toolshim' },
  { provider: 'web-llm', mode: 'adapter' },
] as const;
for (const { provider, mode } of compositions) {
  for (const chunking of ['whole', '4-character chunks'] as const) {
    const name = mode === 'adapter' ? LABELS.adapter : `@browser-ai/${provider} ${LABELS[mode]}`;
    const row = { label: `${name}, ${chunking}`, runs: 0, calls: 0, text: 0, stalled: 0 };
    for (const set of FORMAT_FIXTURES) {
      for (const fixture of set.fixtures.slice(0, PER_FORMAT)) {
        const chunks = chunking === 'whole' ? [fixture.text] : (fixture.text.match(/[\s\S]{1,4}/g) ?? []);
        const outcome = await runner.run({ mode, provider, format: set.format, chunks, tools: set.tools }, LIMIT_MS);
        row.runs++;
        if (outcome.stalled) {
          row.stalled++;
          continue;
        }
        if ('error' in outcome) continue;
        const { calls, text } = outcome.result;
        if (JSON.stringify(calls) === JSON.stringify(fixture.calls)) row.calls++;
        if (squash(text) === squash(fixture.prose)) row.text++;
      }
    }
    rows.push(row);
    console.log(`  ${row.label}: done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}
await runner.close();

const table = [
  `@browser-ai/web-llm ${version('@browser-ai/web-llm')}, @browser-ai/core ${version('@browser-ai/core')}, @browser-ai/transformers-js ${version('@browser-ai/transformers-js')}, ai ${version('ai')}; ${rows[0]?.runs} fixtures (${PER_FORMAT} per format, ${FORMAT_FIXTURES.length} formats); a run over ${LIMIT_MS} ms counts as stalled.`,
  '',
  '| composition | calls exactly right | text kept | stalled |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.label} | ${r.calls} / ${r.runs} | ${r.text} / ${r.runs} | ${r.stalled} |`),
  '',
  `${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
].join('\n');
console.log(`\n${table}`);
const results = writeResults({
  file: join(root, 'src/test/browser-ai/RESULTS.md'),
  fileTitle: 'toolshim with the @browser-ai providers',
  id: 'compare',
  heading: 'Each composition on the same fixtures, whole and in 4-character chunks',
  command: 'npm run compare:browser-ai',
  body: table,
});
console.log(`Results: ${results}`);
