/** Fixtures of the phi4-mini format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const phi4MiniFixtures: FormatFixture[] = [
  // vLLM tests/tool_parsers/test_phi4mini_tool_parser.py@2471a1c1, single_tool_call_output.
  {
    name: 'one call',
    text: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  // vLLM test_phi4mini_tool_parser.py@2471a1c1, parallel_tool_calls_output and surrounding_text_output.
  {
    name: 'parallel calls with text around',
    text: 'On it: functools[{"name": "search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"city": "b"}}] ok',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
    prose: 'On it: ok',
  },
  // vLLM test_phi4mini_tool_parser.py@2471a1c1, escaped_strings_output.
  {
    name: 'escaped and unicode strings',
    text: 'functools[{"name": "search", "arguments": {"query": "\\u4e2d\\u6587 and 中文 \\/"}}]',
    calls: [{ toolName: 'search', input: { query: '中文 and 中文 /' } }],
    prose: '',
  },
  // vLLM test_phi4mini_tool_parser.py@2471a1c1, malformed_input_outputs (a call cut off).
  {
    name: 'truncated stays text',
    text: 'functools[{"name": "search", "argu',
    calls: [],
    prose: 'functools[{"name": "search", "argu',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: 'functools[get_weather("x")]',
    calls: [],
    prose: 'functools[get_weather("x")]',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'the functools module in prose stays text',
    text: 'Use functools.partial or functools.lru_cache here.',
    calls: [],
    prose: 'Use functools.partial or functools.lru_cache here.',
  },
  {
    // The form the chat template teaches (ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja).
    name: '<|tool_call|>{json}<|/tool_call|>, twice, with text before',
    text: 'Both.<|tool_call|>{"name": "get_weather", "arguments": {"city": "Oslo"}}<|/tool_call|><|tool_call|>{"name": "search", "arguments": {"query": "fjord"}}<|/tool_call|><|end|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo' } },
      { toolName: 'search', input: { query: 'fjord' } },
    ],
    prose: 'Both.',
  },
  {
    name: '<|tool_call|> cut off inside the JSON stays text',
    text: '<|tool_call|>{"name": "search", "arguments": {"query": "fj',
    calls: [],
    prose: '<|tool_call|>{"name": "search", "arguments": {"query": "fj',
    errors: ['unclosed-tool-call'],
  },
];

export const phi4MiniTools: LanguageModelV4FunctionTool[] = fixtureTools;
