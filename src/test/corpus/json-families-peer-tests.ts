/**
 * More Granite, xLAM, Phi-4-mini and Llama 3/4 JSON patterns from named peer
 * tests, templates and reports. Synthetic texts written to each pattern.
 */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST_OLD, T_GRANITE33, T_LLAMA31, V_XLAM } from './sources.ts';
import { typedTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const V_GRANITE4 =
  'vllm-project/vllm tests/tool_parsers/test_granite4_tool_parser.py@34f830e95846db95409c0cd6d8a168066ebd8df9';
const V_PHI4 =
  'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py@2471a1c1430e2a066029bc743562eee6db2feab0';
const typed = { tools: typedTools };
const V_HERMES_INVALID =
  'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py@0eb73d6a09be117cdd0d4da4d6239321001c0d0c, test_hermes_parser_non_streaming_tool_call_invalid_json (an unfinished call is no call)';

export const graniteMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['granite'],
    'Granite 4: calls with text between, spaces inside the tags, arguments as a JSON string',
    `${V_GRANITE4}, test_tool_call_parser_complex (create_string_args: "test granite behavior")`,
    'First the box: \n<tool_call> {"name": "search", "arguments": "{\\"query\\": \\"bbox\\"}"} </tool_call> Then the weather: \n <tool_call> {"name": "get_weather", "arguments": {"location": "Bergen"}} </tool_call> Done.',
    [call('search', { query: 'bbox' }), call('get_weather', { location: 'Bergen' })],
    'First the box: Then the weather: Done.',
  ),
  corpusCase(
    ['granite'],
    'Granite 3.3: thinking, then <|tool_call|>',
    `${LCPP_TEST_OLD}, Granite 3.3 block ("<think>I'm\\nthinking</think><|tool_call|>[…]")`,
    '<think>The weather tool fits.</think><|tool_call|>[{"name": "get_weather", "arguments": {"location": "Turku"}}]',
    [call('get_weather', { location: 'Turku' })],
    '',
    { reasoning: 'The weather tool fits.' },
  ),
  corpusCase(
    ['granite'],
    'Granite 3.3: <|end_of_text|> after the call',
    `${T_GRANITE33}; ${LCPP_TEST_OLD}, Granite 3.3 block (end token <|end_of_text|>)`,
    '<|tool_call|>[{"name": "search", "arguments": {"query": "zinc"}}]<|end_of_text|>',
    [call('search', { query: 'zinc' })],
  ),
  corpusCase(
    ['granite'],
    'Granite 3.3: <response> wraps the answer after thinking',
    `${T_GRANITE33} ("write your response between <response></response>"); ${LCPP_TEST_OLD}, Granite 3.3 block`,
    '<think>Plain question.</think><response>It is sunny in Turku.</response>',
    [],
    'It is sunny in Turku.',
    { reasoning: 'Plain question.' },
  ),
  corpusCase(
    ['granite'],
    'Granite 4: a JSON list in one <tool_call>, on its own lines',
    `${V_XLAM}, test_extract_tool_calls[single_tool_with_tool_call_xml_tags] (the list-in-a-tag shape)`,
    '<tool_call>\n[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]\n</tool_call>',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
  ),
];

export const xlamMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['xlam'],
    'two parallel calls in one list',
    `${V_XLAM}, test_extract_tool_calls[parallel_tool_calls]`,
    '[{"name": "get_weather", "arguments": {"location": "Graz"}}, {"name": "get_weather", "arguments": {"location": "Linz", "unit": "celsius"}}]',
    [call('get_weather', { location: 'Graz' }), call('get_weather', { location: 'Linz', unit: 'celsius' })],
  ),
  corpusCase(
    ['xlam'],
    'thinking, then the list',
    `${V_XLAM}, test_extract_tool_calls[single_tool_with_think_tag]`,
    '<think>One search will do.</think>[{"name": "search", "arguments": {"query": "large action models"}}]',
    [call('search', { query: 'large action models' })],
    '',
    { reasoning: 'One search will do.' },
  ),
  corpusCase(
    ['xlam'],
    '<|eot_id|> after the list (xLAM-2 is Llama-based)',
    `${V_XLAM} (Salesforce/Llama-xLAM-2-8B-fc-r); ${T_LLAMA31} end token`,
    '[{"name": "search", "arguments": {"query": "lam"}}]<|eot_id|>',
    [call('search', { query: 'lam' })],
  ),
  corpusCase(
    ['xlam'],
    'a list cut off in its second call: the first call, and the element it broke off in as text',
    `a truncated list: completed calls or raw text, no character twice; ${LCPP_TEST_OLD}, Granite 3.3 block ("<|tool_call|>[{…}, {" keeps the finished call); the separator is markup, not part of the element (issue 37)`,
    '[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"que',
    [call('search', { query: 'a' })],
    '{"name": "search", "arguments": {"que',
    { errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    ['xlam'],
    'a list cut off inside its first call stays text',
    `a list cut off inside its first call is no call: its text stays; ${V_HERMES_INVALID}`,
    '[{"name": "search", "arguments": {"query": "a',
    [],
    '[{"name": "search", "arguments": {"query": "a',
    { errors: ['unclosed-tool-call'] },
  ),
];

export const phi4MoreCorpus: CorpusCase[] = [
  corpusCase(
    ['phi4-mini'],
    'parallel calls in a list spread over lines',
    `${V_PHI4}, parallel_tool_calls_output`,
    'functools[\n  {"name": "get_weather", "arguments": {"location": "Tokyo"}},\n  {"name": "search", "arguments": {"query": "Tokyo time"}}\n]',
    [call('get_weather', { location: 'Tokyo' }), call('search', { query: 'Tokyo time' })],
  ),
  corpusCase(
    ['phi4-mini'],
    'text before and after the call',
    `${V_PHI4}, surrounding_text_output`,
    'Let me check the weather.\nfunctools[{"name": "get_weather", "arguments": {"location": "Cork"}}]\nAnything else?',
    [call('get_weather', { location: 'Cork' })],
    'Let me check the weather. Anything else?',
  ),
  corpusCase(
    ['phi4-mini'],
    'typed, null, empty and escaped values',
    `${V_PHI4}, various_data_types_output and escaped_strings_output`,
    'functools[{"name": "set_config", "arguments": {"config": {"path": "C:\\\\Users\\\\a.txt", "quote": "He said \\"hi\\"", "n": null, "list": []}, "tags": ["x"], "enabled": true}}]',
    [
      call('set_config', {
        config: { path: 'C:\\Users\\a.txt', quote: 'He said "hi"', n: null, list: [] },
        tags: ['x'],
        enabled: true,
      }),
    ],
    '',
    typed,
  ),
  corpusCase(
    ['phi4-mini'],
    'an empty functools[] stays text',
    `${V_PHI4}, malformed_input_outputs ("functools[] This is just text")`,
    'functools[] This is just text',
    [],
    'functools[] This is just text',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    ['phi4-mini'],
    '<|end|> after the call',
    "end-of-turn tokens; the Phi-4-mini template in the code index (ggml-org/llama.cpp llama-cpp-microsoft-Phi-4-mini-instruct.jinja@6d7822c1, a commit outside llama.cpp's master history) ends every turn with <|end|>",
    'functools[{"name": "search", "arguments": {"query": "phi"}}]<|end|>',
    [call('search', { query: 'phi' })],
  ),
];

export const llama3MoreCorpus: CorpusCase[] = [
  corpusCase(
    ['llama3-json'],
    'JSON with "arguments" instead of "parameters"',
    'https://github.com/vllm-project/vllm/pull/46890 (Llama 4 JSON fallback reads "arguments" or "parameters")',
    '{"name": "search", "arguments": {"query": "smoked brisket"}}',
    [call('search', { query: 'smoked brisket' })],
  ),
  corpusCase(
    ['llama3-json'],
    'Llama 4: {"type": "function", "name", "parameters"} with no markers',
    'https://github.com/vllm-project/vllm/issues/46863 (Llama-4-Scout answers {"type": "function", "name": "Bash", "parameters": {…}})',
    '{"type": "function", "name": "exec", "parameters": {"command": "echo hi", "timeout": 30}}',
    [call('exec', { command: 'echo hi', timeout: 30 })],
    '',
    typed,
  ),
  corpusCase(
    ['llama3-json'],
    'Llama 4: a list of calls in <|python_start|>, then <|eom|>',
    'https://github.com/vllm-project/vllm/pull/46890 (comma-separated objects or an array); exo-explore/exo Llama 4 parser test (<|eom|> after a call, observed on Llama-4-Scout)',
    '<|python_start|>[{"type": "function", "name": "search", "parameters": {"query": "a"}}, {"type": "function", "name": "search", "parameters": {"query": "b"}}]<|python_end|><|eom|>',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
    '',
  ),
  corpusCase(
    ['llama3-json'],
    'two calls separated by ";"',
    `${LCPP_TEST_OLD}, Llama 3.1 block; meta-llama/llama-models models/llama3_1/prompt_format.md`,
    '{"name": "search", "parameters": {"query": "a"}}; {"name": "search", "parameters": {"query": "b"}}',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
  ),
  corpusCase(
    ['llama3-json'],
    'JSON data in prose stays text',
    'https://github.com/ggml-org/llama.cpp/issues/18183 (a JSON object quoted in an answer taken for a call)',
    'A JSON example: {"name": "Bingo", "age": 30}',
    [],
    'A JSON example: {"name": "Bingo", "age": 30}',
  ),
];
