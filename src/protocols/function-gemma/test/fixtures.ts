/** Fixtures of the function-gemma format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

const E = '<escape>';

export const functionGemmaFixtures: FormatFixture[] = [
  // FunctionGemma's form (google/functiongemma-270m-it chat template; ollama model/parsers/functiongemma_test.go@fdfe9cec, simple_tool_call).
  {
    name: 'one call',
    text: `<start_function_call>call:get_weather{city:${E}Paris${E}}<end_function_call>`,
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
  // ollama model/parsers/functiongemma_test.go@fdfe9cec, parallel_tool_calls and content_before_tool_call.
  {
    name: 'parallel calls with prose',
    text: `Ok <start_function_call>call:search{query:${E}a${E}}<end_function_call> and <start_function_call>call:get_weather{city:${E}b${E},days:2}<end_function_call>`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b', days: 2 } },
    ],
    prose: 'Ok and',
  },
  // Synthetic edge case.
  {
    name: 'special characters and unicode',
    text: `<start_function_call>call:search{query:${E}"x" \\ y ñ 🙂${E}}<end_function_call>`,
    calls: [{ toolName: 'search', input: { query: '"x" \\ y ñ 🙂' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated stays text',
    text: `<start_function_call>call:search{query:${E}ab`,
    calls: [],
    prose: `<start_function_call>call:search{query:${E}ab`,
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call>`,
    calls: [],
    prose: `<start_function_call>call:search{query ${E}ab${E}}<end_function_call>`,
    errors: ['malformed-tool-call'],
  },
];

export const functionGemmaTools: LanguageModelV4FunctionTool[] = fixtureTools;
