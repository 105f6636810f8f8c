import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { mistralProtocol } from './mistral.ts';

runFormatFixtures('mistral', mistralProtocol(), [
  {
    name: 'v13: one call',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "metric": "true"}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', metric: true } }],
    prose: '',
  },
  {
    name: 'v13: parallel calls, prose before',
    text: 'Checking both.[TOOL_CALLS]get_weather[ARGS]{"city": "A"}[TOOL_CALLS]search[ARGS]{"query": "b", "tags": ["x"]}',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b', tags: ['x'] } },
    ],
    prose: 'Checking both.',
  },
  {
    name: 'v11: a [CALL_ID] before [ARGS]',
    text: '[TOOL_CALLS]search[CALL_ID]a1b2c3d4e[ARGS]{"query": "q"}',
    calls: [{ toolName: 'search', input: { query: 'q' } }],
    prose: '',
  },
  {
    name: 'older: a JSON list after [TOOL_CALLS]',
    text: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Rome"}}, {"name": "search", "arguments": {"query": "pasta"}}]',
    calls: [
      { toolName: 'get_weather', input: { city: 'Rome' } },
      { toolName: 'search', input: { query: 'pasta' } },
    ],
    prose: '',
  },
  {
    name: 'escaped and unicode strings',
    text: '[TOOL_CALLS]search[ARGS]{"query": "a\\nb \\"c\\" \\u00fc 日本 🎉"}',
    calls: [{ toolName: 'search', input: { query: 'a\nb "c" ü 日本 🎉' } }],
    prose: '',
  },
  {
    name: 'text after the call',
    text: '[TOOL_CALLS]search[ARGS]{"query": "q"} I will wait.',
    calls: [{ toolName: 'search', input: { query: 'q' } }],
    prose: 'I will wait.',
  },
  {
    name: 'truncated inside the arguments stays text',
    text: '[TOOL_CALLS]search[ARGS]{"query": "cut',
    calls: [],
    prose: '[TOOL_CALLS]search[ARGS]{"query": "cut',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed arguments stay text',
    text: '[TOOL_CALLS]search[ARGS]{"query": "q"]',
    calls: [],
    prose: '[TOOL_CALLS]search[ARGS]{"query": "q"]',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'an undeclared tool is surfaced with an error',
    text: '[TOOL_CALLS]launch[ARGS]{"when": "now"}',
    calls: [{ toolName: 'launch', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  {
    name: 'brackets in prose stay text',
    text: 'Use [TOOL] or [TOOL_CALL] in [brackets].',
    calls: [],
    prose: 'Use [TOOL] or [TOOL_CALL] in [brackets].',
  },
]);
