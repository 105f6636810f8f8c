/**
 * Fixtures of the apertus format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools, functionTool } from '../../../test/fixtures/tools.ts';

export const apertusFixtures: FormatFixture[] = [
  // Scripted after vLLM tests/tool_parsers/test_apertus_tool_parser.py@f9a76f4f, test_single_tool_call.
  {
    name: 'one call',
    text: '<|tools_prefix|>[{"get_weather": {"city": "London"}}]<|tools_suffix|>',
    calls: [{ toolName: 'get_weather', input: { city: 'London' } }],
    prose: '',
  },
  // Scripted after the same test, test_text_before_tool_call.
  {
    name: 'text before the list',
    text: 'Let me check the weather for you. <|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: 'Let me check the weather for you.',
  },
  // Scripted after the same test, test_multiple_tool_calls.
  {
    name: 'two calls in one list',
    text: '<|tools_prefix|>[{"get_weather": {"city": "London"}}, {"get_time": {"location": "London"}}]<|tools_suffix|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'London' } },
      { toolName: 'get_time', input: { location: 'London' } },
    ],
    prose: '',
  },
  // Scripted after the same test, test_nested_arguments.
  {
    name: 'nested arguments',
    text: '<|tools_prefix|>[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]<|tools_suffix|>',
    calls: [{ toolName: 'complex_function', input: { nested: { inner: 'value' }, list: ['a', 'b'] } }],
    prose: '',
  },
  // Scripted after the same test, test_missing_tool_suffix.
  {
    name: 'the suffix missing at the end',
    text: '<|tools_prefix|>[{"get_weather": {"city": "San Francisco", "days": 2}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'San Francisco', days: 2 } }],
    prose: '',
  },
  // Scripted after swiss-ai/apertus_format docs/format.md@e473d76c, the rendered example: the inner section,
  // then the calls, then the end of the message.
  {
    name: 'the inner section, then a call',
    text: '<|inner_prefix|>I need to calculate this.<|inner_suffix|>\n<|tools_prefix|>[{"calculator": {"expr": "2+2"}}]<|tools_suffix|><|assistant_end|>',
    calls: [{ toolName: 'calculator', input: { expr: '2+2' } }],
    prose: '',
    reasoning: 'I need to calculate this.',
  },
  // Scripted (issue 37, item 2): a broken element costs only itself; the calls around it run.
  {
    name: 'a broken element between two calls',
    text: '<|tools_prefix|>[{"get_weather": {"city": "Bern"}}, {"search": 5}, {"search": {"query": "Zurich"}}]<|tools_suffix|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Bern' } },
      { toolName: 'search', input: { query: 'Zurich' } },
    ],
    prose: '{"search": 5}',
    errors: ['malformed-tool-call'],
  },
  // Scripted after ollama/ollama model/parsers/apertus15_test.go@15b4c6cf, TestApertus15ParserToolCalls: compact
  // JSON, text before.
  {
    name: 'compact JSON, two calls after text',
    text: 'I will check.<|tools_prefix|>[{"get_weather":{"city":"Zurich"}},{"get_time":{"location":"CET"}}]<|tools_suffix|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Zurich' } },
      { toolName: 'get_time', input: { location: 'CET' } },
    ],
    prose: 'I will check.',
  },
  // Scripted after the same test file, TestApertus15ParserMultipleToolEnvelopesWithContent.
  {
    name: 'two lists with text between and after',
    text: 'Before.<|tools_prefix|>[{"get_weather": {"city": "Bern"}}]<|tools_suffix|>Between.<|tools_prefix|>[{"search": {"query": "Bern"}}]<|tools_suffix|>After.',
    calls: [
      { toolName: 'get_weather', input: { city: 'Bern' } },
      { toolName: 'search', input: { query: 'Bern' } },
    ],
    prose: 'Before.Between.After.',
  },
  // Scripted after the same test file, TestApertus15ParserRejectsMalformedToolCalls: an element with two keys
  // names no one tool; with no call in it, the whole block stays text.
  {
    name: 'an element with two keys stays text',
    text: '<|tools_prefix|>[{"get_weather": {}, "search": {}}]<|tools_suffix|>',
    calls: [],
    prose: '<|tools_prefix|>[{"get_weather": {}, "search": {}}]<|tools_suffix|>',
    errors: ['malformed-tool-call'],
  },
  // Scripted: an empty list calls nothing and leaves nothing behind.
  {
    name: 'an empty list leaves nothing behind',
    text: 'Nothing to do.<|tools_prefix|>[]<|tools_suffix|>',
    calls: [],
    prose: 'Nothing to do.',
  },
  // Scripted after test_incomplete_tool_call of the same vLLM test, which completes the cut-off JSON into a
  // call; toolshim runs no call the model did not finish, and keeps its text.
  {
    name: 'cut off inside the arguments stays text',
    text: '<|tools_prefix|>[{"get_weather": {"city": "London"}',
    calls: [],
    prose: '<|tools_prefix|>[{"get_weather": {"city": "London"}',
    errors: ['unclosed-tool-call'],
  },
];

export const apertusTools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  functionTool('get_time', { type: 'object', properties: { location: { type: 'string' } } }),
  functionTool('complex_function', { type: 'object' }),
  functionTool('calculator', { type: 'object', properties: { expr: { type: 'string' } } }),
];
