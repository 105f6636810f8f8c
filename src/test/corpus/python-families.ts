/** Pythonic lists, OLMo 3, Gemma 3 tool_code, Gemma 4 and FunctionGemma. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, O_OLMO3, T_GEMMA4, V_OLMO3, V_PYTHONIC } from './sources.ts';
import type { CorpusCase } from './types.ts';

// The earlier source, gemma4.jinja at a20c1a89, is not in llama.cpp's history: gemma4.jinja was added in
// 5208e2d5 (#21326) and replaced by google-gemma-4-31B-it.jinja in b8635075 (#21418).
const G4 = `${T_GEMMA4}; ${LCPP_TEST}, Google Gemma 4 block`;
const GEMMA3_DOCS =
  'https://ai.google.dev/gemma/docs/meme-generator (Gemma function calling: the call in a ```tool_code fence, the result in ```tool_output)';
const Q = '<|"|>';
const E = '<escape>';

export const pythonicCorpus: CorpusCase[] = [
  corpusCase(
    ['pythonic'],
    'list of calls',
    `meta-llama/llama-models models/llama3_2/prompt_format.md (pythonic [func(a=1)]); ${V_PYTHONIC}, test_tool_call[parallel_calls]`,
    '[get_weather(location="Perth"), search(query="quokka")]',
    [call('get_weather', { location: 'Perth' }), call('search', { query: 'quokka' })],
  ),
  corpusCase(
    ['pythonic'],
    'backslashes in single quotes',
    '\'\\d+\\s\' is the 5 characters \\d+\\s, as Python reads it; https://github.com/sgl-project/sglang/pull/28370 (quoted "\\C|\\." must keep its backslashes)',
    "[search(query='\\d+\\s')]",
    [call('search', { query: '\\d+\\s' })],
  ),
  corpusCase(
    ['pythonic'],
    'True/None literals',
    `${V_PYTHONIC}, MORE_TYPES_FUNCTION_OUTPUT (role=None, passed_test=True)`,
    '[search(query="x", limit=None)]',
    [call('search', { query: 'x', limit: null })],
  ),
];

export const olmo3Corpus: CorpusCase[] = [
  corpusCase(
    ['olmo3'],
    'one call per line in <function_calls>',
    `${V_OLMO3}, test_tool_call[parallel_calls]; ${O_OLMO3}, "multiple calls with newlines"`,
    '<function_calls>\nget_weather(location="Leeds")\nsearch(query="rain")\n</function_calls>',
    [call('get_weather', { location: 'Leeds' }), call('search', { query: 'rain' })],
  ),
];

export const gemmaCorpus: CorpusCase[] = [
  corpusCase(['gemma'], 'Gemma 3 ```tool_code fence', GEMMA3_DOCS, '```tool_code\nget_weather(location="Cusco")\n```', [
    call('get_weather', { location: 'Cusco' }),
  ]),
  corpusCase(
    ['gemma'],
    'Gemma 3 ```tool_code fence with a list of calls',
    GEMMA3_DOCS,
    '```tool_code\n[search(query="a"), search(query="b")]\n```',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
  ),
];

export const gemma4Corpus: CorpusCase[] = [
  corpusCase(['gemma4'], 'template form', G4, `<|tool_call>call:get_weather{location:${Q}Tartu${Q}}<tool_call|>`, [
    call('get_weather', { location: 'Tartu' }),
  ]),
  corpusCase(
    ['gemma4'],
    'missing closing marker at the end',
    'https://github.com/vllm-project/vllm/issues/53431 and the gemma4 fixtures (a Gemma 4 answer that ends before <tool_call|>)',
    `<|tool_call>call:search{query:${Q}tartu${Q},limit:2}`,
    [call('search', { query: 'tartu', limit: 2 })],
  ),
];

export const functionGemmaCorpus: CorpusCase[] = [
  corpusCase(
    ['function-gemma'],
    'template form',
    'google/functiongemma-270m-it chat_template (Hugging Face): <start_function_call>call:name{k:<escape>v<escape>}',
    `<start_function_call>call:get_weather{location:${E}Vigo${E}}<end_function_call>`,
    [call('get_weather', { location: 'Vigo' })],
  ),
];
