import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { graniteProtocol } from './granite.ts';
import { phi4MiniProtocol } from './phi4-mini.ts';
import { xlamProtocol } from './xlam.ts';

runFormatFixtures('granite', graniteProtocol(), [
  {
    name: 'one call',
    text: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Berlin", "days": 3}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Berlin', days: 3 } }],
    prose: '',
  },
  {
    name: 'parallel calls after prose',
    text: 'Sure.\n<|tool_call|>[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: 'Sure.',
  },
  {
    name: 'escaped and unicode strings',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "\\\\path \\"x\\" ñ 🚀"}}]',
    calls: [{ toolName: 'search', input: { query: '\\path "x" ñ 🚀' } }],
    prose: '',
  },
  {
    name: 'truncated stays text',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"',
    calls: [],
    prose: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"}]] tail',
    calls: [],
    prose: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"}]] tail',
    errors: ['malformed-tool-call'],
  },
]);

runFormatFixtures('phi4-mini', phi4MiniProtocol(), [
  {
    name: 'one call',
    text: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  {
    name: 'parallel calls with text around',
    text: 'On it: functools[{"name": "search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"city": "b"}}] ok',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
    prose: 'On it: ok',
  },
  {
    name: 'escaped and unicode strings',
    text: 'functools[{"name": "search", "arguments": {"query": "\\u4e2d\\u6587 and 中文 \\/"}}]',
    calls: [{ toolName: 'search', input: { query: '中文 and 中文 /' } }],
    prose: '',
  },
  {
    name: 'truncated stays text',
    text: 'functools[{"name": "search", "argu',
    calls: [],
    prose: 'functools[{"name": "search", "argu',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: 'functools[get_weather("x")]',
    calls: [],
    prose: 'functools[get_weather("x")]',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'the functools module in prose stays text',
    text: 'Use functools.partial or functools.lru_cache here.',
    calls: [],
    prose: 'Use functools.partial or functools.lru_cache here.',
  },
]);

runFormatFixtures('xlam', xlamProtocol(), [
  {
    name: 'one call',
    text: '[{"name": "get_weather", "arguments": {"city": "Lagos", "metric": true}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Lagos', metric: true } }],
    prose: '',
  },
  {
    name: 'parallel calls, leading whitespace, trailing text',
    text: '\n [{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]\nDone.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: 'Done.',
  },
  {
    name: 'escaped and unicode strings',
    text: '[{"name": "search", "arguments": {"query": "q\\"uote\\" — ∑ 🙂"}}]',
    calls: [{ toolName: 'search', input: { query: 'q"uote" — ∑ 🙂' } }],
    prose: '',
  },
  {
    name: 'truncated stays text',
    text: '[{"name": "search", "arguments": {"query": "abc',
    calls: [],
    prose: '[{"name": "search", "arguments": {"query": "abc',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: '[{"name": "search", "arguments": {"query": "abc"]}] oops',
    calls: [],
    prose: '[{"name": "search", "arguments": {"query": "abc"]}] oops',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'a JSON list that is not calls stays text',
    text: '[1, 2, 3] are the numbers.',
    calls: [],
    prose: '[1, 2, 3] are the numbers.',
  },
  {
    name: 'a list in the middle of prose is not a call',
    text: 'Here: [{"name": "get_weather", "arguments": {"city": "x"}}]',
    calls: [],
    prose: 'Here: [{"name": "get_weather", "arguments": {"city": "x"}}]',
  },
]);
