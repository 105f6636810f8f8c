/**
 * Fixtures of the jamba format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const jambaFixtures: FormatFixture[] = [
  // Scripted after vLLM tests/tool_parsers/test_jamba_tool_parser.py@045d7575, single_tool (the form AI21-Jamba-Mini-1.7's template writes, one call per line).
  {
    name: 'one call, as the template writes it',
    text: ' <tool_calls>[\n    {"name": "get_weather", "arguments": {"city": "Dallas", "days": 3}}\n]</tool_calls>',
    calls: [{ toolName: 'get_weather', input: { city: 'Dallas', days: 3 } }],
    prose: '',
  },
  // Scripted after vLLM tests/tool_parsers/test_jamba_tool_parser.py@045d7575, single_tool_with_content.
  {
    name: 'content right before the block',
    text: ' Sure! let me call the tool for you.<tool_calls>[\n    {"name": "get_weather", "arguments": {"city": "Dallas"}}\n]</tool_calls>',
    calls: [{ toolName: 'get_weather', input: { city: 'Dallas' } }],
    prose: 'Sure! let me call the tool for you.',
  },
  // Scripted after vLLM tests/tool_parsers/test_jamba_tool_parser.py@045d7575, parallel_tools.
  {
    name: 'two calls in one list',
    text: '<tool_calls>[\n    {"name": "get_weather", "arguments": {"city": "Dallas"}},\n    {"name": "get_weather", "arguments": {"city": "Orlando"}}\n]</tool_calls>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Dallas' } },
      { toolName: 'get_weather', input: { city: 'Orlando' } },
    ],
    prose: '',
  },
  // Scripted after llama.cpp models/templates/unsloth-Apriel-1.5.jinja@0374c5b6: Apriel writes the block after a
  // line break, one line, with the call's id.
  {
    name: 'Apriel 1.5: the list on one line, with ids',
    text: 'Checking.\n<tool_calls>[{"name": "search", "arguments": {"query": "a"}, "id": "c1"}, {"name": "search", "arguments": {"query": "b"}, "id": "c2"}]</tool_calls>',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: 'Checking.',
  },
  // Scripted after llama.cpp models/templates/Apriel-1.6-15b-Thinker-fixed.jinja@20bdc4fa: the generation prompt
  // ends with "Here are my reasoning steps:\n", so the model writes its reasoning, [BEGIN FINAL RESPONSE], then
  // the calls on a line of their own, then <|end|>. Read without reasoning: { startInside: true }, the reasoning
  // stays text and onError says what to set (reasoning.test.ts has it with the option).
  {
    name: 'Apriel 1.6: reasoning the template opened, then the calls',
    text: 'The user wants Seoul.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seoul"}}]</tool_calls><|end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'The user wants Seoul.\n[BEGIN FINAL RESPONSE]',
    errors: ['unopened-reasoning'],
  },
  // Scripted (issue 27): call objects separated by commas without the list's brackets.
  {
    name: 'two objects separated by a comma, no brackets',
    text: '<tool_calls>{"name": "search", "arguments": {"query": "a"}},\n{"name": "get_weather", "arguments": {"city": "b"}}</tool_calls>',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
    prose: '',
  },
  // Scripted (issue 27): an empty list and an empty block leave nothing behind.
  {
    name: 'empty blocks leave nothing behind',
    text: 'Nothing to call.<tool_calls>[]</tool_calls><tool_calls></tool_calls>',
    calls: [],
    prose: 'Nothing to call.',
  },
  // Scripted: another project's XML wrapper of the same name is not Jamba's block.
  {
    name: 'an XML body stays text',
    text: 'Use <tool_calls><invoke name="lookup"></invoke></tool_calls> there.',
    calls: [],
    prose: 'Use <tool_calls><invoke name="lookup"></invoke></tool_calls> there.',
  },
  // Scripted: the template ends every message with <|eom|>.
  {
    name: 'the end-of-message token after the block',
    text: '<tool_calls>[{"name": "search", "arguments": {"query": "a"}}]</tool_calls><|eom|>',
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: '',
  },
  // Scripted edge case.
  {
    name: 'malformed JSON stays text',
    text: '<tool_calls>[{"name": "search", "arguments": {"query": "a"]]</tool_calls>',
    calls: [],
    prose: '<tool_calls>[{"name": "search", "arguments": {"query": "a"]]</tool_calls>',
    errors: ['malformed-tool-call'],
  },
  // Scripted edge case.
  {
    name: 'cut off inside the arguments stays text',
    text: '<tool_calls>[{"name": "search", "arguments": {"query": "a',
    calls: [],
    prose: '<tool_calls>[{"name": "search", "arguments": {"query": "a',
    errors: ['unclosed-tool-call'],
  },
];

export const jambaTools: LanguageModelV4FunctionTool[] = fixtureTools;
