/**
 * A bare pythonic list after prose, or two lists joined by text (issue 37, item 5), through the pythonic
 * preset: whole, one character at a time and at random cuts. Still only for a declared tool followed by
 * `(`, so prose with brackets stays text. Auto reads a bare list only opening the answer
 * (pythonic.ts, pythonicPresetTriggers): these stay text there, and its negative corpus keeps its list
 * comprehensions and other families' `[THINK]`.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { chunkings, functionTool, streamParts, summarize } from '../../test/harness.ts';
import { findFormat } from '../registry.ts';

const tools = [
  functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } }),
  functionTool('search', { type: 'object', properties: { query: { type: 'string' } } }),
];

async function run(format: string, chunks: string[]) {
  const errors: string[] = [];
  const middleware = createToolMiddleware({
    protocol: findFormat(format)!.create(),
    onError: (_message, { code }) => errors.push(code ?? ''),
  });
  return { ...summarize(await streamParts({ middleware, tools }, chunks)), errors };
}

const CASES = [
  {
    name: 'a list after prose',
    text: 'Sure, let me check. [get_weather(city="Oslo")]',
    calls: [['get_weather', { city: 'Oslo' }]],
    prose: 'Sure, let me check. ',
  },
  {
    name: 'a two-call list on the line after prose',
    text: 'Let me look.\n[get_weather(city="Oslo"), search(query="rain")]',
    calls: [
      ['get_weather', { city: 'Oslo' }],
      ['search', { query: 'rain' }],
    ],
    prose: 'Let me look.\n',
  },
  {
    name: 'two lists joined by text',
    text: '[get_weather(city="Oslo")] and then [search(query="rain")]',
    calls: [
      ['get_weather', { city: 'Oslo' }],
      ['search', { query: 'rain' }],
    ],
    prose: 'and then ',
  },
];

const PROSE = [
  'See [get_weather] in the docs, or [1, 2] and [note(s)].',
  'Use [search for "rain"] then.',
  'The list [get_weather(c) for c in cities] builds it.',
];

describe('pythonic: a bare list after prose, or after another list', () => {
  for (const { name, text, calls, prose } of CASES) {
    it(`${name}: read by the preset`, async () => {
      for (const { name: cut, chunks } of chunkings(text)) {
        const out = await run('pythonic', chunks);
        expect(
          out.calls.map((c) => [c.toolName, c.input]),
          cut,
        ).toEqual(calls);
        expect(out.text, cut).toBe(prose);
        expect(out.errors, cut).toEqual([]);
      }
    });
  }

  for (const text of PROSE) {
    it(`prose with brackets stays text: ${text}`, async () => {
      for (const { name: cut, chunks } of chunkings(text)) {
        const out = await run('pythonic', chunks);
        expect(out.calls, cut).toEqual([]);
        expect(out.text, cut).toBe(text);
      }
    });
  }

  it('auto reads a bare list only opening the answer', async () => {
    const out = await run('auto', [CASES[0]?.text as string]);
    expect(out.calls).toEqual([]);
    expect(out.text).toBe(CASES[0]?.text);
  });
});
