/** Fixtures of the granite format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const graniteFixtures: FormatFixture[] = [
  // The Granite 3.3 template's form (llama.cpp models/templates/ibm-granite-granite-3.3-2B-Instruct.jinja@3db4da56: <|tool_call|> then a JSON list).
  {
    name: 'one call',
    text: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Berlin", "days": 3}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Berlin', days: 3 } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@34df42f7, Granite 3.3 block; two calls in the template's list.
  {
    name: 'parallel calls after prose',
    text: 'Sure.\n<|tool_call|>[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: 'Sure.',
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "\\\\path \\"x\\" ñ 🚀"}}]',
    calls: [{ toolName: 'search', input: { query: '\\path "x" ñ 🚀' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated stays text',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"',
    calls: [],
    prose: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"}]] tail',
    calls: [],
    prose: '<|tool_call|>[{"name": "search", "arguments": {"query": "a"}]] tail',
    errors: ['malformed-tool-call'],
  },
  // llama.cpp models/templates/ibm-granite-granite-4.0.jinja@6137c325 (<tool_call> JSON); the list-in-one-tag shape from vLLM tests/tool_parsers/test_xlam_tool_parser.py@10a67515.
  {
    name: 'Granite 4: Hermes tags, and a JSON list in one tag',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n<tool_call>[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo' } },
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  // Granite 3.3's thinking prompt (llama.cpp models/templates/ibm-granite-granite-3.3-2B-Instruct.jinja@3db4da56): the answer between <response></response>.
  {
    name: 'the <response> wrapper opening the answer is dropped; a call after it still counts',
    text: '<response>Let me check.</response>\n<|tool_call|>[{"name": "search", "arguments": {"query": "a"}}]',
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'Let me check.\n',
  },
  // Synthetic edge case: the same tags inside prose are prose.
  {
    name: '<response> inside prose stays text',
    text: 'Wrap it as <response>x</response> please.',
    calls: [],
    prose: 'Wrap it as <response>x</response> please.',
  },
];

export const graniteTools: LanguageModelV4FunctionTool[] = fixtureTools;
