import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, generateContent, streamParts, summarize, summarizeContent } from '../test/harness.ts';
import { fixtureTools, runFormatFixtures } from '../test/protocol-fixtures.ts';
import { deepseekProtocol } from './deepseek.ts';
import { harmonyProtocol } from './harmony.ts';
import { kimiK2Protocol } from './kimi-k2.ts';

const K = {
  open: '<|tool_calls_section_begin|>',
  close: '<|tool_calls_section_end|>',
  call: (name: string, args: string) =>
    `<|tool_call_begin|>${name}<|tool_call_argument_begin|>${args}<|tool_call_end|>`,
};

runFormatFixtures('kimi-k2', kimiK2Protocol(), [
  {
    name: 'one call',
    text: `${K.open}${K.call('functions.get_weather:0', '{"city": "Beijing"}')}${K.close}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Beijing' } }],
    prose: '',
  },
  {
    name: 'parallel calls with prose before and after',
    text: `I'll check.${K.open}\n${K.call('functions.get_weather:0', '{"city": "A", "days": "2"}')}\n${K.call('functions.search:1', '{"query": "b"}')}\n${K.close}Waiting.`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A', days: 2 } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: "I'll check.Waiting.",
  },
  {
    name: 'escaped and unicode strings',
    text: `${K.open}${K.call('functions.search:0', '{"query": "x\\ty \\"z\\" 北京 🌧"}')}${K.close}`,
    calls: [{ toolName: 'search', input: { query: 'x\ty "z" 北京 🌧' } }],
    prose: '',
  },
  {
    name: 'truncated at the end stays text',
    text: `${K.open}<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "par`,
    calls: [],
    prose:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "par',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'a missing end marker at the very end still counts',
    text: `${K.open}<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "p"}`,
    calls: [{ toolName: 'search', input: { query: 'p' } }],
    prose: '',
  },
  {
    name: 'malformed arguments stay text',
    text: `${K.open}${K.call('functions.search:0', '{"query": "p"')}${K.close}`,
    calls: [],
    prose:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "p"<|tool_call_end|><|tool_calls_section_end|>',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a malformed call keeps its section markers and the space after them',
    text: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    calls: [],
    prose: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a good call then a malformed one: the markers belong to the good call',
    text: `${K.open}${K.call('functions.search:0', '{"query": "a"}')}${K.call('functions.search:1', '{"query": b}')}${K.close} B`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: `${K.call('functions.search:1', '{"query": b}')}B`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'an empty section and a section followed by prose stay text',
    text: `x ${K.open} ${K.close} y ${K.open}\nhello ${K.close} z`,
    calls: [],
    prose: `x ${K.open} ${K.close} y ${K.open}\nhello ${K.close} z`,
    errors: ['malformed-tool-call', 'malformed-tool-call'],
  },
  {
    name: 'a call without the begin marker still drops the end marker after it',
    text: `Now ${K.call('functions.search:0', '{"query": "a"}')}${K.close} then ${K.close} x`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: `Now then ${K.close} x`,
  },
  {
    name: 'a section marker at the very end stays text',
    text: `Done. ${K.open}\n`,
    calls: [],
    prose: `Done. ${K.open}`,
    errors: ['unclosed-tool-call'],
  },
]);

const D = {
  open: '<｜tool▁calls▁begin｜>',
  close: '<｜tool▁calls▁end｜>',
  v31: (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`,
  v3: (name: string, args: string) =>
    `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`,
};

runFormatFixtures('deepseek', deepseekProtocol(), [
  {
    name: 'V3.1: one call',
    text: `${D.open}${D.v31('get_weather', '{"city": "Tokyo"}')}${D.close}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  {
    name: 'V3/R1: fenced JSON, parallel, prose before',
    text: `Let me see.\n${D.open}${D.v3('get_weather', '{"city": "A"}')}\n${D.v3('search', '{"query": "b", "tags": "x,y"}')}${D.close}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Let me see.',
  },
  {
    name: 'escaped and unicode strings',
    text: `${D.open}${D.v31('search', '{"query": "\\u00e9\\n東京 ✓ \\\\"}')}${D.close}`,
    calls: [{ toolName: 'search', input: { query: 'é\n東京 ✓ \\' } }],
    prose: '',
  },
  {
    name: 'truncated at the end stays text',
    text: `${D.open}<｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "ab`,
    calls: [],
    prose: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "ab',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: `${D.open}${D.v31('search', 'query=ab')}${D.close}`,
    calls: [],
    prose:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>query=ab<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a malformed call keeps its block markers and the space after them',
    text: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    calls: [],
    prose: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'V3/R1: a malformed fenced call keeps its block markers',
    text: `A ${D.open}\n${D.v3('get_weather', '{"city": Seoul}')}\n${D.close}\nB`,
    calls: [],
    prose: `A ${D.open}\n${D.v3('get_weather', '{"city": Seoul}')}\n${D.close}\nB`,
    errors: ['malformed-tool-call'],
  },
]);

const H = (name: string, args: string) =>
  `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${args}<|call|>`;

runFormatFixtures('harmony', harmonyProtocol(), [
  {
    name: 'one call',
    text: H('get_weather', '{"city": "SF"}'),
    calls: [{ toolName: 'get_weather', input: { city: 'SF' } }],
    prose: '',
  },
  {
    name: 'analysis message, then a call with the recipient before the channel',
    text: '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Oslo", "metric": true}<|call|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', metric: true } }],
    prose: '<|channel|>analysis<|message|>Need weather.<|end|>',
  },
  {
    name: 'parallel calls',
    text: `${H('search', '{"query": "a"}')}${H('search', '{"query": "b"}')}`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  {
    name: 'a call the engine cut at <|call|>',
    text: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ünï \\"q\\" 🦀"}',
    calls: [{ toolName: 'search', input: { query: 'ünï "q" 🦀' } }],
    prose: '',
  },
  {
    name: 'truncated inside the arguments stays text',
    text: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ab',
    calls: [],
    prose: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ab',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed arguments stay text',
    text: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|>',
    calls: [],
    prose: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|>',
    errors: ['malformed-tool-call'],
  },
]);

/** The finding these pin: the exact text, not whitespace-collapsed, in every chunking. */
describe('malformed special-token calls come back verbatim', () => {
  const cases = [
    {
      protocol: kimiK2Protocol(),
      text: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    },
    {
      protocol: deepseekProtocol(),
      text: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    },
    { protocol: deepseekProtocol(), text: `A ${D.open}\n\n ${D.v3('search', '{"query": x}')}\n${D.close}\n\nB` },
  ];
  for (const { protocol, text } of cases) {
    for (const { name, chunks } of chunkings(text)) {
      it(`${protocol.name}: ${JSON.stringify(text.slice(0, 24))}… (${name})`, async () => {
        const errors: string[] = [];
        const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
        const summary = summarize(await streamParts({ middleware, tools: fixtureTools }, chunks));
        expect(summary.text).toBe(text);
        expect(summary.calls).toEqual([]);
        expect(errors).toEqual(['malformed-tool-call']);
      });
    }
    it(`${protocol.name}: generate gives the same exact text`, async () => {
      const middleware = createToolMiddleware({ protocol });
      const generated = await generateContent({ middleware, tools: fixtureTools }, text);
      expect(summarizeContent(generated.content)).toEqual({ text, calls: [] });
    });
  }
});

describe('harmony prompt', () => {
  it('declares the tools as the TypeScript functions namespace gpt-oss reads', () => {
    const prompt = harmonyProtocol().formatTools({
      tools: [
        {
          name: 'get_weather',
          description: 'Gets the weather',
          inputSchema: {
            type: 'object',
            properties: {
              city: { type: 'string', description: 'City name' },
              unit: { type: 'string', enum: ['c', 'f'] },
              days: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' } },
            },
            required: ['city'],
          },
        },
      ],
    });
    expect(prompt).toContain(
      [
        'namespace functions {',
        '',
        '// Gets the weather',
        'type get_weather = (_: {',
        '  // City name',
        '  city: string,',
        '  unit?: "c" | "f",',
        '  days?: number,',
        '  tags?: string[],',
        '}) => any;',
        '',
        '} // namespace functions',
      ].join('\n'),
    );
  });
});
