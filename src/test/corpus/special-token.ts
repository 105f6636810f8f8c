/** Kimi-K2, DeepSeek and Harmony (special-token formats). Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, T_DS_V31, T_GPT_OSS, T_KIMI_K2 } from './sources.ts';
import type { CorpusCase } from './types.ts';

// The earlier commits (02f4a631 for Kimi-K2, 0374c5b6 for DeepSeek-V3.1) are not in llama.cpp's history;
// these are the commits that last changed each file there.
const KIMI = `${T_KIMI_K2}; ${LCPP_TEST}, Kimi-K2 block`;
const V31 = `${T_DS_V31}; ${LCPP_TEST}, DeepSeek V3.1 blocks`;
const HARMONY = `openai/harmony docs/format.md: commentary channel, recipient to=functions.name; ${T_GPT_OSS}`;
const kb = '<|tool_calls_section_begin|>';
const ke = '<|tool_calls_section_end|>';
const kc = (id: string, args: string) => `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const db = '<｜tool▁calls▁begin｜>';
const de = '<｜tool▁calls▁end｜>';
const dc = (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;

export const kimiCorpus: CorpusCase[] = [
  corpusCase(
    ['kimi-k2'],
    'one call with functions.name:0 id',
    KIMI,
    `${kb}${kc('functions.get_weather:0', '{"location": "Osaka"}')}${ke}`,
    [call('get_weather', { location: 'Osaka' })],
  ),
  corpusCase(
    ['kimi-k2'],
    'two calls with text before',
    KIMI,
    `Checking both.${kb}${kc('functions.search:0', '{"query": "a"}')}${kc('functions.search:1', '{"query": "b"}')}${ke}`,
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
    'Checking both.',
  ),
];

export const deepseekCorpus: CorpusCase[] = [
  corpusCase(
    ['deepseek'],
    'V3.1 name<sep>json',
    V31,
    `${db}${dc('get_weather', '{"location": "Hue"}')}${de}<｜end▁of▁sentence｜>`,
    [call('get_weather', { location: 'Hue' })],
  ),
  corpusCase(
    ['deepseek'],
    'V3.1 two calls',
    V31,
    `Sure.${db}${dc('search', '{"query": "pho"}')}${dc('get_weather', '{"location": "Hanoi"}')}${de}`,
    [call('search', { query: 'pho' }), call('get_weather', { location: 'Hanoi' })],
    'Sure.',
  ),
];

export const harmonyCorpus: CorpusCase[] = [
  corpusCase(
    ['harmony'],
    'commentary call with <|constrain|>json',
    HARMONY,
    '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Oslo"}<|call|>',
    [call('get_weather', { location: 'Oslo' })],
  ),
  corpusCase(
    ['harmony'],
    'recipient in the header without <|start|>',
    `${LCPP_TEST}, GPT-OSS block ("Tool call with recipient in role header")`,
    ' to=functions.search<|channel|>commentary json<|message|>{"query": "fjords"}<|call|>',
    [call('search', { query: 'fjords' })],
  ),
  corpusCase(
    ['harmony'],
    'recipient on the analysis channel with a bare code constraint',
    'https://github.com/ai-dynamo/dynamo/pull/10366 (gpt-oss-120b emits tool calls on the analysis channel)',
    '<|channel|>analysis<|message|>Look for it.<|end|><|start|>assistant<|channel|>analysis to=functions.search code<|message|>{"query": "foo"}<|call|>',
    [call('search', { query: 'foo' })],
    '',
    { reasoning: 'Look for it.' },
  ),
  corpusCase(
    ['harmony'],
    'call without the trailing <|call|> at the end of the answer',
    'https://github.com/kekzl/imp/pull/1719 (gpt-oss-20b output captured live, ends after the JSON)',
    '<|channel|>analysis<|message|>Use get_weather.<|end|>\n<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Berlin"}',
    [call('get_weather', { location: 'Berlin' })],
    '',
    { reasoning: 'Use get_weather.' },
  ),
  corpusCase(
    ['harmony'],
    '<|constrain|> directly after the recipient (no space)',
    'https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/942 (gpt-oss-20b model output)',
    '<|start|>assistant<|channel|>commentary to=functions.search<|constrain|>json<|message|>{"query": "ecs"}<|call|>',
    [call('search', { query: 'ecs' })],
  ),
  corpusCase(
    ['harmony'],
    'analysis newline-split from the call header',
    'https://github.com/waybarrios/vllm-mlx/pull/562 (gpt-oss-20b: recipient on analysis, JSON on the next line)',
    '<|channel|>analysis<|message|>Run it.\n<|end|><|start|>assistant<|channel|>analysis to=functions.run_shell code<|message|>\n{"command": "grep -r Foo ."}<|call|>',
    [call('run_shell', { command: 'grep -r Foo .' })],
    '',
    { reasoning: 'Run it.' },
  ),
];
