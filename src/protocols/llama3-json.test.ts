import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { llama3JsonProtocol } from './llama3-json.ts';

runFormatFixtures('llama3-json', llama3JsonProtocol(), [
  {
    name: 'a single bare call',
    text: '{"name": "get_weather", "parameters": {"city": "Paris", "days": "2"}}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 2 } }],
    prose: '',
  },
  {
    name: 'after <|python_tag|>, with "arguments"',
    text: '<|python_tag|>{"name": "search", "arguments": {"query": "llamas"}}',
    calls: [{ toolName: 'search', input: { query: 'llamas' } }],
    prose: '',
  },
  {
    name: 'parallel calls separated by ";" and by newlines',
    text: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "A"}}; {"name": "get_weather", "parameters": {"city": "B"}}\n{"name": "search", "parameters": {"query": "c"}}',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
      { toolName: 'search', input: { query: 'c' } },
    ],
    prose: '',
  },
  {
    name: 'prose before a python_tag call and after it',
    text: 'Let me look.<|python_tag|>{"name": "search", "parameters": {"query": "x"}}\nDone; thanks.',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: 'Let me look.Done; thanks.',
  },
  {
    name: 'escaped and unicode strings',
    text: '{"name": "search", "parameters": {"query": "tab\\t\\"q\\" \\u00e9 😀 Ωmega"}}',
    calls: [{ toolName: 'search', input: { query: 'tab\t"q" é 😀 Ωmega' } }],
    prose: '',
  },
  {
    name: 'a call truncated inside a string stays text',
    text: '<|python_tag|>{"name": "search", "parameters": {"query": "unfini',
    calls: [],
    prose: '<|python_tag|>{"name": "search", "parameters": {"query": "unfini',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed JSON after python_tag stays text',
    text: '<|python_tag|>brave_search.call(query="x")',
    calls: [],
    prose: '<|python_tag|>brave_search.call(query="x")',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'JSON inside prose is not a call',
    text: 'Send {"name": "get_weather", "parameters": {"city": "A"}} to the API.',
    calls: [],
    prose: 'Send {"name": "get_weather", "parameters": {"city": "A"}} to the API.',
  },
  {
    name: 'a bare JSON answer naming an undeclared tool stays text, silently',
    text: '{"name": "Bob", "age": 3}',
    calls: [],
    prose: '{"name": "Bob", "age": 3}',
  },
  {
    name: 'a bare JSON answer that is not a call stays text',
    text: '{"temperature": 21, "unit": "C"}',
    calls: [],
    prose: '{"temperature": 21, "unit": "C"}',
  },
]);
