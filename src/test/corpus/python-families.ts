/** Pythonic lists, OLMo 3, Gemma 3 tool_code, Gemma 4 and FunctionGemma. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import type { CorpusCase } from './types.ts';

const G4 = 'ggml-org/llama.cpp models/templates/gemma4.jinja@a20c1a89cfb3ebc911d91245af15cbe89751eaaf';
const Q = '<|"|>';
const E = '<escape>';

export const pythonicCorpus: CorpusCase[] = [
  corpusCase(
    ['pythonic'],
    'list of calls',
    'meta-llama/llama-models models/llama3_2/prompt_format.md (pythonic [func(a=1)])',
    '[get_weather(location="Perth"), search(query="quokka")]',
    [call('get_weather', { location: 'Perth' }), call('search', { query: 'quokka' })],
  ),
  corpusCase(
    ['pythonic'],
    'backslashes in single quotes',
    "issue 13 (Pythonic values: '\\d+\\s' is 5 characters)",
    "[search(query='\\d+\\s')]",
    [call('search', { query: '\\d+\\s' })],
  ),
  corpusCase(
    ['pythonic'],
    'True/None literals',
    'issue 13 (Pythonic values: None/True/False)',
    '[search(query="x", limit=None)]',
    [call('search', { query: 'x', limit: null })],
  ),
];

export const olmo3Corpus: CorpusCase[] = [
  corpusCase(
    ['olmo3'],
    'one call per line in <function_calls>',
    'issue 13 (OLMo 3: <function_calls> with one pythonic call per line); allenai/Olmo-3-7B-Instruct chat_template',
    '<function_calls>\nget_weather(location="Leeds")\nsearch(query="rain")\n</function_calls>',
    [call('get_weather', { location: 'Leeds' }), call('search', { query: 'rain' })],
  ),
];

export const gemmaCorpus: CorpusCase[] = [
  corpusCase(
    ['gemma'],
    'Gemma 3 ```tool_code fence',
    'issue 13 (Gemma 3 ```tool_code fences with pythonic calls); Google AI "Function calling with Gemma" docs',
    '```tool_code\nget_weather(location="Cusco")\n```',
    [call('get_weather', { location: 'Cusco' })],
  ),
  corpusCase(
    ['gemma'],
    'Gemma 3 ```tool_code fence with a list of calls',
    'issue 13 (Gemma 3 ```tool_code fences with pythonic calls); Google AI "Function calling with Gemma" docs',
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
    'issue 13 (Gemma 4: missing closing marker at the end of the answer)',
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
