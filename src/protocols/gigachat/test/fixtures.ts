/**
 * Fixtures of the gigachat format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools, functionTool } from '../../../test/fixtures/tools.ts';

const memory = '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}';
const memoryCall = { toolName: 'manage_user_memory', input: { action: 'create', id: 'preferences' } };
const gcmlParam = (name: string, value: string, string: boolean) =>
  `<｜GCML｜parameter name="${name}" string="${string}">${value}</｜GCML｜parameter>`;

export const gigachatFixtures: FormatFixture[] = [
  // Scripted after vLLM tests/tool_parsers/test_gigachat3_tool_parser.py@9188f3f4, simple_*_gigachat3.
  {
    name: 'GigaChat 3: the separator, the call header, the JSON',
    text: `<|message_sep|>\n\nfunction call<|role_sep|>\n${memory}`,
    calls: [memoryCall],
    prose: '',
  },
  // Scripted after the same test, mixed_content_*_with_eos_gigachat3.
  {
    name: 'GigaChat 3: content before, </s> after',
    text: `I'll check that for you.<|message_sep|>\n\nfunction call<|role_sep|>\n${memory}</s>`,
    calls: [memoryCall],
    prose: "I'll check that for you.",
  },
  // Scripted after the same test, complex_*_gigachat3 (a nested object and booleans).
  {
    name: 'GigaChat 3: nested arguments',
    text: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "english_ui": false}}}',
    calls: [
      {
        toolName: 'manage_user_memory',
        input: { action: 'create', id: 'preferences', content: { short_answers: true, english_ui: false } },
      },
    ],
    prose: '',
  },
  // Scripted after llama.cpp models/templates/GigaChat3-10B-A1.8B.jinja@6f9ffbd9: the call's message ends with the
  // separator too.
  {
    name: 'GigaChat 3: the call message closed by its separator',
    text: 'Looking.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Moscow"}}<|message_sep|>\n\n',
    calls: [{ toolName: 'get_weather', input: { city: 'Moscow' } }],
    prose: 'Looking.',
  },
  // Scripted after test_gigachat3_tool_parser.py@9188f3f4, parameterless_*_gigachat31.
  {
    name: 'GigaChat 3.1: <|function_call|> and empty arguments',
    text: '<|function_call|>{"name": "manage_user_memory", "arguments": {}}',
    calls: [{ toolName: 'manage_user_memory', input: {} }],
    prose: '',
  },
  // Scripted after the same test, mixed_content_*_with_eos_gigachat31.
  {
    name: 'GigaChat 3.1: content before, </s> after',
    text: `I'll check that for you.<|function_call|>${memory}</s>`,
    calls: [memoryCall],
    prose: "I'll check that for you.",
  },
  // Scripted after vLLM tests/tool_parsers/test_gigachat35_tool_parser.py@053521db, parallel_tool_calls_output.
  {
    name: 'GigaChat 3.5: two invokes in a GCML block',
    text: `<｜GCML｜tool_calls><｜GCML｜invoke name="get_weather">${gcmlParam('city', 'Tokyo', true)}</｜GCML｜invoke><｜GCML｜invoke name="get_time">${gcmlParam('timezone', 'Asia/Tokyo', true)}</｜GCML｜invoke></｜GCML｜tool_calls>`,
    calls: [
      { toolName: 'get_weather', input: { city: 'Tokyo' } },
      { toolName: 'get_time', input: { timezone: 'Asia/Tokyo' } },
    ],
    prose: '',
  },
  // Scripted after the same test, surrounding_text_output and test_string_false_json_object: string="false" values
  // are JSON.
  {
    name: 'GigaChat 3.5: text before, typed values',
    text: `I will check.<｜GCML｜tool_calls><｜GCML｜invoke name="store">${gcmlParam('payload', '{"a": 1}', false)}${gcmlParam('count', '7', false)}</｜GCML｜invoke></｜GCML｜tool_calls>`,
    calls: [{ toolName: 'store', input: { payload: { a: 1 }, count: 7 } }],
    prose: 'I will check.',
  },
  // Scripted: "function call" in prose, without the role separator token, is no call.
  {
    name: 'the words "function call" in prose stay text',
    text: 'A function call is how the model asks for data.',
    calls: [],
    prose: 'A function call is how the model asks for data.',
  },
  // Scripted edge case.
  {
    name: 'malformed JSON stays text',
    text: 'So.<|function_call|>{"name": "get_weather", "arguments": {"city": "Oslo"]]',
    calls: [],
    prose: 'So.<|function_call|>{"name": "get_weather", "arguments": {"city": "Oslo"]]',
    errors: ['malformed-tool-call'],
  },
];

export const gigachatTools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  functionTool('manage_user_memory', {
    type: 'object',
    properties: { action: { type: 'string' }, id: { type: 'string' }, content: { type: 'object' } },
  }),
  functionTool('get_time', { type: 'object', properties: { timezone: { type: 'string' } } }),
  functionTool('store', { type: 'object', properties: { payload: { type: 'object' }, count: { type: 'number' } } }),
];
