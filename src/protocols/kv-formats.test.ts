import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { functionGemmaProtocol } from './function-gemma.ts';
import { gemma4Protocol } from './gemma4.ts';
import { glmProtocol } from './glm.ts';
import { minimaxM2Protocol } from './minimax-m2.ts';

runFormatFixtures('glm', glmProtocol(), [
  {
    name: 'one call, values coerced by the schema',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Beijing', days: 3 } }],
    prose: '',
  },
  {
    name: 'parallel calls with prose around',
    text: 'Let me check.\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>a</arg_value>\n</tool_call>\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>b</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>["x", "y"]</arg_value>\n</tool_call>\nOK.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Let me check. OK.',
  },
  {
    name: 'raw special characters and unicode in values',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>a "quoted" \\ back <b> 北京 😀</arg_value>\n</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'a "quoted" \\ back <b> 北京 😀' } }],
    prose: '',
  },
  {
    name: 'Hermes-style JSON in the same tag',
    text: '<tool_call>\n{"name": "search", "arguments": {"query": "j"}}\n</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'j' } }],
    prose: '',
  },
  {
    name: 'GLM-4 name then JSON arguments',
    text: '<tool_call>get_weather\n{"city": "Xi\'an"}\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: "Xi'an" } }],
    prose: '',
  },
  {
    name: 'truncated inside a value stays text',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>abc',
    calls: [],
    prose: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>abc',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed structure stays text',
    text: '<tool_call>search\n<arg_value>abc</arg_value>\n</tool_call> after',
    calls: [],
    prose: '<tool_call>search\n<arg_value>abc</arg_value>\n</tool_call> after',
    errors: ['malformed-tool-call'],
  },
]);

runFormatFixtures('minimax-m2', minimaxM2Protocol(), [
  {
    name: 'one call',
    text: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="metric">true</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', metric: true } }],
    prose: '',
  },
  {
    name: 'parallel invokes with prose before and after',
    text: 'Checking.\n<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">a</parameter>\n</invoke>\n<invoke name="search">\n<parameter name="query">b</parameter>\n<parameter name="tags">x, y</parameter>\n</invoke>\n</minimax:tool_call>\nDone.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Checking. Done.',
  },
  {
    name: 'special characters and unicode in values',
    text: '<minimax:tool_call><invoke name="search"><parameter name="query">if a < b && "c" \\n 日本語 🎌</parameter></invoke></minimax:tool_call>',
    calls: [{ toolName: 'search', input: { query: 'if a < b && "c" \\n 日本語 🎌' } }],
    prose: '',
  },
  {
    name: 'truncated stays text',
    text: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">ab',
    calls: [],
    prose: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">ab',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: '<minimax:tool_call>\n<call name="search">x</call>\n</minimax:tool_call>',
    calls: [],
    prose: '<minimax:tool_call>\n<call name="search">x</call>\n</minimax:tool_call>',
    errors: ['malformed-tool-call'],
  },
]);

const Q = '<|"|>';
runFormatFixtures('gemma4', gemma4Protocol(), [
  {
    name: 'one call with a string, a number and a boolean',
    text: `<|tool_call>call:get_weather{city:${Q}London${Q},days:3,metric:true}<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'London', days: 3, metric: true } }],
    prose: '',
  },
  {
    name: 'parallel calls, prose, a list value',
    text: `Sure.<|tool_call>call:search{query:${Q}a${Q}}<tool_call|><|tool_call>call:search{query:${Q}b${Q},tags:[${Q}x${Q},${Q}y${Q}]}<tool_call|>Thanks.`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Sure.Thanks.',
  },
  {
    name: 'raw quotes, backslashes, braces and unicode in a string',
    text: `<|tool_call>call:search{query:${Q}say "hi" \\o/ {x} — 東京 🗼${Q}}<tool_call|>`,
    calls: [{ toolName: 'search', input: { query: 'say "hi" \\o/ {x} — 東京 🗼' } }],
    prose: '',
  },
  {
    name: 'truncated inside a string stays text',
    text: `<|tool_call>call:search{query:${Q}abc`,
    calls: [],
    prose: `<|tool_call>call:search{query:${Q}abc`,
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: `<|tool_call>search(${Q}x${Q})<tool_call|>`,
    calls: [],
    prose: `<|tool_call>search(${Q}x${Q})<tool_call|>`,
    errors: ['malformed-tool-call'],
  },
]);

const E = '<escape>';
runFormatFixtures('function-gemma', functionGemmaProtocol(), [
  {
    name: 'one call',
    text: `<start_function_call>call:get_weather{city:${E}Paris${E}}<end_function_call>`,
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
  {
    name: 'parallel calls with prose',
    text: `Ok <start_function_call>call:search{query:${E}a${E}}<end_function_call> and <start_function_call>call:get_weather{city:${E}b${E},days:2}<end_function_call>`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b', days: 2 } },
    ],
    prose: 'Ok and',
  },
  {
    name: 'special characters and unicode',
    text: `<start_function_call>call:search{query:${E}"x" \\ y ñ 🙂${E}}<end_function_call>`,
    calls: [{ toolName: 'search', input: { query: '"x" \\ y ñ 🙂' } }],
    prose: '',
  },
  {
    name: 'truncated stays text',
    text: `<start_function_call>call:search{query:${E}ab`,
    calls: [],
    prose: `<start_function_call>call:search{query:${E}ab`,
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'malformed stays text',
    text: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call>`,
    calls: [],
    prose: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call>`,
    errors: ['malformed-tool-call'],
  },
]);
