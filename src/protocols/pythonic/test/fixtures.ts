/** Fixtures of the pythonic format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const pythonicFixtures: FormatFixture[] = [
  // meta-llama/llama-models models/llama3_2/prompt_format.md; vLLM tests/tool_parsers/test_pythonic_tool_parser.py@0716d268 (simple, more_types).
  {
    name: 'one call with both quote styles and literals',
    text: `[get_weather(city='San Francisco', days=3, metric=True)]`,
    calls: [{ toolName: 'get_weather', input: { city: 'San Francisco', days: 3, metric: true } }],
    prose: '',
  },
  // vLLM test_pythonic_tool_parser.py@0716d268, parallel_calls and more_types.
  {
    name: 'parallel calls, None, lists and dicts',
    text: `[search(query="a", tags=['x', "y"]), search(query='b'), get_weather(city="c", days=None)]`,
    calls: [
      { toolName: 'search', input: { query: 'a', tags: ['x', 'y'] } },
      { toolName: 'search', input: { query: 'b' } },
      { toolName: 'get_weather', input: { city: 'c', days: null } },
    ],
    prose: '',
  },
  // vLLM tests/tool_parsers/test_llama4_pythonic_tool_parser.py@0716d268, python_tag; https://github.com/vllm-project/vllm/issues/22917 (text before the call).
  {
    name: 'Llama 4 wrapper with prose around',
    text: 'Let me check. <|python_start|>[get_weather(city="Rome")]<|python_end|> Back soon.',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: 'Let me check. Back soon.',
  },
  // vLLM tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c, parameterless; llama.cpp tests/test-chat.cpp@f534da26, test_lfm2_parser (empty arguments).
  {
    name: 'LFM2 wrapper, no-argument call',
    text: '<|tool_call_start|>[search()]<|tool_call_end|>',
    calls: [{ toolName: 'search', input: {} }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'escapes and unicode in strings',
    text: `[search(query='it\\'s "fine"\\n東京 🍣')]`,
    calls: [{ toolName: 'search', input: { query: 'it\'s "fine"\n東京 🍣' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a dict value is read as a dict (the schema cannot make it a string)',
    text: `[search(query={'a': 1, "b": [True, None]})]`,
    calls: [{ toolName: 'search', input: { query: { a: 1, b: [true, null] } } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated inside a string stays text',
    text: `[get_weather(city='Par`,
    calls: [],
    prose: `[get_weather(city='Par`,
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'positional arguments in a bare list: could be code, so quietly text',
    text: `[get_weather("Paris")]`,
    calls: [],
    prose: `[get_weather("Paris")]`,
  },
  // Synthetic edge case.
  {
    name: 'positional arguments inside a wrapper are malformed and stay text',
    text: `<|python_start|>[get_weather("Paris")]<|python_end|>`,
    calls: [],
    prose: `<|python_start|>[get_weather("Paris")]<|python_end|>`,
    errors: ['malformed-tool-call'],
  },
  // Llama 4 wraps either form (pythonic or JSON) in <|python_start|>…<|python_end|>.
  // https://github.com/vllm-project/vllm/issues/16214 (Llama 4 writes <|python_start|>{"name", "parameters"}<|python_end|>).
  {
    name: 'Llama 4: a JSON call object in the python wrapper, "parameters" or "arguments"',
    text: '<|python_start|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|python_end|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // https://github.com/vllm-project/vllm/pull/46890 (Llama 4 JSON calls as an array).
  {
    name: 'Llama 4: a JSON list of calls in the python wrapper',
    text: '<|python_start|>[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]<|python_end|>',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  // Python literal rules (synthetic fixtures; the rules are Python's own).
  // Python's own escape rules; https://github.com/sgl-project/sglang/pull/28370 (backslashes kept as written).
  {
    name: "an unknown escape keeps its backslash, as Python reads '\\d+\\s'",
    text: `[search(query='\\d+\\s', tags=['\\x41\\u00e9\\t'])]`,
    calls: [{ toolName: 'search', input: { query: '\\d+\\s', tags: ['A\u00e9\t'] } }],
    prose: '',
  },
  // vLLM test_lfm2_tool_parser.py@011cde7c, set_arg (LFM2 writes a set); tuples by Python's rules.
  {
    name: 'tuples and sets become arrays',
    text: `[search(query='q', tags=('a', 'b')), search(query='r', tags={'c', 'd'})]`,
    calls: [
      { toolName: 'search', input: { query: 'q', tags: ['a', 'b'] } },
      { toolName: 'search', input: { query: 'r', tags: ['c', 'd'] } },
    ],
    prose: '',
  },
  // vLLM test_lfm2_tool_parser.py@011cde7c, nested_quote (LFM2 leaves inner quotes unescaped).
  {
    name: 'LFM2-style unescaped inner quotes are read where only one reading parses',
    text: `[search(query='it's raining', tags=["say "hi" now"])]`,
    calls: [{ toolName: 'search', input: { query: "it's raining", tags: ['say "hi" now'] } }],
    prose: '',
  },
  // vLLM test_pythonic_tool_parser.py@0716d268, test_non_finite_argument_rejected.
  {
    name: 'a value JSON cannot hold (1e999) stays text and is reported; its siblings and the call stand',
    text: `[get_weather(city='Oslo', days=1e999, metric=False)]`,
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: '1e999', metric: false } }],
    prose: '',
    errors: ['invalid-argument'],
  },
  // Synthetic edge case (cf. vLLM test_pythonic_tool_parser.py@0716d268, test_bad_sibling_call_does_not_drop_good_calls).
  {
    name: 'an expression where a literal belongs becomes its text; the other arguments and the call stand',
    text: `[get_weather(city=home_city, days=len(trip) + 1, metric=True)]`,
    calls: [{ toolName: 'get_weather', input: { city: 'home_city', days: 'len(trip) + 1', metric: true } }],
    prose: '',
    errors: ['invalid-argument', 'invalid-argument'],
  },
  // llama.cpp tests/test-chat.cpp@f534da26, test_lfm2_parser ("Markdown links stay content").
  {
    name: 'Python code and links in prose stay text',
    text: 'Use [x for x in xs] or [print(i) for i in range(3)], see [docs](https://x.y) and [1, 2].',
    calls: [],
    prose: 'Use [x for x in xs] or [print(i) for i in range(3)], see [docs](https://x.y) and [1, 2].',
  },
  // Synthetic edge case: LFM2's end marker counts as the call's markup only right after a call; in prose it is text.
  {
    name: 'an orphan <|tool_call_end|> after a bare list is dropped; one in prose stays',
    text: "[get_weather(city='Oslo')]<|tool_call_end|>\nIt prints <|tool_call_end|> there.",
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: 'It prints <|tool_call_end|> there.',
  },
  // Scripted (issue 37, item 2): an element that is no call costs only itself; vLLM's pythonic parser keeps the
  // whole list as content instead (vllm/frontend/processing/tool_parsers/pythonic_tool_parser.py@055e47c2).
  {
    name: 'an element that is no call: the calls around it run, it stays text',
    text: '<|tool_call_start|>[get_weather(city="Oslo"), 42, search(query="x")]<|tool_call_end|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo' } },
      { toolName: 'search', input: { query: 'x' } },
    ],
    prose: '42',
    errors: ['malformed-tool-call'],
  },
];

export const pythonicTools: LanguageModelV4FunctionTool[] = fixtureTools;
