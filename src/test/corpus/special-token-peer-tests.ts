/**
 * More Kimi-K2, DeepSeek and Harmony (gpt-oss) patterns from named peer tests
 * and templates, and these families' special tokens in every other preset,
 * where they must stay text. Synthetic texts written to each pattern.
 */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, LCPP_TEST_OLD, O_DEEPSEEK3, T_DS_R1_QWEN, T_GPT_OSS, T_KIMI_THINKING } from './sources.ts';
import { typedTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const typed = { tools: typedTools };
const kb = '<|tool_calls_section_begin|>';
const ke = '<|tool_calls_section_end|>';
const kc = (id: string, args: string) => `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const db = '<｜tool▁calls▁begin｜>';
const de = '<｜tool▁calls▁end｜>';
const dc = (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;
const KIMI_T = `${T_KIMI_THINKING}; ${LCPP_TEST}, Kimi-K2-Thinking block`;

export const kimiMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['kimi-k2'],
    'thinking, then two calls',
    `${KIMI_T} ("Multiple tool calls with reasoning")`,
    `<think>Two lookups are needed.</think>${kb}${kc('functions.search:0', '{"query": "a"}')}${kc('functions.run_shell:1', '{"command": "echo \'hi\'"}')}${ke}`,
    [call('search', { query: 'a' }), call('run_shell', { command: "echo 'hi'" })],
    '',
    { reasoning: 'Two lookups are needed.' },
  ),
  corpusCase(
    ['kimi-k2'],
    'empty arguments',
    `${KIMI_T} ("Tool call with empty arguments")`,
    `${kb}${kc('functions.list_files:0', '{}')}${ke}`,
    [call('list_files', {})],
    '',
    typed,
  ),
  corpusCase(
    ['kimi-k2'],
    'three calls, the id counter rising',
    `${KIMI_T} ("Three tool calls to verify counter continues incrementing")`,
    `${kb}${kc('functions.search:0', '{"query": "a"}')}${kc('functions.run_shell:1', '{"command": "date"}')}${kc('functions.write_file:2', '{"path": "p.html", "content": "<p>x</p>"}')}${ke}`,
    [
      call('search', { query: 'a' }),
      call('run_shell', { command: 'date' }),
      call('write_file', { path: 'p.html', content: '<p>x</p>' }),
    ],
  ),
  corpusCase(
    ['kimi-k2'],
    'a bare call with no section markers and no end marker',
    `${KIMI_T} ("Real life test - execute_command")`,
    '<|tool_call_begin|>functions.exec:0<|tool_call_argument_begin|>{"command": "ls -lah", "cwd": "/srv/app", "timeout": 10}',
    [call('exec', { command: 'ls -lah', cwd: '/srv/app', timeout: 10 })],
    '',
    typed,
  ),
  corpusCase(
    ['kimi-k2'],
    'multi-line code in a JSON string',
    `${KIMI_T} ("Python tool with multiline code")`,
    `${kb}${kc('functions.write_file:0', '{"path": "hi.py", "content": "def hi():\\n    print(\\"hi\\")\\n\\nhi()"}')}${ke}`,
    [call('write_file', { path: 'hi.py', content: 'def hi():\n    print("hi")\n\nhi()' })],
  ),
  corpusCase(
    ['kimi-k2'],
    '<|im_end|> after the section',
    `end-of-turn tokens; ${T_KIMI_THINKING} ends assistant turns with <|im_end|>`,
    `${kb}${kc('functions.search:0', '{"query": "moon"}')}${ke}<|im_end|>`,
    [call('search', { query: 'moon' })],
  ),
];

export const deepseekMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['deepseek'],
    'V3.1: template-opened thinking, then a call',
    `${LCPP_TEST}, DeepSeek V3.1 block ("REASONING</think><｜tool▁calls▁begin｜>…")`,
    `The user wants Tokyo.</think>${db}${dc('search', '{"query": "tokyo"}')}${de}`,
    [call('search', { query: 'tokyo' })],
    '',
    { reasoning: 'The user wants Tokyo.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    ['deepseek'],
    'V3.1: thinking, text, two calls',
    `${LCPP_TEST}, DeepSeek V3.1 block ("REASONING</think>CONTENT<｜tool▁calls▁begin｜>…" with two calls)`,
    `Plan both.</think>Both now.${db}${dc('search', '{"query": "paris"}')}${dc('get_weather', '{"location": "Paris"}')}${de}`,
    [call('search', { query: 'paris' }), call('get_weather', { location: 'Paris' })],
    'Both now.',
    { reasoning: 'Plan both.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    ['deepseek'],
    'V3 / R1: function<｜tool▁sep｜>name and a ```json fence',
    `${T_DS_R1_QWEN}; ${LCPP_TEST_OLD}, DeepSeek R1 blocks`,
    `${db}<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n\`\`\`json\n{"location": "Hue"}\n\`\`\`<｜tool▁call▁end｜>${de}`,
    [call('get_weather', { location: 'Hue' })],
  ),
  corpusCase(
    ['deepseek'],
    'R1: template-opened thinking, a V3-form call, the end-of-sentence token',
    `${T_DS_R1_QWEN}; ${LCPP_TEST}, DeepSeek R1 Distill blocks (forced-open thinking, "</think><｜tool▁calls▁begin｜>…function<｜tool▁sep｜>…")`,
    `I need it.\n</think>\n\n${db}<｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n\`\`\`json\n{"query": "r1"}\n\`\`\`<｜tool▁call▁end｜>${de}<｜end▁of▁sentence｜>`,
    [call('search', { query: 'r1' })],
    '',
    { reasoning: 'I need it.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    ['deepseek'],
    'V3.1: the answer ends before the closing markers',
    'a cut-off answer keeps the calls it completed; no peer test of this exact cut found',
    `${db}${dc('search', '{"query": "q"}')}`,
    [call('search', { query: 'q' })],
  ),
  corpusCase(
    ['deepseek'],
    'a partial begin token at the end stays text',
    `${O_DEEPSEEK3}, "partial_tool_tag_at_end"`,
    'The answer, then <｜tool▁calls▁',
    [],
    'The answer, then <｜tool▁calls▁',
  ),
];

export const harmonyMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['harmony'],
    'recipient in the channel header, analysis channel',
    `${LCPP_TEST}, GPT-OSS block ("Tool call with recipient in channel header")`,
    '<|channel|>analysis to=functions.search<|message|>{"query": "fjords"}',
    [call('search', { query: 'fjords' })],
  ),
  corpusCase(
    ['harmony'],
    'recipient in the channel header, commentary channel',
    `${LCPP_TEST}, GPT-OSS block ("Tool call in commentary channel (channel header variant)")`,
    '<|channel|>commentary to=functions.search<|message|>{"query": "trolls"}',
    [call('search', { query: 'trolls' })],
  ),
  corpusCase(
    ['harmony'],
    'analysis, then <|start|>assistant to=… with the recipient in the role header',
    `${LCPP_TEST}, GPT-OSS block ("Tool call with reasoning + content")`,
    '<|channel|>analysis<|message|>Thinking.<|end|><|start|>assistant to=functions.search<|channel|>analysis<|message|>{"query": "w"}',
    [call('search', { query: 'w' })],
    '',
    { reasoning: 'Thinking.' },
  ),
  corpusCase(
    ['harmony'],
    'code with "<" and a boolean, <|constrain|>json, no <|call|>',
    `${LCPP_TEST}, GPT-OSS block ("Complex tool calling")`,
    '<|channel|>analysis<|message|>Edit it.<|end|><|start|>assistant<|channel|>commentary to=functions.edit <|constrain|>json<|message|>{"old": "if (i < n - 1) {", "new": "if (i < 3) {", "all": false}',
    [call('edit', { old: 'if (i < n - 1) {', new: 'if (i < 3) {', all: false })],
    '',
    { ...typed, reasoning: 'Edit it.' },
  ),
  corpusCase(
    ['harmony'],
    'final answer ending in <|return|>',
    `end-of-turn tokens: <|return|>; ${T_GPT_OSS}; ${LCPP_TEST}, GPT-OSS block (analysis then final)`,
    '<|channel|>analysis<|message|>Easy sum.<|end|><|start|>assistant<|channel|>final<|message|>It is 4.<|return|>',
    [],
    'It is 4.',
    { reasoning: 'Easy sum.' },
  ),
  corpusCase(
    ['harmony'],
    '"commentary to=assistant" before the analysis',
    `${LCPP_TEST}, GPT-OSS block ("<|channel|>commentary to=assistant" before reasoning)`,
    '<|channel|>commentary to=assistant<|channel|>analysis<|message|>Hmm.<|end|><|start|>assistant<|channel|>final<|message|>Hello.',
    [],
    'Hello.',
    { reasoning: 'Hmm.' },
  ),
];

/** Every native preset but the markers' own family; `auto` parses every family, so it is left out (notAuto). */
const ALL = [
  'hermes',
  'gemma',
  'morph-xml',
  'qwen3-coder',
  'llama3-json',
  'mistral',
  'granite',
  'phi4-mini',
  'xlam',
  'deepseek',
  'kimi-k2',
  'harmony',
  'glm',
  'minimax-m2',
  'gemma4',
  'function-gemma',
  'pythonic',
  'olmo3',
];
const KIMI_TEXT = `Checking.${kb}${kc('functions.search:0', '{"query": "a"}')}${ke}`;
const DS_TEXT = `Sure.${db}${dc('search', '{"query": "a"}')}${de}<｜end▁of▁sentence｜>`;

export const crossFamilyCorpus: CorpusCase[] = [
  corpusCase(
    ALL.filter((p) => p !== 'kimi-k2'),
    "Kimi-K2's tokens in every other preset stay text, whole",
    `Kimi's special tokens must not leak half-parsed; the section shape of ${KIMI_T}`,
    KIMI_TEXT,
    [],
    KIMI_TEXT,
    { notAuto: 'auto reads Kimi-K2 (the kimi-k2 family covers it)' },
  ),
  corpusCase(
    ALL.filter((p) => p !== 'deepseek'),
    "DeepSeek's tokens in every other preset stay text, whole",
    `DeepSeek's special tokens must not leak half-parsed; the block shape of ${LCPP_TEST}, DeepSeek V3.1 blocks`,
    DS_TEXT,
    [],
    DS_TEXT,
    { notAuto: 'auto reads DeepSeek (the deepseek family covers it)' },
  ),
];
