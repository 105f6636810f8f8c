/// <reference types="node" />
/**
 * `npm run bench:broken-list`: the cost of skipping one broken element of a
 * JSON call list (src/parse/sections/json-calls-list.ts). A Nemotron list
 * holds a call, a broken element whose string runs 100 KB or 1 MB, and a
 * second call, streamed in 4-character chunks through wrapLanguageModel's
 * path (the test harness). The skipper looks at each character once, so the
 * time per MB must not grow with the element: target, 1 MB per MB at most
 * 1.2x the 100 KB figure. Both calls must still run.
 */
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { findFormat } from '../../protocols/registry.ts';
import { functionTool, streamParts, summarize } from '../harness.ts';

const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];

async function msPerMB(size: number): Promise<number> {
  const broken = `{"name": 5, "arguments": {"blob": "${'x'.repeat(size)}"}}`;
  const text = `<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Oslo"}}, ${broken}, {"name": "get_weather", "arguments": {"city": "Rome"}}]</TOOLCALL>`;
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 4) chunks.push(text.slice(i, i + 4));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const middleware = createToolMiddleware({ protocol: findFormat('nemotron')!.create(), onError: () => {} });
    const started = performance.now();
    const summary = summarize(await streamParts({ middleware, tools }, chunks));
    best = Math.min(best, performance.now() - started);
    if (summary.calls.length !== 2) throw new Error(`expected both calls, got ${summary.calls.length}`);
  }
  return best / (text.length / 2 ** 20);
}

const small = await msPerMB(100 * 1024);
const large = await msPerMB(1024 * 1024);
console.log(
  `broken element 100 KB: ${small.toFixed(0)} ms/MB; 1 MB: ${large.toFixed(0)} ms/MB; ratio ${(large / small).toFixed(2)}`,
);
console.log(`Target: linear (1 MB per MB <= 1.2x 100 KB): ${large / small <= 1.2 ? 'met' : 'NOT met'}.`);
