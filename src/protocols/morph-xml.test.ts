import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { morphXmlProtocol, xmlToolMiddleware } from '../index.ts';
import { functionTool, normalizeIds, streamParts } from '../test/harness.ts';
import { type FormatFixture, runFormatFixtures } from '../test/protocol-fixtures.ts';

const weather = functionTool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
  required: ['city'],
});
const writeFile = functionTool('write_file', {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
});
const listFiles = functionTool('list_files', { type: 'object', properties: {} });
const search = functionTool('search', {
  type: 'object',
  properties: {
    query: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    filter: {
      type: 'object',
      properties: { lang: { type: 'string' }, minStars: { type: 'integer' }, archived: { type: 'boolean' } },
    },
  },
});
const tools = [weather, writeFile, listFiles, search];

const code = 'if (a && b < c) {\n  return "<div>" + x + "</div>"; // <path>not a param</path>\n}';

const fixtures: FormatFixture[] = [
  {
    name: 'one call between prose',
    text: 'Let me check.\n<get_weather>\n<city>Seoul</city>\n</get_weather>\nOne moment.',
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'Let me check.\n\nOne moment.',
  },
  {
    name: 'numbers and booleans typed by the schema',
    text: '<get_weather><city>Paris</city><days> 3 </days><metric>true</metric></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 3, metric: true } }],
    prose: '',
  },
  {
    name: 'a code-bearing string parameter keeps <, >, && and tags',
    text: `Writing it.\n<write_file>\n<path>src/a.js</path>\n<content>\n${code}\n</content>\n</write_file>`,
    calls: [{ toolName: 'write_file', input: { path: 'src/a.js', content: code } }],
    prose: 'Writing it.\n',
  },
  {
    name: 'prose with HTML and near-miss tags stays text',
    text: 'Use <b>bold</b>, <br/>, <div class="x">a < b</div>, <get_weath and <get_weather_v2> or </get_weather>.',
    calls: [],
    prose: 'Use <b>bold</b>, <br/>, <div class="x">a < b</div>, <get_weath and <get_weather_v2> or </get_weather>.',
  },
  {
    name: 'self-closing element: a call with no arguments',
    text: 'Looking: <list_files/> and <list_files /> and <list_files></list_files>',
    calls: [
      { toolName: 'list_files', input: {} },
      { toolName: 'list_files', input: {} },
      { toolName: 'list_files', input: {} },
    ],
    prose: 'Looking:  and  and ',
  },
  {
    name: 'missing outer close tag at the very end',
    text: 'Sure.\n<get_weather>\n<city>Oslo</city>\n<days>2</days>\n',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: 2 } }],
    prose: 'Sure.\n',
  },
  {
    name: 'outer close tag cut off at the very end',
    text: '<get_weather><city>Oslo</city></get_wea',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  {
    name: 'several calls with prose before, between and after',
    text: 'First <get_weather><city>A</city></get_weather> then <get_weather><city>B</city></get_weather> done.',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: 'First  then  done.',
  },
  {
    name: 'XML entities are decoded; other & stay',
    text: '<search><query>Tom &amp; Jerry &lt;3 &quot;q&quot; &apos;s&apos; &#x41;&#66; a && b &nbsp;</query></search>',
    calls: [{ toolName: 'search', input: { query: 'Tom & Jerry <3 "q" \'s\' AB a && b &nbsp;' } }],
    prose: '',
  },
  {
    name: 'repeated tags, <item> children and a JSON array become arrays',
    text: '<search><tags>a</tags><query>q</query><tags>b</tags><ids><item>1</item><item>2</item></ids></search><search><tags>["x", "y"]</tags><ids>7</ids></search>',
    calls: [
      { toolName: 'search', input: { tags: ['a', 'b'], query: 'q', ids: [1, 2] } },
      { toolName: 'search', input: { tags: ['x', 'y'], ids: [7] } },
    ],
    prose: '',
  },
  {
    name: 'blanks inside the call tags, and a comma list for an array',
    text: '<search ><query>q</query><tags>a, b</tags></search >',
    calls: [{ toolName: 'search', input: { query: 'q', tags: ['a', 'b'] } }],
    prose: '',
  },
  {
    name: 'nested elements become an object, typed by the schema',
    text: '<search>\n  <query>stars</query>\n  <filter>\n    <lang>ts</lang>\n    <minStars>100</minStars>\n    <archived>false</archived>\n  </filter>\n</search>',
    calls: [{ toolName: 'search', input: { query: 'stars', filter: { lang: 'ts', minStars: 100, archived: false } } }],
    prose: '',
  },
  {
    name: 'a value with a line break on each side loses only those',
    text: '<write_file><path>\nnotes.md\n</path><content>\n\n  indented\n\n</content></write_file>',
    calls: [{ toolName: 'write_file', input: { path: 'notes.md', content: '\n  indented\n' } }],
    prose: '',
  },
  {
    name: 'a prototype key is dropped, a repeated one-value parameter keeps the first',
    text: '<get_weather><city>A</city><__proto__>x</__proto__><city>B</city></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'A' } }],
    prose: '',
    errors: ['malformed-tool-call', 'unsafe-key'],
  },
  {
    name: 'text inside the call where a parameter belongs stays text, verbatim',
    text: 'Hmm <get_weather>Seoul</get_weather> ok',
    calls: [],
    prose: 'Hmm <get_weather>Seoul</get_weather> ok',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a call cut off inside a parameter stays text, verbatim',
    text: 'x <write_file><path>a</path><content>def f():\n  return 1 <',
    calls: [],
    prose: 'x <write_file><path>a</path><content>def f():\n  return 1 <',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'a malformed call then a good one',
    text: '<get_weather><city>A</city><7></get_weather> and <get_weather><city>B</city></get_weather>',
    calls: [{ toolName: 'get_weather', input: { city: 'B' } }],
    prose: '<get_weather><city>A</city><7></get_weather> and ',
    errors: ['malformed-tool-call'],
  },
];

runFormatFixtures('morph-xml', morphXmlProtocol(), fixtures, tools);

describe('morph-xml streaming', () => {
  it('emits the exact part sequence', async () => {
    const parts = normalizeIds(
      await streamParts({ middleware: xmlToolMiddleware, tools }, [
        'Hi <get_',
        'weather><city>Se',
        'oul</city><days>2</d',
        'ays></get_weather> bye',
      ]),
    );
    const stripped = parts.map((part) => {
      const { providerMetadata: _, ...rest } = part as LanguageModelV4StreamPart & { providerMetadata?: unknown };
      return rest;
    });
    expect(stripped.filter((p) => p.type !== 'stream-start' && p.type !== 'finish')).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hi ' },
      { type: 'text-end', id: 'text-0' },
      { type: 'tool-input-start', id: 'call-1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"city":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: 'Se' },
      { type: 'tool-input-delta', id: 'call-1', delta: 'oul' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: ',"days":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '2' },
      { type: 'tool-input-delta', id: 'call-1', delta: '}' },
      { type: 'tool-input-end', id: 'call-1' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'get_weather', input: '{"city":"Seoul","days":2}' },
      { type: 'text-start', id: 'text-2' },
      { type: 'text-delta', id: 'text-2', delta: 'bye' },
      { type: 'text-end', id: 'text-2' },
    ]);
  });

  it('streams a long string parameter while it is being written, and prose without waiting', () => {
    const events: string[] = [];
    const parser = morphXmlProtocol().createParser(
      { tools: new Map(tools.map((t) => [t.name, t])), generateId: () => 'c1' },
      {
        onText: (text) => events.push(`text:${text}`),
        onReasoning: (text) => events.push(`reasoning:${text}`),
        onReasoningEnd: () => events.push('reasoning-end'),
        onToolCallStart: () => events.push('start'),
        onToolCallDelta: ({ delta }) => events.push(`delta:${delta}`),
        onToolCallEnd: () => events.push('end'),
        onToolCallAbort: () => events.push('abort'),
        onError: () => {},
      },
    );
    parser.feed('a <b> c ');
    // `<b>` begins no declared tool's tag, so the prose goes out at once, in one piece.
    expect(events).toEqual(['text:a <b> c ']);
    parser.feed('<write_file><content>line 1\n');
    expect(events.slice(1)).toEqual(['start', 'delta:{', 'delta:"content":', 'delta:"', 'delta:line 1']);
    parser.feed('line 2 && </cont');
    expect(events.slice(6)).toEqual(['delta:\\nline 2 && ']);
    parser.feed('ent></write_file>');
    parser.flush();
    expect(events.slice(7)).toEqual(['delta:"', 'delta:}', 'end']);
  });

  it('renders history calls in the taught format, and they parse back to the same input', () => {
    const protocol = morphXmlProtocol();
    const input = {
      path: 'a.html',
      content: '<p>&amp; </content> &&</p>\n',
      tags: ['x', 'y'],
      filter: { lang: 'ts', minStars: 5 },
    };
    const rendered = protocol.formatToolCall({ toolCallId: 'c', toolName: 'search', input });
    expect(rendered).toContain('<tags>x</tags>\n<tags>y</tags>');
    const content = protocol.parseGeneratedText({
      text: rendered,
      tools: [
        {
          name: 'search',
          inputSchema: {
            type: 'object',
            properties: { ...search.inputSchema.properties, ...writeFile.inputSchema.properties },
          },
        },
      ],
    });
    expect(content).toHaveLength(1);
    expect(JSON.parse((content[0] as { input: string }).input)).toEqual(input);
    expect(protocol.formatToolCall({ toolCallId: 'c', toolName: 'list_files', input: {} })).toBe('<list_files/>');
    expect(protocol.formatToolResponse({ toolCallId: 'c', toolName: 'search', result: { n: 1 } })).toBe(
      '<tool_response name="search">\n{"n":1}\n</tool_response>',
    );
  });

  it('teaches the format in the system prompt', () => {
    const prompt = morphXmlProtocol().formatTools({ tools: [weather] });
    expect(prompt).toContain('"name":"get_weather"');
    expect(prompt).toContain('<function_name>\n<parameter_name>value</parameter_name>\n</function_name>');
    expect(() => morphXmlProtocol({ toolResponseTag: 'not a tag' })).toThrow(/toolResponseTag/);
  });
});
