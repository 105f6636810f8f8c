/**
 * The fixture matrix every text format runs through: each fixture is fed
 * whole, one character at a time and at seeded random split points through
 * wrapLanguageModel, and generate must equal stream.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { type FormatFixture, fixtureTools } from './fixtures/tools.ts';
import { chunkings, generateContent, normalizeIds, streamParts, summarize, summarizeContent } from './harness.ts';

export { type FormatFixture, fixtureTools } from './fixtures/tools.ts';

/** Runs every fixture through `protocol` in all chunkings; generate must equal stream. */
export function runFormatFixtures(
  label: string,
  protocol: ToolCallProtocol,
  fixtures: FormatFixture[],
  tools: LanguageModelV4FunctionTool[] = fixtureTools,
): void {
  describe(`${label} fixtures`, () => {
    for (const fixture of fixtures) {
      describe(fixture.name, () => {
        const results = chunkings(fixture.text).map(({ name, chunks }) => {
          const errors: string[] = [];
          const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
          return { name, errors, parts: streamParts({ middleware, tools }, chunks) };
        });

        for (const { name, parts, errors } of results) {
          it(`streams the right calls, text and errors (${name})`, async () => {
            const summary = summarize(await parts);
            expect(summary.calls.map(({ toolName, input }) => ({ toolName, input }))).toEqual(fixture.calls);
            for (const call of summary.calls) expect(JSON.parse(call.deltas)).toEqual(call.input);
            expect(summary.text.replace(/\s+/g, ' ').trim()).toBe(fixture.prose.replace(/\s+/g, ' ').trim());
            expect(summary.reasoning.replace(/\s+/g, ' ').trim()).toBe(
              (fixture.reasoning ?? '').replace(/\s+/g, ' ').trim(),
            );
            expect(errors).toEqual(fixture.errors ?? []);
          });
        }

        it('gives identical parts for every chunking', async () => {
          const [whole, ...others] = await Promise.all(results.map(async (r) => normalizeIds(await r.parts)));
          for (const other of others) expect(summarize(other)).toEqual(summarize(whole ?? []));
        });

        it('generate matches stream', async () => {
          const middleware = createToolMiddleware({ protocol });
          const generated = await generateContent({ middleware, tools }, fixture.text);
          const streamed = summarize((await results[0]?.parts) ?? []);
          expect(summarizeContent(generated.content)).toEqual({
            text: streamed.text,
            reasoning: streamed.reasoning,
            calls: streamed.calls.map(({ toolName, input }) => ({ toolName, input })),
          });
          expect(generated.finishReason.unified).toBe(fixture.calls.length > 0 ? 'tool-calls' : 'stop');
        });
      });
    }
  });
}
