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

const V32 =
  'ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081fd2c83bd221c157728a8cf0124cd4e27; llama.cpp tests/test-chat.cpp (DeepSeek V3.2 tests)';
/** llama.cpp's DeepSeek V3.2 / V4 parser tests (in a fork that follows ggml-org's master). */
const V32_TESTS = 'unslothai/llama.cpp tests/test-chat.cpp@d32676d77426540327835040d5d3279728f0b4c8';
const SGLANG_V32 =
  'sgl-project/sglang test/registered/function_call/test_deepseekv32_detector.py@ce5e431ba686ac578d8b0191eaca7765817e4959';
const DSML = (inner: string, block = 'function_calls') => `\n\n<｜DSML｜${block}>\n${inner}\n</｜DSML｜${block}>`;
const dsmlInvoke = (name: string, params: Array<[string, string, boolean]>) =>
  `<｜DSML｜invoke name="${name}">\n${params
    .map(([k, v, s]) => `<｜DSML｜parameter name="${k}" string="${s}">${v}</｜DSML｜parameter>`)
    .join('\n')}\n</｜DSML｜invoke>`;
const listTools = {
  todo_list: { type: 'object', properties: { todos: { type: 'array', items: { type: 'string' } } } },
  set_config: { type: 'object', properties: { config: { type: 'object' } } },
  write_note: { type: 'object', properties: { payload: { type: 'object' } } },
};

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
  corpusCase(
    ['deepseek'],
    'V3.2 DSML function_calls block',
    V32,
    `Looking.${DSML(dsmlInvoke('get_weather', [['location', 'Pune', true]]))}`,
    [call('get_weather', { location: 'Pune' })],
    'Looking.',
  ),
  // string="false" values are JSON per the template.
  corpusCase(
    ['deepseek'],
    'V3.2 DSML two invokes, string="false" integer',
    V32,
    DSML(
      `${dsmlInvoke('search', [
        ['query', 'chai', true],
        ['limit', '2', false],
      ])}\n${dsmlInvoke('run_shell', [['command', 'ls', true]])}`,
    ),
    [call('search', { query: 'chai', limit: 2 }), call('run_shell', { command: 'ls' })],
  ),
  corpusCase(
    ['deepseek'],
    'V3.2 template-opened thinking then DSML',
    V32,
    `Need weather.</think>${DSML(dsmlInvoke('get_weather', [['location', 'Goa', true]]))}`,
    [call('get_weather', { location: 'Goa' })],
    '',
    { reasoning: 'Need weather.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    ['deepseek'],
    'V3.2 <think> block, then two invokes of different tools',
    `${V32_TESTS}, "Multiple parallel tool calls with reasoning"`,
    `<think>Both at once.</think>${DSML(
      `${dsmlInvoke('get_weather', [['location', 'Kochi', true]])}\n${dsmlInvoke('search', [['query', 'monsoon', true]])}`,
    )}`,
    [call('get_weather', { location: 'Kochi' }), call('search', { query: 'monsoon' })],
    '',
    { reasoning: 'Both at once.' },
  ),
  corpusCase(
    ['deepseek'],
    'V3.2 string="false" list and object values are JSON',
    `${V32_TESTS}, "Tool call with array parameter" and "with object parameter"`,
    DSML(
      `${dsmlInvoke('todo_list', [['todos', '["pack bags","book train"]', false]])}\n${dsmlInvoke('set_config', [
        ['config', '{"mode":"quiet","level":3}', false],
      ])}`,
    ),
    [
      call('todo_list', { todos: ['pack bags', 'book train'] }),
      call('set_config', { config: { mode: 'quiet', level: 3 } }),
    ],
    '',
    { tools: listTools },
  ),
  corpusCase(
    ['deepseek'],
    'V3.2 string value holding markup and line breaks, verbatim',
    `${V32} (string values written as they are, no escaping)`,
    DSML(
      dsmlInvoke('write_file', [
        ['path', 'list.html', true],
        ['content', '<ul>\n  <li>a < b</li>\n</ul>\n', true],
      ]),
    ),
    [call('write_file', { path: 'list.html', content: '<ul>\n  <li>a < b</li>\n</ul>\n' })],
  ),
  corpusCase(
    ['deepseek'],
    'V3.2 string="false" value that is no JSON stays its text',
    `${SGLANG_V32}, TestNonJsonObjectParamStreaming`,
    DSML(dsmlInvoke('write_note', [['payload', 'Привет, мир! Это заметка', false]])),
    [call('write_note', { payload: 'Привет, мир! Это заметка' })],
    '',
    { tools: listTools },
  ),
  corpusCase(
    ['deepseek'],
    'V4 names the block <｜DSML｜tool_calls>',
    `${V32_TESTS}, "DeepSeek V4 tests"; ${SGLANG_V32}, test_v4_tool_calls_tokens`,
    `Let me check the time.</think>${DSML(dsmlInvoke('get_weather', [['location', 'Lima', true]]), 'tool_calls')}`,
    [call('get_weather', { location: 'Lima' })],
    '',
    { reasoning: 'Let me check the time.', reasoningOption: { startInside: true } },
  ),
  // Nothing lost: a block cut off inside its first invoke is text, every character once.
  corpusCase(
    ['deepseek'],
    'V3.2 DSML block cut off inside the first value stays text',
    `a truncated call gives the raw text; ${V32}`,
    'Checking.\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Pu',
    [],
    'Checking. <｜DSML｜function_calls> <｜DSML｜invoke name="get_weather"> <｜DSML｜parameter name="location" string="true">Pu',
    { errors: ['unclosed-tool-call'] },
  ),
  // Cut off in the second invoke: the first call, complete, stands; the second invoke's text comes back.
  corpusCase(
    ['deepseek'],
    'V3.2 DSML block cut off inside the second invoke',
    `completed calls or raw text, never both; ${V32}`,
    `\n\n<｜DSML｜function_calls>\n${dsmlInvoke('get_weather', [['location', 'Agra', true]])}\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter na`,
    [call('get_weather', { location: 'Agra' })],
    '<｜DSML｜invoke name="search"> <｜DSML｜parameter na',
    { errors: ['unclosed-tool-call'] },
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
