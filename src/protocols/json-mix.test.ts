import { gemmaProtocol, hermesProtocol } from '../index.ts';
import { functionTool } from '../test/harness.ts';
import { type FormatFixture, runFormatFixtures } from '../test/protocol-fixtures.ts';

const weather = functionTool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
  required: ['city'],
});
const search = functionTool('search', {
  type: 'object',
  properties: { query: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
});
const tools = [weather, search];

const hermesFixtures: FormatFixture[] = [
  {
    name: 'one call between prose',
    text: 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>\nOne moment.',
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'Let me check.\nOne moment.',
  },
  {
    name: 'CRLF, whitespace, and values coerced by the schema',
    text: '<tool_call>\r\n  {"name":"get_weather","arguments":{"city":"Paris","days":"3","metric":"true"}}  \r\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 3, metric: true } }],
    prose: '',
  },
  {
    name: 'single quotes, unquoted keys, trailing commas and Python literals',
    text: "<tool_call>{name: 'get_weather', 'arguments': {'city': 'Oslo', metric: True, days: 2,},}</tool_call>",
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', metric: true, days: 2 } }],
    prose: '',
  },
  {
    name: '"parameters" instead of "arguments"',
    text: '<tool_call>{"name": "search", "parameters": {"query": "toolshim"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'toolshim' } }],
    prose: '',
  },
  {
    name: 'arguments given as a JSON string',
    text: '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\", \\"days\\": \\"5\\"}"}</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Lima', days: 5 } }],
    prose: '',
  },
  {
    name: 'a ```json fence inside the tags',
    text: '<tool_call>\n```json\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n```\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: '',
  },
  {
    name: 'several calls as a JSON array in one tag',
    text: '<tool_call>[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "search", "arguments": {"query": "b"}}]</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  {
    name: 'parallel calls in separate tags with prose between',
    text: 'First:<tool_call>{"name":"get_weather","arguments":{"city":"A"}}</tool_call> then <tool_call>{"name":"get_weather","arguments":{"city":"B"}}</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: 'First:then ',
  },
  {
    name: 'missing close delimiter at the very end',
    text: 'Sure.\n<tool_call>\n{"name": "search", "arguments": {"query": "x"}}\n',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: 'Sure.\n',
  },
  {
    name: 'the closing delimiter inside a JSON string value',
    text: '<tool_call>{"name": "search", "arguments": {"query": "what is </tool_call> for?"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'what is </tool_call> for?' } }],
    prose: '',
  },
  {
    name: 'escapes and unicode in strings',
    text: '<tool_call>{"name": "search", "arguments": {"query": "line\\nbreak \\"q\\" \\u00e9 😀 ünï"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'line\nbreak "q" é 😀 ünï' } }],
    prose: '',
  },
  {
    name: 'a CSV string for an array parameter',
    text: '<tool_call>{"name": "search", "arguments": {"query": "q", "tags": "a, b,c"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'q', tags: ['a', 'b', 'c'] } }],
    prose: '',
  },
  {
    name: 'a stray closing brace after the call is ignored and reported',
    text: '<tool_call>{"name": "search", "arguments": {"query": "x"}}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: '',
    errors: ['trailing-content'],
  },
  {
    name: 'a raw newline inside a string, and "args" as the arguments key',
    text: '<tool_call>{"name": "search", "args": {"query": "two\nlines"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'two\nlines' } }],
    prose: '',
  },
  {
    name: 'an unrepairable body stays text, verbatim',
    text: 'Hmm <tool_call>get_weather(city="Seoul")</tool_call> ok',
    calls: [],
    prose: 'Hmm <tool_call>get_weather(city="Seoul")</tool_call> ok',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a body cut off inside a string stays text',
    text: 'x <tool_call>{"name": "search", "arguments": {"query": "unfinis',
    calls: [],
    prose: 'x <tool_call>{"name": "search", "arguments": {"query": "unfinis',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'an undeclared tool is still surfaced',
    text: '<tool_call>{"name": "launch_rocket", "arguments": {"when": "now"}}</tool_call>',
    calls: [{ toolName: 'launch_rocket', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  {
    name: 'prose with angle brackets and a partial-looking tag',
    text: 'Use <b>bold</b> and <tool or <tool_ca but not a call.',
    calls: [],
    prose: 'Use <b>bold</b> and <tool or <tool_ca but not a call.',
  },
];

const gemmaFixtures: FormatFixture[] = [
  {
    name: 'a fenced call',
    text: 'Checking.\n```tool_call\n{"name": "get_weather", "arguments": {"city": "Kyiv"}}\n```\nDone.',
    calls: [{ toolName: 'get_weather', input: { city: 'Kyiv' } }],
    prose: 'Checking.\nDone.',
  },
  {
    name: 'a fence closed directly after the JSON, with no newline',
    text: '```tool_call\n{"name": "search", "arguments": {"query": "z"}}```',
    calls: [{ toolName: 'search', input: { query: 'z' } }],
    prose: '',
  },
  {
    name: 'ordinary code fences stay text',
    text: 'Example:\n```python\nprint("hi")\n```\n',
    calls: [],
    prose: 'Example:\n```python\nprint("hi")\n```\n',
  },
];

runFormatFixtures('hermes', hermesProtocol(), hermesFixtures, tools);
runFormatFixtures('gemma', gemmaProtocol(), gemmaFixtures, tools);
