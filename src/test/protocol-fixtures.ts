/**
 * The fixture matrix every text format runs through: each fixture is fed
 * whole, one character at a time and at seeded random split points through
 * wrapLanguageModel, and generate must equal stream.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { chunkings, generateContent, normalizeIds, streamParts, summarize, summarizeContent } from './harness.ts';

// Plain objects (the shape functionTool() builds), so this module needs nothing
// from the harness at load time: the ai@6 suite swaps the harness module in.
export const weatherTool: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'get_weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
    required: ['city'],
  },
};
export const searchTool: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'search',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  },
};
export const fixtureTools = [weatherTool, searchTool];

export interface FormatFixture {
  name: string;
  text: string;
  calls: Array<{ toolName: string; input: unknown }>;
  /** The text outside calls (compared with whitespace runs collapsed). */
  prose: string;
  /** Error codes reported, in order (default: none). */
  errors?: string[];
}

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
            calls: streamed.calls.map(({ toolName, input }) => ({ toolName, input })),
          });
          expect(generated.finishReason.unified).toBe(fixture.calls.length > 0 ? 'tool-calls' : 'stop');
        });
      });
    }
  });
}
