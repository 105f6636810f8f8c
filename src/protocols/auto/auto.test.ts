import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { chunkings, generateContent, streamParts, summarize } from '../../test/harness.ts';
import { type FormatFixture, fixtureTools, runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { jsonMixProtocol } from '../hermes/hermes.ts';
import { mistralProtocol } from '../mistral/mistral.ts';
import { autoProtocol } from './auto.ts';

const Q = '<|"|>';
const city = (c: string) => ({ toolName: 'get_weather', input: { city: c } });
const query = (q: string) => ({ toolName: 'search', input: { query: q } });

/** One call (or a parallel pair) of every format, as the model would write it. */
const everyFormat: FormatFixture[] = [
  {
    name: 'hermes',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "A"}}\n</tool_call>',
    calls: [city('A')],
    prose: '',
  },
  {
    name: 'gemma fence',
    text: 'Sure.\n```tool_call\n{"name": "search", "arguments": {"query": "b"}}\n```',
    calls: [query('b')],
    prose: 'Sure.',
  },
  {
    name: 'llama3 bare JSON',
    text: '{"name": "get_weather", "parameters": {"city": "C"}}',
    calls: [city('C')],
    prose: '',
  },
  {
    name: 'llama3 python_tag, parallel',
    text: '<|python_tag|>{"name": "search", "parameters": {"query": "d"}}; {"name": "get_weather", "parameters": {"city": "E"}}',
    calls: [query('d'), city('E')],
    prose: '',
  },
  {
    name: 'pythonic bare list',
    text: '[get_weather(city="F"), search(query=\'g\')]',
    calls: [city('F'), query('g')],
    prose: '',
  },
  {
    name: 'pythonic Llama 4 wrapper',
    text: 'Ok <|python_start|>[search(query="h")]<|python_end|>',
    calls: [query('h')],
    prose: 'Ok',
  },
  {
    name: 'pythonic LFM2 wrapper',
    text: '<|tool_call_start|>[get_weather(city="I")]<|tool_call_end|>Done.',
    calls: [city('I')],
    prose: 'Done.',
  },
  {
    name: 'mistral v13',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "J"}[TOOL_CALLS]search[ARGS]{"query": "k"}',
    calls: [city('J'), query('k')],
    prose: '',
  },
  {
    name: 'mistral legacy',
    text: '[TOOL_CALLS] [{"name": "search", "arguments": {"query": "l"}}]',
    calls: [query('l')],
    prose: '',
  },
  {
    name: 'granite',
    text: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "M"}}]',
    calls: [city('M')],
    prose: '',
  },
  {
    name: 'phi-4-mini',
    text: 'functools[{"name": "search", "arguments": {"query": "n"}}]',
    calls: [query('n')],
    prose: '',
  },
  {
    name: 'xlam',
    text: '[{"name": "get_weather", "arguments": {"city": "O"}}, {"name": "search", "arguments": {"query": "p"}}]',
    calls: [city('O'), query('p')],
    prose: '',
  },
  {
    name: 'deepseek v3.1',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "q"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [query('q')],
    prose: '',
  },
  {
    name: 'deepseek v3 fenced',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "R"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [city('R')],
    prose: '',
  },
  {
    name: 'kimi k2',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "s"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [query('s')],
    prose: '',
  },
  {
    name: 'harmony',
    text: '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "T"}<|call|>',
    calls: [city('T')],
    prose: '',
  },
  {
    name: 'glm',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>u</arg_value>\n</tool_call>',
    calls: [query('u')],
    prose: '',
  },
  {
    name: 'qwen3-coder, parallel',
    text: 'Checking.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nAA\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n<function=search>\n<parameter=query>\nmulti\nline "q" ü\n</parameter>\n</function>\n</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'AA', days: 2 } },
      { toolName: 'search', input: { query: 'multi\nline "q" ü' } },
    ],
    prose: 'Checking.',
  },
  {
    name: 'qwen3-coder truncated stays text',
    text: '<tool_call>\n<function=search>\n<parameter=query>\nab',
    calls: [],
    prose: '<tool_call>\n<function=search>\n<parameter=query>\nab',
    errors: ['unclosed-tool-call'],
  },
  { name: 'gemma 4', text: `<|tool_call>call:get_weather{city:${Q}V${Q}}<tool_call|>`, calls: [city('V')], prose: '' },
  {
    name: 'functiongemma',
    text: '<start_function_call>call:search{query:<escape>w<escape>}<end_function_call>',
    calls: [query('w')],
    prose: '',
  },
  {
    name: 'minimax-m2',
    text: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">X</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [city('X')],
    prose: '',
  },
  {
    name: 'kimi k2 malformed call keeps its section markers verbatim',
    text: 'A <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": Seoul}<|tool_call_end|><|tool_calls_section_end|> B',
    calls: [],
    prose:
      'A <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": Seoul}<|tool_call_end|><|tool_calls_section_end|> B',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'deepseek malformed call keeps its block markers verbatim',
    text: 'A <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": Seoul}<｜tool▁call▁end｜><｜tool▁calls▁end｜> B',
    calls: [],
    prose:
      'A <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": Seoul}<｜tool▁call▁end｜><｜tool▁calls▁end｜> B',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'two formats in one answer',
    text: 'First <tool_call>{"name": "search", "arguments": {"query": "y"}}</tool_call> then [TOOL_CALLS]get_weather[ARGS]{"city": "Z"}',
    calls: [query('y'), city('Z')],
    prose: 'First then',
  },
];

runFormatFixtures('auto', autoProtocol(), everyFormat);

describe('autoProtocol prompting', () => {
  it('teaches Hermes by default and another format when asked', () => {
    const tools = [{ name: 'search', inputSchema: { type: 'object' } }];
    expect(autoProtocol().formatTools({ tools })).toContain('<tool_call>');
    const mistral = autoProtocol({ prompt: mistralProtocol() });
    expect(mistral.formatTools({ tools })).toContain('[TOOL_CALLS]');
    expect(mistral.formatToolCall({ toolCallId: 'c', toolName: 'search', input: { query: 'q' } })).toBe(
      '[TOOL_CALLS]search[ARGS]{"query": "q"}',
    );
  });

  it('parses a drifted answer whatever format it was prompted in', async () => {
    const middleware = createToolMiddleware({ protocol: autoProtocol({ prompt: mistralProtocol() }) });
    const result = await generateContent({ middleware, tools: fixtureTools }, '[search(query="drift")]');
    expect(result.content).toMatchObject([{ type: 'tool-call', toolName: 'search', input: '{"query":"drift"}' }]);
  });

  it('reads the format it teaches, even one with delimiters of its own', async () => {
    const prompt = jsonMixProtocol({ toolCallStart: '<call>', toolCallEnd: '</call>' });
    const middleware = createToolMiddleware({ protocol: autoProtocol({ prompt }) });
    for (const { chunks } of chunkings('Sure. <call>{"name": "search", "arguments": {"query": "own"}}</call>')) {
      const summary = summarize(await streamParts({ middleware, tools: fixtureTools }, chunks));
      expect(summary.calls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
        { toolName: 'search', input: { query: 'own' } },
      ]);
      expect(summary.text).toBe('Sure. ');
    }
  });
});

describe('forced tool choice with list-shaped native formats', () => {
  for (const [name, text] of [
    ['pythonic', '[search(query="forced")]'],
    ['mistral v13', '[TOOL_CALLS]search[ARGS]{"query": "forced"}'],
    ['xlam', '[{"name": "search", "arguments": {"query": "forced"}}]'],
  ] as const) {
    it(`reads a ${name} answer under toolChoice required`, async () => {
      const errors: string[] = [];
      const middleware = createToolMiddleware({
        protocol: autoProtocol(),
        onError: (_m, meta) => errors.push(meta.code),
      });
      const result = await generateContent({ middleware, tools: fixtureTools, toolChoice: { type: 'required' } }, text);
      expect(result.content).toMatchObject([{ type: 'tool-call', toolName: 'search', input: '{"query":"forced"}' }]);
      expect(errors).toEqual([]);
    });
  }
});

describe('JSON data at the start of an answer', () => {
  it('is released as text as soon as a key shows it is no call', () => {
    const chunks = ['{"city": "Paris", ', '"temp": 21, ', '"unit": "C"}'];
    let text = '';
    const parser = autoProtocol().createParser(
      { tools: new Map(fixtureTools.map((t) => [t.name, t])), generateId: () => 'id' },
      {
        onText: (t) => {
          text += t;
        },
        onReasoning: () => {},
        onReasoningEnd: () => {},
        onToolCallStart: () => expect.fail('no call'),
        onToolCallDelta: () => {},
        onToolCallEnd: () => {},
        onToolCallAbort: () => {},
        onError: () => expect.fail('data is not an error'),
      },
    );
    // Nothing waits for the end of the object: each chunk is text by the time it has been fed.
    let fed = '';
    for (const chunk of chunks) {
      parser.feed(chunk);
      fed += chunk;
      expect(text).toBe(fed);
    }
    parser.flush();
    expect(text).toBe(chunks.join(''));
  });
});
