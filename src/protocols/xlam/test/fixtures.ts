/** Fixtures of the xlam format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const xlamFixtures: FormatFixture[] = [
  // vLLM tests/tool_parsers/test_xlam_tool_parser.py@10a67515, list_structured_tool_call (Salesforce/Llama-xLAM-2-8B-fc-r).
  {
    name: 'one call',
    text: '[{"name": "get_weather", "arguments": {"city": "Lagos", "metric": true}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Lagos', metric: true } }],
    prose: '',
  },
  // vLLM test_xlam_tool_parser.py@10a67515, parallel_tool_calls; the whitespace and the trailing text are a synthetic edge case.
  {
    name: 'parallel calls, leading whitespace, trailing text',
    text: '\n [{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]\nDone.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: 'Done.',
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: '[{"name": "search", "arguments": {"query": "q\\"uote\\" — ∑ 🙂"}}]',
    calls: [{ toolName: 'search', input: { query: 'q"uote" — ∑ 🙂' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated stays text',
    text: '[{"name": "search", "arguments": {"query": "abc',
    calls: [],
    prose: '[{"name": "search", "arguments": {"query": "abc',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: '[{"name": "search", "arguments": {"query": "abc"]}] oops',
    calls: [],
    prose: '[{"name": "search", "arguments": {"query": "abc"]}] oops',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a JSON list that is not calls stays text',
    text: '[1, 2, 3] are the numbers.',
    calls: [],
    prose: '[1, 2, 3] are the numbers.',
  },
  // Synthetic edge case.
  {
    name: 'a list in the middle of prose is not a call',
    text: 'Here: [{"name": "get_weather", "arguments": {"city": "x"}}]',
    calls: [],
    prose: 'Here: [{"name": "get_weather", "arguments": {"city": "x"}}]',
  },
  // vLLM test_xlam_tool_parser.py@10a67515, single_tool_with_json_code_block.
  {
    name: 'the call list inside a ```json fence',
    text: '```json\n[{"name": "get_weather", "arguments": {"city": "Oslo"}}]\n```',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a fenced object (an example request) stays text',
    text: '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
    calls: [],
    prose: '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
  },
  {
    // xLAM v1 (Salesforce/xLAM-1b-fc-r format instruction; https://registry.ollama.com/allenporter/xlam).
    name: 'xLAM v1 {"tool_calls": [...]} with two calls, then <|EOT|>',
    text: '{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "search", "arguments": {"query": "fjord"}}]} <|EOT|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo' } },
      { toolName: 'search', input: { query: 'fjord' } },
    ],
    prose: '',
  },
  {
    name: 'an object whose first key is not tool_calls stays text',
    text: '{"calls": [{"name": "get_weather", "arguments": {"city": "Oslo"}}]}',
    calls: [],
    prose: '{"calls": [{"name": "get_weather", "arguments": {"city": "Oslo"}}]}',
  },
];

export const xlamTools: LanguageModelV4FunctionTool[] = fixtureTools;
