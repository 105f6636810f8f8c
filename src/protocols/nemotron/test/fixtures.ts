/**
 * Fixtures of the nemotron format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const nemotronFixtures: FormatFixture[] = [
  // Scripted in the form the template writes a turn's calls (llama.cpp models/templates/NVIDIA-Nemotron-Nano-v2.jinja@f01caef7): one list in <TOOLCALL>.
  {
    name: 'one call, as the template writes it',
    text: '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "days": 2}}]</TOOLCALL>',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo', days: 2 } }],
    prose: '',
  },
  // Scripted after the same template: the content, a blank line, then the calls.
  {
    name: 'content, a blank line, then two calls in one list',
    text: 'Let me check.\n\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "search", "arguments": {"query": "rain"}}]</TOOLCALL>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Tokyo' } },
      { toolName: 'search', input: { query: 'rain' } },
    ],
    prose: 'Let me check.',
  },
  // Scripted after vLLM tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45, test_extract_tool_calls_wraps_single_object: one object, no list.
  {
    name: 'one object without the list',
    text: '<TOOLCALL>{"name": "search", "arguments": {"query": "vllm"}}</TOOLCALL>',
    calls: [{ toolName: 'search', input: { query: 'vllm' } }],
    prose: '',
  },
  // Scripted after vLLM tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45, test_extract_tool_calls_supports_string_arguments.
  {
    name: 'arguments as a JSON string',
    text: '<TOOLCALL>[{"name": "search", "arguments": "{\\"query\\": \\"select 1\\"}"}]</TOOLCALL>',
    calls: [{ toolName: 'search', input: { query: 'select 1' } }],
    prose: '',
  },
  // Scripted after vLLM tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45, test_extract_tool_calls_keeps_think_block_as_content; toolshim reads the block as
  // reasoning (the template strips it from history as thinking).
  {
    name: 'thinking, then the call',
    text: '<think>\nI need the weather for Tokyo.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]</TOOLCALL>',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
    reasoning: 'I need the weather for Tokyo.',
  },
  // Scripted after vLLM tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45, test_extract_tool_calls_returns_original_for_malformed.
  {
    name: 'malformed JSON stays text',
    text: '<TOOLCALL>[{"name": "search", "arguments": {}</TOOLCALL>',
    calls: [],
    prose: '<TOOLCALL>[{"name": "search", "arguments": {}</TOOLCALL>',
    errors: ['malformed-tool-call'],
  },
  // Scripted (issue 27): several call objects separated by commas, without the list's brackets.
  {
    name: 'two objects separated by a comma, no brackets',
    text: '<TOOLCALL>{"name": "search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"city": "b"}}</TOOLCALL>',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
    prose: '',
  },
  // Scripted (issue 27): an empty list is no call, and its markup no text.
  {
    name: 'an empty list leaves nothing behind',
    text: 'No tool needed.<TOOLCALL>[]</TOOLCALL>',
    calls: [],
    prose: 'No tool needed.',
  },
  // Scripted (issue 27): an empty block.
  {
    name: 'an empty block leaves nothing behind',
    text: 'Done.<TOOLCALL></TOOLCALL>',
    calls: [],
    prose: 'Done.',
  },
  // Scripted (issue 27): the engine dropped the opening token; the list opens the answer and its end token follows.
  {
    name: 'the end token alone after a bare list',
    text: '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</TOOLCALL>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // Scripted (issue 27): a lone end token in the answer is markup, not prose.
  {
    name: 'the end token alone in the answer is dropped',
    text: 'It is sunny.</TOOLCALL>',
    calls: [],
    prose: 'It is sunny.',
  },
  // Scripted: the template ends an assistant turn with <SPECIAL_12>; the output may keep it.
  {
    name: 'a missing close token and the end-of-turn token at the end',
    text: '<TOOLCALL>[{"name": "search", "arguments": {"query": "a"}}]\n<SPECIAL_12>',
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: '',
  },
  // Scripted edge case.
  {
    name: 'cut off inside the arguments stays text',
    text: '<TOOLCALL>[{"name": "search", "arguments": {"query": "a"',
    calls: [],
    prose: '<TOOLCALL>[{"name": "search", "arguments": {"query": "a"',
    errors: ['unclosed-tool-call'],
  },
];

export const nemotronTools: LanguageModelV4FunctionTool[] = fixtureTools;
