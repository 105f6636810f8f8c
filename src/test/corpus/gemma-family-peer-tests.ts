/**
 * More Gemma 3 (prompted), Gemma 4 and FunctionGemma patterns from Google's
 * docs, peer tests and reports. Synthetic texts written to each pattern.
 */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, O_FUNCTIONGEMMA, O_GEMMA4, T_GEMMA4 } from './sources.ts';
import { typedTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const Q = '<|"|>';
const E = '<escape>';
const typed = { tools: typedTools };
const FC_DOCS =
  'https://ai.google.dev/gemma/docs/capabilities/function-calling (Gemma 3 prompts: "[func_name1(params_name1=params_value1, …)]" or {"name": …, "parameters": …})';

export const gemmaMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['gemma'],
    'Gemma 3: a sentence, then the ```tool_code fence',
    'https://ai.google.dev/gemma/docs/meme-generator (the model wraps its call in ```tool_code)',
    'Let me check that.\n```tool_code\nget_weather(location="Cusco")\n```',
    [call('get_weather', { location: 'Cusco' })],
    'Let me check that.',
  ),
  corpusCase(
    ['gemma'],
    'Gemma 3: <end_of_turn> after the fence',
    'end-of-turn tokens; ggml-org/llama.cpp models/templates/google-gemma-2-2b-it.jinja@8b576b6c55bc4e6be898b47522f0ef402b93ef62 ends each turn with <end_of_turn>, the marker Gemma 3 keeps',
    '```tool_code\nsearch(query="alpaca wool")\n```<end_of_turn>',
    [call('search', { query: 'alpaca wool' })],
  ),
  corpusCase(
    ['gemma'],
    'Gemma 3: a ```python fence is code, not a call',
    'https://ai.google.dev/gemma/docs/meme-generator (only ```tool_code marks a call)',
    'For example:\n```python\nget_weather(location="Cusco")\n```',
    [],
    'For example:\n```python\nget_weather(location="Cusco")\n```',
  ),
  corpusCase(
    ['gemma'],
    "Gemma 3: the docs' pythonic list prompt",
    FC_DOCS,
    '[get_weather(location="Lima"), search(query="ceviche")]',
    [call('get_weather', { location: 'Lima' }), call('search', { query: 'ceviche' })],
    '',
  ),
  corpusCase(
    ['gemma'],
    'Gemma 3: the docs\' {"name", "parameters"} prompt',
    FC_DOCS,
    '{"name": "search", "parameters": {"query": "llama wool"}}',
    [call('search', { query: 'llama wool' })],
    '',
  ),
];

const G4 = ['gemma4'];

export const gemma4MoreCorpus: CorpusCase[] = [
  corpusCase(
    G4,
    'empty arguments',
    `${LCPP_TEST}, Google Gemma 4 block ("Tool call with empty args")`,
    '<|tool_call>call:list_files{}<tool_call|>',
    [call('list_files', {})],
    '',
    typed,
  ),
  corpusCase(
    G4,
    'negative integer and null',
    `${LCPP_TEST}, Google Gemma 4 block ("Tool call with negative number argument", "Tool call with null argument")`,
    '<|tool_call>call:update_note{id:-7,note:null}<tool_call|>',
    [call('update_note', { id: -7, note: null })],
    '',
    typed,
  ),
  corpusCase(
    G4,
    'nested object, array of strings, boolean',
    `${LCPP_TEST}, Google Gemma 4 block ("Tool call with object/dict argument", "… array argument", "… boolean argument (false)")`,
    `<|tool_call>call:set_config{config:{theme:${Q}dark${Q},count:3},tags:[${Q}a${Q},${Q}b${Q}],enabled:false}<tool_call|>`,
    [call('set_config', { config: { theme: 'dark', count: 3 }, tags: ['a', 'b'], enabled: false })],
    '',
    typed,
  ),
  corpusCase(
    G4,
    'text, then two calls',
    `${LCPP_TEST}, Google Gemma 4 block ("Tool call with string and content", "Parallel tool calls")`,
    `Checking both.<|tool_call>call:search{query:${Q}a${Q}}<tool_call|><|tool_call>call:get_weather{location:${Q}Paris${Q}}<tool_call|>`,
    [call('search', { query: 'a' }), call('get_weather', { location: 'Paris' })],
    'Checking both.',
  ),
  corpusCase(
    G4,
    'arguments in parentheses with ":"',
    'https://github.com/vllm-project/vllm/issues/53657 (call:terminal(command:<|"|>…<|"|>) under long prompts)',
    `<|tool_call>call:run_shell(command:${Q}ls -a${Q})<tool_call|>`,
    [call('run_shell', { command: 'ls -a' })],
  ),
  corpusCase(
    G4,
    'the bare ":" opener',
    'https://github.com/vllm-project/vllm/issues/53431 (<|tool_call>:name{…} with no "call")',
    `<|tool_call>:search{query:${Q}x${Q}}<tool_call|>`,
    [call('search', { query: 'x' })],
  ),
  corpusCase(
    G4,
    'Windows path with single backslashes',
    `${O_GEMMA4}, "tool_call_with_windows_path_single_backslashes"`,
    `<|tool_call>call:write_file{path:${Q}C:\\users\\ana\\notes.txt${Q},content:${Q}hi${Q}}<tool_call|>`,
    [call('write_file', { path: 'C:\\users\\ana\\notes.txt', content: 'hi' })],
  ),
  corpusCase(
    G4,
    'unescaped double quotes, no closing token',
    `${O_GEMMA4}, "tool_call_done_flush_without_close_tag_with_unescaped_double_quotes"`,
    `<|tool_call>call:search{query:${Q}say "hi" and "bye"${Q}}`,
    [call('search', { query: 'say "hi" and "bye"' })],
  ),
  corpusCase(
    G4,
    'the thought channel, then call: with no <|tool_call> opener',
    `https://github.com/vllm-project/vllm/issues/54256 (<channel|>call:bash{…} right after the thought); ${T_GEMMA4}`,
    `<|channel>thought\nI should read the entry point.\n<channel|>call:run_shell{command:${Q}cat src/main.c${Q}}`,
    [call('run_shell', { command: 'cat src/main.c' })],
    '',
    { reasoning: 'I should read the entry point.' },
  ),
  corpusCase(
    G4,
    'an extra <tool_call|> after a complete call',
    'https://github.com/ollama/ollama/pull/15370 (Gemma 4 emits extra <tool_call|> tags after a valid call)',
    `<|tool_call>call:search{query:${Q}x${Q}}<tool_call|><tool_call|>`,
    [call('search', { query: 'x' })],
    '',
  ),
  corpusCase(
    G4,
    'the thought channel, then the call',
    `${T_GEMMA4} (<|channel>thought\n…<channel|> then <|tool_call>); ${LCPP_TEST}, Google Gemma 4 block ("Reasoning and content")`,
    `<|channel>thought\nOslo it is.<channel|><|tool_call>call:get_weather{location:${Q}Oslo${Q}}<tool_call|>`,
    [call('get_weather', { location: 'Oslo' })],
    '',
    { reasoning: 'Oslo it is.' },
  ),
  corpusCase(
    G4,
    'arguments in parentheses with "=", a bracket inside a string',
    'https://github.com/jundot/omlx/issues/1886 (Gemma 4 26B degrades to call:name(key=value, …))',
    `Checking.<|tool_call>call:get_weather(location=${Q}Rome (IT)${Q}, unit=${Q}celsius${Q})<tool_call|>`,
    [call('get_weather', { location: 'Rome (IT)', unit: 'celsius' })],
    'Checking.',
  ),
];

const FG = ['function-gemma'];

export const functionGemmaMoreCorpus: CorpusCase[] = [
  corpusCase(
    FG,
    'text, then a call',
    `${O_FUNCTIONGEMMA}, "content_before_tool_call"`,
    `Let me check.<start_function_call>call:get_weather{location:${E}Oslo${E}}<end_function_call>`,
    [call('get_weather', { location: 'Oslo' })],
    'Let me check.',
  ),
  corpusCase(
    FG,
    'a number argument',
    `${O_FUNCTIONGEMMA}, "numeric_arguments"`,
    `<start_function_call>call:search{query:${E}pizza${E},limit:3}<end_function_call>`,
    [call('search', { query: 'pizza', limit: 3 })],
  ),
  corpusCase(
    FG,
    'parallel calls',
    `${O_FUNCTIONGEMMA}, "parallel_tool_calls"`,
    `<start_function_call>call:search{query:${E}a${E}}<end_function_call><start_function_call>call:get_weather{location:${E}Oslo${E},unit:${E}celsius${E}}<end_function_call>`,
    [call('search', { query: 'a' }), call('get_weather', { location: 'Oslo', unit: 'celsius' })],
  ),
  corpusCase(
    FG,
    'no arguments, then text',
    `${O_FUNCTIONGEMMA}, "tool_call_with_no_arguments" and "content_after_tool_call"`,
    '<start_function_call>call:list_files{}<end_function_call>Done!',
    [call('list_files', {})],
    'Done!',
    typed,
  ),
  corpusCase(
    FG,
    'nested object, array and boolean',
    `${O_FUNCTIONGEMMA}, "nested_object_argument", "array_argument", "boolean_arguments"`,
    `<start_function_call>call:set_config{config:{theme:${E}dark${E}},tags:[${E}a${E}],enabled:true}<end_function_call>`,
    [call('set_config', { config: { theme: 'dark' }, tags: ['a'], enabled: true })],
    '',
    typed,
  ),
  corpusCase(
    FG,
    'text between two calls',
    `${O_FUNCTIONGEMMA}, "content_between_tool_calls"`,
    `<start_function_call>call:search{query:${E}a${E}}<end_function_call>Some text here<start_function_call>call:search{query:${E}b${E}}<end_function_call>`,
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
    'Some text here',
  ),
  corpusCase(
    FG,
    'a partial start tag in prose stays text',
    `${O_FUNCTIONGEMMA}, "partial_start_tag_in_content" and "content_with_angle_brackets"`,
    'Hello <start world, the result is a <value> tag',
    [],
    'Hello <start world, the result is a <value> tag',
  ),
];
