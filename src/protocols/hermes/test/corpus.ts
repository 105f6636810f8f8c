/**
 * Hermes / Qwen `<tool_call>` JSON. Our own texts written to the patterns of
 * the sources named on each case (synthetic, not recorded outputs).
 */
import { LCPP_TEST_OLD, T_QWEN3, V_HERMES } from '../../../test/corpus/sources.ts';
import { weatherTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const QWEN3 = `${T_QWEN3} (tool_call block; Qwen/Qwen3-8B on Hugging Face ships the same template)`;
const P = ['hermes'];

export const hermesCorpus: CorpusCase[] = [
  {
    name: 'template form: newline-padded JSON in <tool_call>',
    source: QWEN3,
    text: 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Lyon"}}\n</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Lyon' } }],
    text_out: 'Checking.',
  },
  {
    name: 'two parallel calls, one block each',
    source: QWEN3,
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Rome"}}\n</tool_call>\n<tool_call>\n{"name": "search", "arguments": {"query": "rome events", "limit": 3}}\n</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [
      { toolName: 'get_weather', input: { location: 'Rome' } },
      { toolName: 'search', input: { query: 'rome events', limit: 3 } },
    ],
    text_out: '',
  },
  {
    name: 'end-of-turn token left after the call',
    source: QWEN3,
    text: '<tool_call>\n{"name": "search", "arguments": {"query": "tides"}}\n</tool_call><|im_end|>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'tides' } }],
    text_out: '',
  },
  {
    name: 'arguments given as a JSON string',
    source: `${V_HERMES}, test_hermes_parser_non_streaming_serialized_arguments (Granite 4 writes arguments as a JSON string)`,
    text: '<tool_call>\n{"name": "get_weather", "arguments": "{\\"location\\": \\"Oslo\\"}"}\n</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Oslo' } }],
    text_out: '',
  },
  {
    name: 'bare JSON call object without the <tool_call> wrapper',
    source: `${LCPP_TEST_OLD}, Hermes 2 Pro block: a bare {"name": …, "arguments": …} object parses as a call`,
    text: '{"name": "get_weather", "arguments": {"location": "Kyoto"}}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Kyoto' } }],
    text_out: '',
  },
  {
    name: 'doubled braces around the call object',
    source:
      'https://github.com/leehack/llamadart/pull/43 (Hermes handler normalises {{…}} around the call: "Qwen template quirk")',
    text: '<tool_call>\n{{"name": "search", "arguments": {"query": "moon phase"}}}\n</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'moon phase' } }],
    text_out: '',
  },
  {
    name: 'template placeholder in a tag stays text',
    source: '`<tool_call>example</tool_call>` stays text; no public report with this exact text found',
    text: 'Wrap each call like <tool_call>example</tool_call> in your answer.',
    tools: weatherTools,
    presets: P,
    calls: [],
    text_out: 'Wrap each call like <tool_call>example</tool_call> in your answer.',
    errors: ['malformed-tool-call'],
  },
  {
    name: 'integer given as a string is coerced by the schema',
    source: QWEN3,
    text: '<tool_call>\n{"name": "search", "arguments": {"query": "x", "limit": "5"}}\n</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'x', limit: 5 } }],
    text_out: '',
  },
];

/** Harder hermes variants seen in peers' tests and reports. */
export const hermesMoreCorpus: CorpusCase[] = [
  {
    name: 'unclosed trailing <tool_call> at the end of the answer',
    source: 'https://github.com/ROCm/ATOM/pull/1427 (Hermes parser tolerates an unclosed trailing block)',
    text: '<tool_call>\n{"name": "search", "arguments": {"query": "atom"}}\n',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'atom' } }],
    text_out: '',
  },
  {
    name: 'closing tag right after the JSON, no newline',
    source: 'https://github.com/ai-dynamo/dynamo/pull/2915 (hermes end token without leading newline)',
    text: '<tool_call>{"name": "get_weather", "arguments": {"location": "Agra"}}</tool_call>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Agra' } }],
    text_out: '',
  },
  {
    name: 'several bare JSON call objects on separate lines',
    source:
      'https://github.com/waybarrios/vllm-mlx/pull/15 (Qwen3-30B-A3B writes raw JSON calls without tags, one or several)',
    text: '{"name": "search", "arguments": {"query": "a"}}\n{"name": "search", "arguments": {"query": "b"}}',
    tools: weatherTools,
    presets: P,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    text_out: '',
  },
];
