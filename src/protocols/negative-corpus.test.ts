/**
 * The negative corpus (src/test/corpus/negative.ts, 104 scripted answers that
 * talk about tool calls, quote format markers, or show JSON, XML and code)
 * gives zero calls in every preset and in auto, and every character of it
 * comes back as text, in every chunking.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { negativeCorpus } from '../test/corpus/negative.ts';
import { chunkings, functionTool, streamParts, summarize } from '../test/harness.ts';
import { FORMATS } from './registry.ts';

const middlewares = FORMATS.map((format) => ({
  name: format.name,
  middleware: createToolMiddleware({ protocol: format.create() }),
}));

describe(`negative corpus: ${negativeCorpus.length} answers, zero calls in ${FORMATS.length} formats`, () => {
  it('has at least 100 answers', () => {
    expect(negativeCorpus.length).toBeGreaterThanOrEqual(100);
  });

  for (const sample of negativeCorpus) {
    it(`${sample.kind}: ${sample.name}`, async () => {
      const tools = Object.entries(sample.tools).map(([name, schema]) => functionTool(name, schema));
      for (const { name, middleware } of middlewares) {
        for (const { name: chunking, chunks } of chunkings(sample.text)) {
          const summary = summarize(await streamParts({ middleware, tools }, chunks));
          expect(summary.calls, `${name}, ${chunking}`).toEqual([]);
          expect(summary.text, `${name}, ${chunking}`).toBe(sample.text);
        }
      }
    });
  }
});
