/** Fixtures of the hermes and gemma formats: fed whole, one char at a time and at random splits, through its preset and through auto. */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, functionTool } from '../../../test/fixtures/tools.ts';

const weather = functionTool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
  required: ['city'],
});
const search = functionTool('search', {
  type: 'object',
  properties: { query: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
});
export const hermesTools: LanguageModelV4FunctionTool[] = [weather, search];

export const hermesFixtures: FormatFixture[] = [
  // The Qwen3 template's form (llama.cpp models/templates/Qwen-Qwen3-0.6B.jinja@e121edc4).
  {
    name: 'one call between prose',
    text: 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>\nOne moment.',
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'Let me check.\nOne moment.',
  },
  // Synthetic edge case.
  {
    name: 'CRLF, whitespace, and values coerced by the schema',
    text: '<tool_call>\r\n  {"name":"get_weather","arguments":{"city":"Paris","days":"3","metric":"true"}}  \r\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 3, metric: true } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'single quotes, unquoted keys, trailing commas and Python literals',
    text: "<tool_call>{name: 'get_weather', 'arguments': {'city': 'Oslo', metric: True, days: 2,},}</tool_call>",
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', metric: true, days: 2 } }],
    prose: '',
  },
  // Synthetic edge case: Llama 3.1's "parameters" key (meta-llama/llama-models llama3_1 prompt_format.md) inside Hermes tags.
  {
    name: '"parameters" instead of "arguments"',
    text: '<tool_call>{"name": "search", "parameters": {"query": "toolshim"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'toolshim' } }],
    prose: '',
  },
  // vLLM tests/tool_parsers/test_hermes_tool_parser.py@0eb73d6a, test_hermes_parser_non_streaming_serialized_arguments (Granite 4 writes it).
  {
    name: 'arguments given as a JSON string',
    text: '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\", \\"days\\": \\"5\\"}"}</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Lima', days: 5 } }],
    prose: '',
  },
  // Synthetic edge case (fenced JSON; llama.cpp tests/test-chat.cpp@34df42f7, Hermes 2 Pro block, accepts fenced calls).
  {
    name: 'a ```json fence inside the tags',
    text: '<tool_call>\n```json\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n```\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: '',
  },
  // vLLM tests/tool_parsers/test_xlam_tool_parser.py@10a67515, single_tool_with_tool_call_xml_tags (a list in one <tool_call>).
  {
    name: 'several calls as a JSON array in one tag',
    text: '<tool_call>[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "search", "arguments": {"query": "b"}}]</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  // vLLM tests/tool_parsers/test_granite4_tool_parser.py@34f830e9, test_tool_call_parser_complex (text between <tool_call> blocks).
  {
    name: 'parallel calls in separate tags with prose between',
    text: 'First:<tool_call>{"name":"get_weather","arguments":{"city":"A"}}</tool_call> then <tool_call>{"name":"get_weather","arguments":{"city":"B"}}</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: 'First:then ',
  },
  // https://github.com/ROCm/ATOM/pull/1427 (unclosed trailing <tool_call>); vLLM test_hermes_tool_parser.py, test_hermes_parser_non_streaming_tool_call_until_eos.
  {
    name: 'missing close delimiter at the very end',
    text: 'Sure.\n<tool_call>\n{"name": "search", "arguments": {"query": "x"}}\n',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: 'Sure.\n',
  },
  // Synthetic edge case.
  {
    name: 'the closing delimiter inside a JSON string value',
    text: '<tool_call>{"name": "search", "arguments": {"query": "what is </tool_call> for?"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'what is </tool_call> for?' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'escapes and unicode in strings',
    text: '<tool_call>{"name": "search", "arguments": {"query": "line\\nbreak \\"q\\" \\u00e9 😀 ünï"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'line\nbreak "q" é 😀 ünï' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a CSV string for an array parameter',
    text: '<tool_call>{"name": "search", "arguments": {"query": "q", "tags": "a, b,c"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'q', tags: ['a', 'b', 'c'] } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a stray closing brace after the call is ignored and reported',
    text: '<tool_call>{"name": "search", "arguments": {"query": "x"}}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: '',
    errors: ['trailing-content'],
  },
  // Synthetic edge case.
  {
    name: 'a raw newline inside a string, and "args" as the arguments key',
    text: '<tool_call>{"name": "search", "args": {"query": "two\nlines"}}</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'two\nlines' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'an unrepairable body stays text, verbatim',
    text: 'Hmm <tool_call>get_weather(city="Seoul")</tool_call> ok',
    calls: [],
    prose: 'Hmm <tool_call>get_weather(city="Seoul")</tool_call> ok',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case (cf. vLLM test_hermes_tool_parser.py@0eb73d6a, test_hermes_parser_non_streaming_tool_call_invalid_json).
  {
    name: 'a body cut off inside a string stays text',
    text: 'x <tool_call>{"name": "search", "arguments": {"query": "unfinis',
    calls: [],
    prose: 'x <tool_call>{"name": "search", "arguments": {"query": "unfinis',
    errors: ['unclosed-tool-call'],
  },
  // vLLM test_hermes_tool_parser.py@0eb73d6a, test_hermes_parser_non_streaming_tool_call_between_tags (a call to an undeclared tool is returned).
  {
    name: 'an undeclared tool is still surfaced',
    text: '<tool_call>{"name": "launch_rocket", "arguments": {"when": "now"}}</tool_call>',
    calls: [{ toolName: 'launch_rocket', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  // Synthetic edge case.
  {
    name: 'prose with angle brackets and a partial-looking tag',
    text: 'Use <b>bold</b> and <tool or <tool_ca but not a call.',
    calls: [],
    prose: 'Use <b>bold</b> and <tool or <tool_ca but not a call.',
  },
  // Variants of the Hermes/Qwen family (synthetic texts written to the patterns of the sources named below;
  // the sourced real outputs are in src/test/corpus/).
  // llama.cpp tests/test-chat.cpp@34df42f7, Hermes 2 Pro block (bare object); https://github.com/nicedreamzapp/claude-code-local/pull/43.
  {
    name: 'a bare call object with no <tool_call> tags',
    text: '{"name": "get_weather", "arguments": {"city": "Paris"}}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
  // https://github.com/waybarrios/vllm-mlx/pull/15 (Qwen3 raw JSON calls, one or several).
  {
    name: 'several bare call objects, one per line',
    text: '{"name": "get_weather", "arguments": {"city": "Paris"}}\n{"name": "search", "arguments": {"query": "museums"}}',
    calls: [
      { toolName: 'get_weather', input: { city: 'Paris' } },
      { toolName: 'search', input: { query: 'museums' } },
    ],
    prose: '',
  },
  // https://github.com/leehack/llamadart/pull/43 (Qwen {{…}} quirk).
  {
    name: 'doubled braces inside the tags',
    text: '<tool_call>\n{{"name": "get_weather", "arguments": {"city": "Lima"}}}\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Lima' } }],
    prose: '',
  },
  // https://github.com/leehack/llamadart/pull/43 (Qwen {{…}} quirk), without the tags.
  {
    name: 'doubled braces, bare',
    text: '{{"name": "search", "arguments": {"query": "x"}}}',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: '',
  },
  // Synthetic edge case: JSON data, not a call (cf. https://github.com/ggml-org/llama.cpp/issues/18183).
  {
    name: 'JSON data opening an answer stays text',
    text: '{"city": "Paris", "temp": 21} is what the sensor sent.',
    calls: [],
    prose: '{"city": "Paris", "temp": 21} is what the sensor sent.',
  },
  // vLLM tests/tool_parsers/test_pythonic_tool_parser.py, test_non_finite_argument_rejected (the same number in a JSON call).
  {
    name: 'a number no JSON number can hold (1e999) stays its text and is reported; the call stands',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 1e999}}\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: '1e999' } }],
    prose: '',
    errors: ['invalid-argument'],
  },
];

export const gemmaFixtures: FormatFixture[] = [
  // toolshim's own teaching format for the gemma preset (```tool_call fence).
  {
    name: 'a fenced call',
    text: 'Checking.\n```tool_call\n{"name": "get_weather", "arguments": {"city": "Kyiv"}}\n```\nDone.',
    calls: [{ toolName: 'get_weather', input: { city: 'Kyiv' } }],
    prose: 'Checking.\nDone.',
  },
  // Synthetic edge case.
  {
    name: 'a fence closed directly after the JSON, with no newline',
    text: '```tool_call\n{"name": "search", "arguments": {"query": "z"}}```',
    calls: [{ toolName: 'search', input: { query: 'z' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'ordinary code fences stay text',
    text: 'Example:\n```python\nprint("hi")\n```\n',
    calls: [],
    prose: 'Example:\n```python\nprint("hi")\n```\n',
  },
  // https://ai.google.dev/gemma/docs/meme-generator (Gemma wraps its call in ```tool_code).
  {
    name: 'Gemma 3: a ```tool_code fence holding a Python call',
    text: 'Let me check.\n```tool_code\nget_weather(city="London")\n```',
    calls: [{ toolName: 'get_weather', input: { city: 'London' } }],
    prose: 'Let me check.',
  },
];
