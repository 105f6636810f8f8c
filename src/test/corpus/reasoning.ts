/** Reasoning models: thinking becomes reasoning, nothing inside it runs. Synthetic texts. */

import { T_DS_R1_QWEN, T_GLM46, T_MINIMAX_M2, T_QWEN3 } from './sources.ts';
import { weatherTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

// The earlier commits named for these templates (20bdc4fa, a21f05af, afefa651) are not in llama.cpp's
// history; these are the commits that last changed each file there.
const QWEN3 = `${T_QWEN3}: <think> opens the answer (Qwen/Qwen3-8B on Hugging Face ships the same template)`;
const R1 = T_DS_R1_QWEN;
const MM2 = T_MINIMAX_M2;
const GLM = T_GLM46;

export const reasoningCorpus: CorpusCase[] = [
  {
    name: 'Qwen3 <think> then a hermes call',
    source: QWEN3,
    text: '<think>\nThe user wants weather in Bern.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Bern"}}\n</tool_call>',
    tools: weatherTools,
    presets: ['hermes'],
    calls: [{ toolName: 'get_weather', input: { location: 'Bern' } }],
    text_out: '',
    reasoning: 'The user wants weather in Bern.',
  },
  {
    name: 'call drafted inside thinking is not executed',
    source:
      'synthetic: a call drafted inside the thinking and rejected there must not run (no public report with this text found)',
    text: '<think>\nMaybe <tool_call>{"name": "search", "arguments": {"query": "bern"}}</tool_call> — no, I know this.\n</think>\nBern is the Swiss capital.',
    tools: weatherTools,
    presets: ['hermes'],
    calls: [],
    text_out: 'Bern is the Swiss capital.',
    reasoning: 'Maybe <tool_call>{"name": "search", "arguments": {"query": "bern"}}</tool_call> — no, I know this.',
  },
  {
    name: 'truncated thinking block stays reasoning',
    source:
      'synthetic: a thinking block cut off by the end of the stream stays reasoning (no public report with this text found)',
    text: '<think>\nI should call get_weather for',
    tools: weatherTools,
    presets: ['hermes'],
    calls: [],
    text_out: '',
    reasoning: 'I should call get_weather for',
  },
  {
    name: 'marker in prose stays text',
    source: 'synthetic: prose naming the <think> tag stays text (no public report with this text found)',
    text: 'In Qwen3, the <think> tag marks reasoning and </think> ends it.',
    tools: weatherTools,
    presets: ['hermes'],
    calls: [],
    text_out: 'In Qwen3, the <think> tag marks reasoning and </think> ends it.',
    errors: ['unopened-reasoning'],
  },
  {
    name: 'MiniMax-M2 thinking then an invoke',
    source: MM2,
    text: '<think>\nNeed the forecast.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Graz</parameter>\n</invoke>\n</minimax:tool_call>',
    tools: weatherTools,
    presets: ['minimax-m2'],
    calls: [{ toolName: 'get_weather', input: { location: 'Graz' } }],
    text_out: '',
    reasoning: 'Need the forecast.',
  },
  {
    name: 'GLM thinking then a call',
    source: GLM,
    text: '<think>Look it up.</think>\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>glm docs</arg_value>\n</tool_call>',
    tools: weatherTools,
    presets: ['glm'],
    calls: [{ toolName: 'search', input: { query: 'glm docs' } }],
    text_out: '',
    reasoning: 'Look it up.',
  },
  {
    name: 'DeepSeek-R1 style <think> then answer',
    source: R1,
    text: '<think>\nSimple arithmetic.\n</think>\n\n2 + 2 = 4.',
    tools: weatherTools,
    presets: ['deepseek', 'hermes'],
    calls: [],
    text_out: '2 + 2 = 4.',
    reasoning: 'Simple arithmetic.',
  },
  {
    name: 'gpt-oss analysis then commentary call',
    source: 'openai/harmony docs (format.md): analysis channel, then commentary to=functions.x',
    text: '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Oslo"}<|call|>',
    tools: weatherTools,
    presets: ['harmony'],
    calls: [{ toolName: 'get_weather', input: { location: 'Oslo' } }],
    text_out: '',
    reasoning: 'Need weather.',
  },
  {
    name: 'gpt-oss analysis then final',
    source: 'openai/harmony docs (format.md): final channel is the answer',
    text: '<|channel|>analysis<|message|>Greeting.<|end|><|start|>assistant<|channel|>final<|message|>Hello!<|return|>',
    tools: weatherTools,
    presets: ['harmony'],
    calls: [],
    text_out: 'Hello!',
    reasoning: 'Greeting.',
  },
  {
    name: 'Magistral [THINK] then a call',
    source: 'Magistral [THINK]…[/THINK]; mistral-common v13 tokenizer special tokens',
    text: '[THINK]Use the tool.[/THINK][TOOL_CALLS]get_weather[ARGS]{"location": "Metz"}',
    tools: weatherTools,
    presets: ['mistral'],
    calls: [{ toolName: 'get_weather', input: { location: 'Metz' } }],
    text_out: '',
    reasoning: 'Use the tool.',
  },
];
