/**
 * Fixtures of the internlm format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools, functionTool } from '../../../test/fixtures/tools.ts';

export const internlmFixtures: FormatFixture[] = [
  // Scripted after InternLM/InternLM chat/chat_format.md@2270e6f0, the function-call example: the model speaks,
  // then writes the block, its JSON on the line after the opener.
  {
    name: 'prose, then one call, as the chat format shows it',
    text: 'Sure, I will search for the weather of Shanghai.<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Shanghai"}}<|action_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Shanghai' } }],
    prose: 'Sure, I will search for the weather of Shanghai.',
  },
  // Scripted after the single_tool_call_output of vLLM tests/tool_parsers/test_internlm2_tool_parser.py@9066f23a: no line break after the opener.
  {
    name: 'the JSON right after the opener',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  // Scripted after test_nonstreaming_supports_multiple_action_blocks of vLLM tests/tool_parsers/test_intern_s1_tool_parser.py@76f6becc.
  {
    name: 'two blocks, then the answer',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>\n<|action_start|><|plugin|>{"name": "get_time", "parameters": {"timezone": "Asia/Tokyo"}}<|action_end|>\nVisible answer.',
    calls: [
      { toolName: 'get_weather', input: { city: 'Tokyo' } },
      { toolName: 'get_time', input: { timezone: 'Asia/Tokyo' } },
    ],
    prose: 'Visible answer.',
  },
  // Scripted after test_nonstreaming_supports_spaced_special_tokens of vLLM tests/tool_parsers/test_intern_s1_tool_parser.py@76f6becc.
  {
    name: 'a blank between the special tokens, line breaks around the JSON',
    text: '<|action_start|> <|plugin|>\n{"name": "get_weather", "parameters": {"city": "Tokyo"}}\n<|action_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  // Scripted after the various_data_types_output of vLLM tests/tool_parsers/test_internlm2_tool_parser.py@9066f23a, with the tool's schema declared.
  {
    name: 'every JSON type, pretty-printed',
    text: '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}<|action_end|>',
    calls: [
      {
        toolName: 'test_function',
        input: {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: { nested: 'value' },
          empty_array: [],
          empty_object: {},
        },
      },
    ],
    prose: '',
  },
  // Scripted after the empty_arguments_output of vLLM tests/tool_parsers/test_internlm2_tool_parser.py@9066f23a.
  {
    name: 'empty parameters',
    text: '<|action_start|><|plugin|>{"name": "refresh", "parameters": {}}<|action_end|>',
    calls: [{ toolName: 'refresh', input: {} }],
    prose: '',
  },
  // Scripted after InternLM's chat format: the assistant turn ends with <|im_end|> after the block.
  {
    name: 'the end of turn after the block',
    text: 'Checking.<|action_start|><|plugin|>\n{"name": "search", "parameters": {"query": "internlm"}}<|action_end|><|im_end|>',
    calls: [{ toolName: 'search', input: { query: 'internlm' } }],
    prose: 'Checking.',
  },
  // Scripted after Intern-S1's thinking markers (vLLM tests/tool_parsers/test_intern_s1_tool_parser.py@76f6becc
  // adds <think> and </think> to the tokenizer beside the action tokens); here the model opens the block itself.
  {
    name: 'thinking, then a call',
    text: '<think>The user wants Paris.</think>\n<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
    reasoning: 'The user wants Paris.',
  },
  // Scripted after InternLM's chat format: the code interpreter block is no tool call and stays text.
  {
    name: 'the code interpreter block stays text',
    text: 'Here:\n<|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|>',
    calls: [],
    prose: 'Here:\n<|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|>',
  },
  // Scripted after the malformed_input_outputs of vLLM tests/tool_parsers/test_internlm2_tool_parser.py@9066f23a ("not json").
  {
    name: 'a body that is no JSON stays text',
    text: '<|action_start|><|plugin|>not json<|action_end|>',
    calls: [],
    prose: '<|action_start|><|plugin|>not json<|action_end|>',
    errors: ['malformed-tool-call'],
  },
  // Scripted after test_nonstreaming_gracefully_handles_malformed_json of vLLM tests/tool_parsers/test_intern_s1_tool_parser.py@76f6becc.
  {
    name: 'cut off inside the parameters stays text',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {',
    calls: [],
    prose: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {',
    errors: ['unclosed-tool-call'],
  },
];

export const internlmTools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  functionTool('get_time', { type: 'object', properties: { timezone: { type: 'string' } } }),
  functionTool('refresh', { type: 'object', properties: {} }),
  functionTool('test_function', { type: 'object' }),
];
