/** More reasoning patterns: template-opened thinking, Kimi/Qwen3-Coder thinking, Harmony drafts. Synthetic texts. */
import { call, corpusCase } from './make.ts';
import { T_DS_V31, T_GLM46, T_KIMI_THINKING } from './sources.ts';
import type { CorpusCase } from './types.ts';

// The earlier sources (DeepSeek-V3.1@0374c5b6, moonshotai-Kimi-K2-Thinking.jinja@0c3c896e, GLM-4.6@afefa651) are
// not in llama.cpp's history; the Kimi file there is Kimi-K2-Thinking.jinja.
const V31 = T_DS_V31;
const KIMI_T = T_KIMI_THINKING;
const GLM46 = T_GLM46;
const kimiCall = (id: string, args: string) =>
  `<|tool_calls_section_begin|><|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;
const inside = { reasoningOption: { startInside: true } as const };

export const reasoningMoreCorpus: CorpusCase[] = [
  corpusCase(
    ['deepseek'],
    'V3.1 thinking opened by the template: only </think> appears',
    V31,
    'The user greets me.</think>Hello there!',
    [],
    'Hello there!',
    { ...inside, reasoning: 'The user greets me.' },
  ),
  corpusCase(
    ['hermes'],
    'Qwen3-Thinking-2507: template-opened thinking then a call',
    'startInside: Qwen3-Thinking-2507; Qwen/Qwen3-4B-Thinking-2507 chat_template opens <think> in the generation prompt',
    'Need the weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Kiel"}}\n</tool_call>',
    [call('get_weather', { location: 'Kiel' })],
    '',
    { ...inside, reasoning: 'Need the weather.' },
  ),
  corpusCase(
    ['glm'],
    'GLM thinking opened by the template, then a call',
    GLM46,
    'Search first.</think>\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>zhipu</arg_value>\n</tool_call>',
    [call('search', { query: 'zhipu' })],
    '',
    { ...inside, reasoning: 'Search first.' },
  ),
  corpusCase(
    ['kimi-k2'],
    'Kimi-K2-Thinking <think> then a call section',
    KIMI_T,
    `<think>Check the forecast.</think>${kimiCall('functions.get_weather:0', '{"location": "Sapporo"}')}`,
    [call('get_weather', { location: 'Sapporo' })],
    '',
    { reasoning: 'Check the forecast.' },
  ),
  corpusCase(
    ['kimi-k2'],
    'Kimi call drafted inside thinking is not executed',
    `nothing inside reasoning is parsed; ${KIMI_T}`,
    `<think>I could do ${kimiCall('functions.search:0', '{"query": "x"}')} but no.</think>No tool needed.`,
    [],
    'No tool needed.',
    { reasoning: `I could do ${kimiCall('functions.search:0', '{"query": "x"}')} but no.` },
  ),
  corpusCase(
    ['qwen3-coder'],
    'Qwen3.5-style thinking then a <function=…> call',
    'Qwen3-Coder thinking; Qwen/Qwen3.5 chat_template (<think> then <tool_call><function=…>)',
    '<think>\nList files.\n</think>\n\n<tool_call>\n<function=run_shell>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>',
    [call('run_shell', { command: 'ls' })],
    '',
    { reasoning: 'List files.' },
  ),
  corpusCase(
    ['harmony'],
    'Harmony: call markup drafted in analysis is not executed',
    'nothing inside reasoning is parsed; openai/harmony docs/format.md analysis channel',
    '<|channel|>analysis<|message|>Maybe to=functions.search {"query": "x"}? Not needed.<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>',
    [],
    'Done.',
    { reasoning: 'Maybe to=functions.search {"query": "x"}? Not needed.' },
  ),
  corpusCase(
    ['mistral'],
    'Magistral [THINK] with a drafted call is not executed',
    'Magistral [THINK]…[/THINK]; mistral-common v13 special tokens',
    '[THINK]Could use [TOOL_CALLS]search[ARGS]{"query": "a"} — not needed.[/THINK]Paris.',
    [],
    'Paris.',
    { reasoning: 'Could use [TOOL_CALLS]search[ARGS]{"query": "a"} — not needed.' },
  ),
];
