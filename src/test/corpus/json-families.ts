/** Granite, xLAM, Phi-4-mini, Llama 3 JSON and Llama 4. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, LCPP_TEST_OLD, T_GRANITE33, T_GRANITE40, T_LLAMA31, V_XLAM } from './sources.ts';
import type { CorpusCase } from './types.ts';

// functools[…] is the form vLLM's phi4_mini_json parser reads (its test: single call, parallel, surrounding
// text). The earlier source, a llama-cpp-microsoft-Phi-4-mini-instruct.jinja at 6d7822c1, is not in llama.cpp's history.
const PHI4 =
  'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py@2471a1c1430e2a066029bc743562eee6db2feab0';
const LLAMA31 = `${T_LLAMA31}; ${LCPP_TEST_OLD}, Llama 3.1 block ({"name", "parameters"}); meta-llama/llama-models models/llama3_1/prompt_format.md`;

export const graniteCorpus: CorpusCase[] = [
  corpusCase(
    ['granite'],
    '<|tool_call|> list',
    `${T_GRANITE33} ("<|tool_call|> followed by a JSON list of tools used"); ${LCPP_TEST_OLD}, Granite 3.3 block`,
    '<|tool_call|>[{"name": "get_weather", "arguments": {"location": "Bari"}}]',
    [call('get_weather', { location: 'Bari' })],
  ),
  corpusCase(
    ['granite'],
    'Granite 4 hermes tags',
    `${T_GRANITE40}; ${LCPP_TEST}, Granite 4.0 block (<tool_call>\\n{json}\\n</tool_call>)`,
    '<tool_call>\n{"name": "search", "arguments": {"query": "granite"}}\n</tool_call>',
    [call('search', { query: 'granite' })],
  ),
  corpusCase(
    ['granite'],
    'JSON list in one <tool_call>',
    `Granite: <tool_call>[…]; the shape of ${V_XLAM}, test_extract_tool_calls[single_tool_with_tool_call_xml_tags]; no Granite-specific report found`,
    '<tool_call>[{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b"}}]</tool_call>',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
  ),
];

const XLAM_V1 =
  'Salesforce/xLAM-1b-fc-r model card format instruction; https://registry.ollama.com/allenporter/xlam template writes {"tool_calls": [...]}';

export const xlamCorpus: CorpusCase[] = [
  corpusCase(
    ['xlam'],
    'bare list',
    `${V_XLAM}, test_extract_tool_calls_list_structure (Salesforce/Llama-xLAM-2-8B-fc-r)`,
    '[{"name": "get_weather", "arguments": {"location": "Pisa"}}]',
    [call('get_weather', { location: 'Pisa' })],
  ),
  corpusCase(
    ['xlam'],
    'list in a ```json fence',
    `${V_XLAM}, test_extract_tool_calls_streaming[single_tool_with_json_code_block]`,
    '```json\n[{"name": "search", "arguments": {"query": "pisa tower"}}]\n```',
    [call('search', { query: 'pisa tower' })],
  ),
  corpusCase(
    ['xlam'],
    'xLAM v1 {"tool_calls": [...]} object',
    XLAM_V1,
    '{"tool_calls": [{"name": "search", "arguments": {"query": "lam"}}]}',
    [call('search', { query: 'lam' })],
  ),
  // The format instruction shows the object spread over lines, calls one per line.
  corpusCase(
    ['xlam'],
    'xLAM v1 object over several lines, two calls',
    XLAM_V1,
    '{\n    "tool_calls": [\n    {"name": "get_weather", "arguments": {"location": "Oslo"}},\n    {"name": "search", "arguments": {"query": "fjords"}}\n    ]\n}',
    [call('get_weather', { location: 'Oslo' }), call('search', { query: 'fjords' })],
  ),
  // The Ollama template ends an assistant turn with " <|EOT|>" (xLAM v1 is built on deepseek-coder).
  corpusCase(
    ['xlam'],
    'xLAM v1 object, then <|EOT|>',
    'https://registry.ollama.com/allenporter/xlam template: {"tool_calls": [...]} <|EOT|>',
    '{"tool_calls": [{"name": "run_shell", "arguments": {"command": "uptime"}}]} <|EOT|>',
    [call('run_shell', { command: 'uptime' })],
  ),
  // "If no function call is needed, please make tool_calls an empty list": no call, and the text is kept.
  corpusCase(
    ['xlam'],
    'xLAM v1 empty tool_calls list is no call',
    XLAM_V1,
    '{"tool_calls": []}',
    [],
    '{"tool_calls": []}',
  ),
  corpusCase(
    ['xlam'],
    'xLAM v1 object naming an undeclared tool stays text',
    'a name that is not a declared tool stays text; Salesforce/xLAM-1b-fc-r format instruction',
    '{"tool_calls": [{"name": "book_flight", "arguments": {"to": "OSL"}}]}',
    [],
    '{"tool_calls": [{"name": "book_flight", "arguments": {"to": "OSL"}}]}',
  ),
  // Cut off in the second call: the first, complete, stands; the rest comes back as text, once.
  corpusCase(
    ['xlam'],
    'xLAM v1 object cut off inside the second call',
    'completed calls or raw text, never both; Salesforce/xLAM-1b-fc-r format instruction',
    '{"tool_calls": [{"name": "search", "arguments": {"query": "a"}}, {"name": "search", "arguments": {"query": "b',
    [call('search', { query: 'a' })],
    ', {"name": "search", "arguments": {"query": "b',
    { errors: ['unclosed-tool-call'] },
  ),
];

export const phi4Corpus: CorpusCase[] = [
  corpusCase(
    ['phi4-mini'],
    'functools list',
    PHI4,
    'functools[{"name": "get_weather", "arguments": {"location": "Cork"}}]',
    [call('get_weather', { location: 'Cork' })],
  ),
  corpusCase(
    ['phi4-mini'],
    'functools with two calls',
    PHI4,
    'functools[{"name": "search", "arguments": {"query": "a"}}, {"name": "run_shell", "arguments": {"command": "date"}}]',
    [call('search', { query: 'a' }), call('run_shell', { command: 'date' })],
  ),
  corpusCase(
    ['phi4-mini'],
    'template form <|tool_call|>{json}<|/tool_call|>',
    PHI4,
    '<|tool_call|>{"name": "get_weather", "arguments": {"location": "Cork"}}<|/tool_call|>',
    [call('get_weather', { location: 'Cork' })],
  ),
  corpusCase(
    ['phi4-mini'],
    'two template-form calls',
    PHI4,
    'Sure.<|tool_call|>{"name": "search", "arguments": {"query": "a"}}<|/tool_call|><|tool_call|>{"name": "search", "arguments": {"query": "b"}}<|/tool_call|><|end|>',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
    'Sure.',
  ),
  // The template writes the call with tojson, so a closing tag inside a string value is just text of the value.
  corpusCase(
    ['phi4-mini'],
    'template form, the closing tag inside a string value',
    PHI4,
    '<|tool_call|>{"name": "write_file", "arguments": {"path": "t.md", "content": "End calls with <|/tool_call|>."}}<|/tool_call|><|end|>',
    [call('write_file', { path: 't.md', content: 'End calls with <|/tool_call|>.' })],
  ),
  corpusCase(
    ['phi4-mini'],
    'template form cut off inside the arguments stays text',
    `a truncated call gives the raw text; ${PHI4}`,
    'One moment.<|tool_call|>{"name": "search", "arguments": {"query": "tid',
    [],
    'One moment.<|tool_call|>{"name": "search", "arguments": {"query": "tid',
    { errors: ['unclosed-tool-call'] },
  ),
];

export const llama3Corpus: CorpusCase[] = [
  corpusCase(
    ['llama3-json'],
    'JSON with "parameters"',
    LLAMA31,
    '{"name": "get_weather", "parameters": {"location": "Austin"}}<|eot_id|>',
    [call('get_weather', { location: 'Austin' })],
  ),
  corpusCase(
    ['llama3-json'],
    '<|python_tag|> then JSON',
    LLAMA31,
    '<|python_tag|>{"name": "search", "parameters": {"query": "bbq"}}<|eom_id|>',
    [call('search', { query: 'bbq' })],
  ),
  corpusCase(
    ['llama3-json', 'pythonic'],
    'Llama 4 <|python_start|> JSON',
    'https://github.com/vllm-project/vllm/issues/16214 (Llama 4 answers <|python_start|>{"name": …, "parameters": …}<|python_end|>)',
    '<|python_start|>{"name": "search", "arguments": {"query": "llamas"}}<|python_end|>',
    [call('search', { query: 'llamas' })],
  ),
];
