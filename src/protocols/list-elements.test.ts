/**
 * One element of a JSON list of calls that is no call does not cost the
 * calls after it (issue 37, item 2): in every format whose history writer
 * writes its calls as one JSON list (Granite, Phi-4-mini's `functools[…]`,
 * xLAM, Nemotron, Cohere, Jamba, Apertus), the list is the format's own rendering of
 * two calls with a broken element put between them, streamed whole, one
 * character at a time and at random cuts. Both calls run; the broken element
 * stays visible as the text it was (never a torn `, {…` tail) and is
 * reported as a malformed tool call. Peers read such lists the same way
 * (Cohere's TestCohereParseMalformedActions in the corpus, src/protocols/cohere/test/corpus.ts).
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, functionTool, streamParts, summarize } from '../test/harness.ts';
import { FORMAT_NAMES, findFormat } from './registry.ts';

const tools = [
  functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } }),
  functionTool('search', { type: 'object', properties: { query: { type: 'string' } } }),
];
const twoCalls = [
  { toolCallId: 'a', toolName: 'get_weather', input: { city: 'Oslo' } },
  { toolCallId: 'b', toolName: 'search', input: { query: 'x' } },
];
const expectedCalls = [
  ['get_weather', { city: 'Oslo' }],
  ['search', { query: 'x' }],
];

const BROKEN = [
  ['a name that is no string', '{"name": 5, "arguments": {}}'],
  ['JSON broken inside it', '{"name": "get_weather", "arguments": {"city": 15:30}}'],
  ['a string, not a call object', '"oops"'],
  ['an unknown key holding brackets and a quoted "]"', '{"note": "a ] and a , inside", "list": [1, [2]]}'],
];

/** The format's two calls as one list, with `element` put after the first; undefined when it writes no list. */
function withBrokenElement(name: string, element: string): string | undefined {
  const protocol = findFormat(name)?.create();
  const text = protocol?.formatToolCalls?.(twoCalls, '');
  const between = text === undefined ? null : /\}\}(,\s*)(?=\{)/.exec(text);
  if (text === undefined || between === null) return undefined;
  const at = between.index + 2;
  const separator = between[1] as string;
  return `${text.slice(0, at)}${separator}${element}${text.slice(at)}`;
}

const listFormats = FORMAT_NAMES.filter((name) => withBrokenElement(name, '""') !== undefined);

describe('a broken element of a call list costs no call', () => {
  it('the formats that write a JSON list of calls are the seven expected', () => {
    expect(listFormats).toEqual(['granite', 'phi4-mini', 'xlam', 'nemotron', 'cohere', 'jamba', 'apertus']);
  });

  for (const name of listFormats) {
    for (const [what, element] of BROKEN) {
      it(`${name}, ${what}: both calls, the element as text, reported`, async () => {
        const text = withBrokenElement(name, element as string) as string;
        for (const { name: cut, chunks } of chunkings(text)) {
          const codes: string[] = [];
          const middleware = createToolMiddleware({
            protocol: findFormat(name)!.create(),
            onError: (_message, { code }) => codes.push(code ?? ''),
          });
          const summary = summarize(await streamParts({ middleware, tools }, chunks));
          const label = `${cut}: ${text}`;
          expect(
            summary.calls.map((c) => [c.toolName, c.input]),
            label,
          ).toEqual(expectedCalls);
          expect(summary.text.trim(), label).toBe(element);
          expect(codes, label).toContain('malformed-tool-call');
        }
      });
    }
  }
});

/** The format's two calls as one list with `element` first. */
function brokenFirst(name: string, element: string): string {
  const text = findFormat(name)?.create().formatToolCalls?.(twoCalls, '') as string;
  const separator = /\}\}(,\s*)(?=\{)/.exec(text)?.[1] as string;
  return text.replace('[', `[${element}${separator}`);
}

async function run(name: string, chunks: string[]) {
  const codes: string[] = [];
  const middleware = createToolMiddleware({
    protocol: findFormat(name)!.create(),
    onError: (_message, { code }) => codes.push(code ?? ''),
  });
  return { ...summarize(await streamParts({ middleware, tools }, chunks)), codes };
}

describe('where the broken element stands', () => {
  // xLAM's list is a bare `[` opening the answer: it only counts once a call proves it, so a list that
  // opens with no call is prose there, silently, as before.
  for (const name of listFormats.filter((format) => format !== 'xlam')) {
    it(`${name}, first: both calls, the element as text (after the first call, once it proves the list)`, async () => {
      const element = '{"name": 5, "arguments": {}}';
      const text = brokenFirst(name, element);
      for (const { name: cut, chunks } of chunkings(text)) {
        const summary = await run(name, chunks);
        expect(
          summary.calls.map((c) => [c.toolName, c.input]),
          `${cut}: ${text}`,
        ).toEqual(expectedCalls);
        expect(summary.text.trim(), `${cut}: ${text}`).toBe(element);
        expect(summary.codes).toContain('malformed-tool-call');
      }
    });

    it(`${name}, every element broken: no call, and all of the text as it was`, async () => {
      const text = (withBrokenElement(name, '"oops"') as string).replace('"get_weather"', '5').replace('"search"', '6');
      for (const { name: cut, chunks } of chunkings(text)) {
        const summary = await run(name, chunks);
        expect(summary.calls, `${cut}: ${text}`).toEqual([]);
        // Cohere's history writer opens with an empty thinking block, which is markup, read as no reasoning.
        expect(summary.text, `${cut}: ${text}`).toBe(text.replace('<|START_THINKING|><|END_THINKING|>', ''));
        expect(summary.codes).toContain('malformed-tool-call');
      }
    });
  }

  it('nemotron, the last element cut off by the end token: the calls before it, the element as text', async () => {
    const text =
      '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "search", "arguments": {"query": "x</TOOLCALL>';
    for (const { name: cut, chunks } of chunkings(text)) {
      const summary = await run('nemotron', chunks);
      expect(
        summary.calls.map((c) => [c.toolName, c.input]),
        cut,
      ).toEqual([expectedCalls[0]]);
      // The end token came inside a string: it is part of what broke.
      expect(summary.text, cut).toBe('{"name": "search", "arguments": {"query": "x</TOOLCALL>');
    }
  });
});

describe('Mistral before v11, whose history writer writes one call per token', () => {
  // vLLM's Mistral parser reads `[TOOL_CALLS][{…}, {…}]` from tokenizers before v11 (mistral_tool_parser.py).
  it('[TOOL_CALLS][A, broken, B]: both calls, the element as text, reported', async () => {
    const element = '{"name": 5, "arguments": {}}';
    const text = `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}, ${element}, {"name": "search", "arguments": {"query": "x"}}]`;
    for (const { name: cut, chunks } of chunkings(text)) {
      const summary = await run('mistral', chunks);
      expect(
        summary.calls.map((c) => [c.toolName, c.input]),
        `${cut}: ${text}`,
      ).toEqual(expectedCalls);
      expect(summary.text.trim(), cut).toBe(element);
      expect(summary.codes).toContain('malformed-tool-call');
    }
  });
});

describe('a pythonic list: a broken element costs only itself (issue 37, item 2)', () => {
  // vLLM's pythonic parser keeps the whole list as content when an element is no call
  // (vllm/frontend/processing/tool_parsers/pythonic_tool_parser.py@055e47c2); toolshim keeps the valid calls.
  const lists = [
    ['a bare list opening the answer', (inner: string) => `[${inner}]`],
    ['LFM2 tokens around the list', (inner: string) => `<|tool_call_start|>[${inner}]<|tool_call_end|>`],
    ['Llama 4 tokens around the list', (inner: string) => `<|python_start|>[${inner}]<|python_end|>`],
  ] as const;
  const ELEMENTS = [
    ['a number', '42'],
    ['a call whose arguments break, a quoted ")" and "," inside', 'search(query="a), b", 5)'],
    ['a positional argument', 'get_weather("Oslo")'],
    ['nested brackets and a quoted "]" before the break', 'search(query=["]", (1, 2), {"k": "("}], 5)'],
    ["an escaped quote in a string with a ',' and ']' in it", "search(query='it\\'s ], here', 7)"],
  ];
  for (const [where, wrap] of lists) {
    for (const [what, element] of ELEMENTS) {
      it(`${where}, ${what}: both calls, the element as text, reported`, async () => {
        const text = wrap(`get_weather(city="Oslo"), ${element}, search(query="x")`);
        for (const name of ['pythonic', 'auto']) {
          for (const { name: cut, chunks } of chunkings(text)) {
            const summary = await run(name, chunks);
            const label = `${name} ${cut}: ${text}`;
            expect(
              summary.calls.map((c) => [c.toolName, c.input]),
              label,
            ).toEqual(expectedCalls);
            expect(summary.text.trim(), label).toBe(element);
            expect(summary.codes, label).toContain('malformed-tool-call');
          }
        }
      });
    }
  }

  const CUT_OFF = [
    ['inside a call', 'search(query="x'],
    ['inside a broken element being skipped', 'search(42, query="x'],
  ];
  for (const [where, tail] of CUT_OFF) {
    it(`the output ends ${where} after a call: the call runs, the cut element is text, reported`, async () => {
      const text = `<|tool_call_start|>[get_weather(city="Oslo"), ${tail}`;
      for (const { name: cut, chunks } of chunkings(text)) {
        const summary = await run('pythonic', chunks);
        expect(
          summary.calls.map((c) => [c.toolName, c.input]),
          cut,
        ).toEqual([expectedCalls[0]]);
        expect(summary.text.trim(), cut).toBe(tail);
        expect(summary.codes.length, cut).toBeGreaterThan(0);
      }
    });
  }

  it('a list of broken elements only stays text', async () => {
    const text = '<|tool_call_start|>[get_weather("Oslo"), 42]<|tool_call_end|>';
    for (const { name: cut, chunks } of chunkings(text)) {
      const summary = await run('pythonic', chunks);
      expect(summary.calls, cut).toEqual([]);
      expect(summary.text, cut).toBe(text);
    }
  });
});

describe('Hermes blocks keep the old rule (its template writes one call per block, never a list)', () => {
  // The list recovery is left out of the Hermes preset for its bundle size (bundle-size.ts); a list in a
  // Hermes block still ends at its first broken element, the text after the last call as it was.
  it('<tool_call>[A, broken]</tool_call>: A runs, the rest stays text from its separator on', async () => {
    const text = '<tool_call>[{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": 5}]</tool_call>';
    for (const { name: cut, chunks } of chunkings(text)) {
      const summary = await run('hermes', chunks);
      expect(
        summary.calls.map((c) => [c.toolName, c.input]),
        cut,
      ).toEqual([expectedCalls[0]]);
      expect(summary.text, cut).toBe(', {"name": 5}]</tool_call>');
      expect(summary.codes).toContain('malformed-tool-call');
    }
  });
});
