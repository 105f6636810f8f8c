/**
 * Fixtures of the OLMo 3 format: fed whole, one char at a time and at random
 * splits, through its preset and through auto. The block and the value
 * syntax follow allenai's OLMo 3 chat template (calls rendered as
 * `name(key=<tojson value>)` inside `<function_calls>`) and vLLM's olmo3 tool
 * parser (vllm/entrypoints/openai/tool_parsers/olmo3_tool_parser.py: one call
 * per line, JSON literals accepted); the texts are ours.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const olmo3Fixtures: FormatFixture[] = [
  // vLLM tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc, test_tool_call[simple] (no newlines in the block).
  {
    name: 'one call',
    text: '<function_calls>get_weather(city="Paris", days=2)</function_calls>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 2 } }],
    prose: '',
  },
  // vLLM test_olmo3_tool_parser.py@2aac44dc, parallel_calls and more_types_json_literals; ollama model/parsers/olmo3_test.go@fdfe9cec, "content then tool call".
  {
    name: 'one call per line, JSON and Python literals, prose before',
    text: 'Let me look.\n<function_calls>\nget_weather(city="Oslo", metric=true)\nsearch(query=\'museums\', tags=["art", "free"])\n</function_calls>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo', metric: true } },
      { toolName: 'search', input: { query: 'museums', tags: ['art', 'free'] } },
    ],
    prose: 'Let me look.',
  },
  // ollama model/parsers/olmo3_think_test.go@0c5e5f66 (OLMo 3 Think opens with <think>); the calls after it are a synthetic combination.
  {
    name: 'thinking first (OLMo 3 Think), then the block, then the end of turn',
    text: '<think>They want Oslo.</think>\n<function_calls>get_weather(city="Oslo")</function_calls><|im_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
    reasoning: 'They want Oslo.',
  },
  // Synthetic edge case.
  {
    name: 'a block cut off inside a call stays text',
    text: '<function_calls>get_weather(city="Os',
    calls: [],
    prose: '<function_calls>get_weather(city="Os',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'the block named in prose stays text (reported: it may be a broken call)',
    text: 'OLMo writes calls inside <function_calls> blocks.',
    calls: [],
    prose: 'OLMo writes calls inside <function_calls> blocks.',
    errors: ['unclosed-tool-call'],
  },
];

export const olmo3Tools: LanguageModelV4FunctionTool[] = fixtureTools;
