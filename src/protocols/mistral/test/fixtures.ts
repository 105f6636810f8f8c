/** Fixtures of the mistral format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const mistralFixtures: FormatFixture[] = [
  // The Devstral template's form (llama.cpp models/templates/unsloth-mistral-Devstral-Small-2507.jinja@00fa15fe).
  {
    name: 'v13: one call',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "metric": "true"}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', metric: true } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Devstral block (content before the call); two [TOOL_CALLS] blocks.
  {
    name: 'v13: parallel calls, prose before',
    text: 'Checking both.[TOOL_CALLS]get_weather[ARGS]{"city": "A"}[TOOL_CALLS]search[ARGS]{"query": "b", "tags": ["x"]}',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b', tags: ['x'] } },
    ],
    prose: 'Checking both.',
  },
  // llama.cpp models/templates/Mistral-Small-3.2-24B-Instruct-2506.jinja@901e20bb; llama.cpp tests/test-chat.cpp@f534da26, Mistral Small 3.2 block.
  {
    name: 'v11: a [CALL_ID] before [ARGS]',
    text: '[TOOL_CALLS]search[CALL_ID]a1b2c3d4e[ARGS]{"query": "q"}',
    calls: [{ toolName: 'search', input: { query: 'q' } }],
    prose: '',
  },
  // llama.cpp models/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja@8b576b6c; vLLM tests/tool_parsers/test_mistral_tool_parser.py@002d5731 (pre-v11).
  {
    name: 'older: a JSON list after [TOOL_CALLS]',
    text: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Rome"}}, {"name": "search", "arguments": {"query": "pasta"}}]',
    calls: [
      { toolName: 'get_weather', input: { city: 'Rome' } },
      { toolName: 'search', input: { query: 'pasta' } },
    ],
    prose: '',
  },
  // vLLM tests/tool_parsers/test_mistral_tool_parser.py@002d5731, test_extract_tool_calls (v11 [TOOL_CALLS]name{…}).
  {
    name: 'v11+: the name right before the arguments, without [ARGS]',
    text: '[TOOL_CALLS]get_weather{"city": "Paris"}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
  // vLLM test_mistral_tool_parser.py@002d5731, multiple_tool_calls; mixing the forms is a synthetic edge case.
  {
    name: 'several [TOOL_CALLS] blocks, mixed forms, in one answer',
    text: 'Both.[TOOL_CALLS]get_weather[ARGS]{"city": "A"}[TOOL_CALLS]search{"query": "b"}[TOOL_CALLS] [{"name": "search", "arguments": {"query": "c"}}]',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b' } },
      { toolName: 'search', input: { query: 'c' } },
    ],
    prose: 'Both.',
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: '[TOOL_CALLS]search[ARGS]{"query": "a\\nb \\"c\\" \\u00fc 日本 🎉"}',
    calls: [{ toolName: 'search', input: { query: 'a\nb "c" ü 日本 🎉' } }],
    prose: '',
  },
  // vLLM test_mistral_tool_parser.py@002d5731, trailing_data_after_json.
  {
    name: 'text after the call',
    text: '[TOOL_CALLS]search[ARGS]{"query": "q"} I will wait.',
    calls: [{ toolName: 'search', input: { query: 'q' } }],
    prose: 'I will wait.',
  },
  // Synthetic edge case.
  {
    name: 'truncated inside the arguments stays text',
    text: '[TOOL_CALLS]search[ARGS]{"query": "cut',
    calls: [],
    prose: '[TOOL_CALLS]search[ARGS]{"query": "cut',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed arguments stay text',
    text: '[TOOL_CALLS]search[ARGS]{"query": "q"]',
    calls: [],
    prose: '[TOOL_CALLS]search[ARGS]{"query": "q"]',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'an undeclared tool is surfaced with an error',
    text: '[TOOL_CALLS]launch[ARGS]{"when": "now"}',
    calls: [{ toolName: 'launch', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  // Synthetic edge case.
  {
    name: 'brackets in prose stay text',
    text: 'Use [TOOL] or [TOOL_CALL] in [brackets].',
    calls: [],
    prose: 'Use [TOOL] or [TOOL_CALL] in [brackets].',
  },
];

export const mistralTools: LanguageModelV4FunctionTool[] = fixtureTools;
