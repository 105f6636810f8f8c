/**
 * Thinking becomes reasoning parts, streamed as it arrives, and nothing
 * inside it is parsed. Each case runs through the family's preset and through
 * auto, whole, one char at a time and at random splits, with exact reasoning,
 * text, calls and error codes. Markers as in the official chat templates:
 * Qwen3 / DeepSeek / GLM / MiniMax-M2 / Kimi-K2-Thinking `<think>…</think>`;
 * gpt-oss Harmony `<|channel|>analysis<|message|>…<|end|>`; Magistral
 * `[THINK]…[/THINK]`; Gemma 4 `<|channel>thought\n…<channel|>`
 * (ggml-org/llama.cpp models/templates/gemma4.jinja).
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ReasoningOption } from '../parse/engine/events.ts';
import { chunkings, generateContent, streamParts, summarize, summarizeContent } from '../test/harness.ts';
import { fixtureTools } from '../test/protocol-fixtures.ts';
import { autoProtocol } from './auto/auto.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { findFormat } from './registry.ts';

interface ReasoningCase {
  name: string;
  presets: string[];
  text: string;
  reasoning: string;
  prose: string;
  calls: Array<{ toolName: string; input: unknown }>;
  errors?: string[];
  option?: ReasoningOption;
  toolChoice?: LanguageModelV4CallOptions['toolChoice'];
}

const weather = (city: string) => ({ toolName: 'get_weather', input: { city } });
const hermesCall = (city: string) =>
  `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n</tool_call>`;

const cases: ReasoningCase[] = [
  {
    name: 'Qwen3: thinking, then a call',
    presets: ['hermes', 'qwen3-coder', 'glm'],
    text: `<think>\nThe user wants Paris weather.\n</think>\n\n${hermesCall('Paris')}`,
    reasoning: 'The user wants Paris weather.',
    prose: '',
    calls: [weather('Paris')],
  },
  {
    name: 'a call drafted inside thinking and rejected is never executed',
    presets: ['hermes'],
    text: `<think>Maybe ${hermesCall('Rome')}? No, they asked for a poem.</think>Roses are red.`,
    reasoning: `Maybe ${hermesCall('Rome')}? No, they asked for a poem.`,
    prose: 'Roses are red.',
    calls: [],
  },
  {
    name: 'a thinking block cut off by the end of the output stays reasoning',
    presets: ['hermes', 'minimax-m2'],
    text: '<think>Let me think about <tool_call>{"name": "get_wea',
    reasoning: 'Let me think about <tool_call>{"name": "get_wea',
    prose: '',
    calls: [],
  },
  {
    name: 'a marker inside prose stays text',
    presets: ['hermes', 'deepseek'],
    text: 'In Qwen3 the <think> tag marks reasoning, closed by </think>.',
    reasoning: '',
    prose: 'In Qwen3 the <think> tag marks reasoning, closed by </think>.',
    calls: [],
    errors: ['unopened-reasoning'],
  },
  {
    name: 'startInside: the template opened the block, only </think> appears (Qwen3-Thinking-2507)',
    presets: ['hermes', 'qwen3-coder'],
    option: { startInside: true },
    text: `Paris, so I call the tool.\n</think>\n\n${hermesCall('Paris')}`,
    reasoning: 'Paris, so I call the tool.',
    prose: '',
    calls: [weather('Paris')],
  },
  {
    name: 'without startInside, the thinking before a lone </think> is text and onError says what to set',
    presets: ['hermes'],
    text: 'Paris, so I answer.\n</think>\n\nIt is sunny.',
    reasoning: '',
    prose: 'Paris, so I answer.\n</think>\n\nIt is sunny.',
    calls: [],
    errors: ['unopened-reasoning'],
  },
  {
    name: 'startInside with Apriel 1.6: reasoning, [BEGIN FINAL RESPONSE], then the calls',
    presets: ['jamba'],
    option: { startInside: true },
    // llama.cpp models/templates/Apriel-1.6-15b-Thinker-fixed.jinja@20bdc4fa opens the reasoning in words.
    text: 'The user wants Seoul.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seoul"}}]</tool_calls><|end|>',
    reasoning: 'The user wants Seoul.',
    prose: '',
    calls: [weather('Seoul')],
  },
  {
    name: "reasoning: 'text' turns recognition off",
    presets: ['hermes'],
    option: 'text',
    text: '<think>hmm</think>Hello.',
    reasoning: '',
    prose: '<think>hmm</think>Hello.',
    calls: [],
  },
  {
    name: 'startInside with DeepSeek-R1: thinking, </think>, then special-token calls',
    presets: ['deepseek'],
    option: { startInside: true },
    text: 'Need weather.\n</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Oslo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    reasoning: 'Need weather.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'DeepSeek: thinking, then special-token calls',
    presets: ['deepseek'],
    text: '<think>Need weather.</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Oslo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    reasoning: 'Need weather.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'MiniMax-M2: interleaved thinking after a completed call',
    presets: ['minimax-m2'],
    text: '<think>First Oslo.</think>\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</minimax:tool_call>\n<think>Then Lima.</think>\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Lima</parameter>\n</invoke>\n</minimax:tool_call>',
    reasoning: 'First Oslo.Then Lima.',
    prose: '',
    calls: [weather('Oslo'), weather('Lima')],
  },
  {
    name: 'Harmony: analysis, then a commentary call',
    presets: ['harmony'],
    text: '<|channel|>analysis<|message|>User wants Oslo weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Oslo"}<|call|>',
    reasoning: 'User wants Oslo weather.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'Harmony: analysis, then the final answer (markup dropped)',
    presets: ['harmony'],
    text: '<|channel|>analysis<|message|>Simple greeting.<|end|><|start|>assistant<|channel|>final<|message|>Hello there!<|return|>',
    reasoning: 'Simple greeting.',
    prose: 'Hello there!',
    calls: [],
  },
  {
    name: 'Magistral: [THINK]…[/THINK], then a call',
    presets: ['mistral'],
    text: '[THINK]Weather in Oslo needed.[/THINK][TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}',
    reasoning: 'Weather in Oslo needed.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'Gemma 4: the thought channel, then a call right after it',
    presets: ['gemma4'],
    text: '<|channel>thought\nOslo weather.<channel|><|tool_call>call:get_weather{city:<|"|>Oslo<|"|>}<tool_call|>',
    reasoning: 'Oslo weather.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'toolChoice required: thinking before the forced JSON answer is no violation',
    presets: ['hermes', 'qwen3-coder'],
    toolChoice: { type: 'required' },
    text: '<think>I must call a tool.</think>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}',
    reasoning: 'I must call a tool.',
    prose: '',
    calls: [weather('Oslo')],
  },
  {
    name: 'toolChoice required: a thinking-only answer fails with the usual error',
    presets: ['hermes'],
    toolChoice: { type: 'required' },
    text: '<think>Nothing to call.</think>',
    reasoning: 'Nothing to call.',
    prose: '',
    calls: [],
    errors: ['no-tool-call'],
  },
];

async function check(protocol: ToolCallProtocol, c: ReasoningCase, label: string): Promise<void> {
  for (const { name, chunks } of chunkings(c.text)) {
    const errors: string[] = [];
    const middleware = createToolMiddleware({
      protocol,
      onError: (_m, meta) => errors.push(meta.code),
      ...(c.option === undefined ? {} : { reasoning: c.option }),
    });
    const run = { middleware, tools: fixtureTools, ...(c.toolChoice ? { toolChoice: c.toolChoice } : {}) };
    const summary = summarize(await streamParts(run, chunks));
    const at = `${label}, ${name}`;
    expect(summary.reasoning.trim(), at).toBe(c.reasoning);
    expect(summary.text.trim(), at).toBe(c.prose);
    expect(
      summary.calls.map(({ toolName, input }) => ({ toolName, input })),
      at,
    ).toEqual(c.calls);
    expect(errors, at).toEqual(c.errors ?? []);
    // Reasoning streams: a long thinking block arrives in as many deltas as chunks, not at its end.
    if (name.startsWith('one char') && c.reasoning.length > 10) {
      expect(summary.shape.filter((t) => t === 'reasoning-start').length, at).toBeGreaterThan(0);
    }
    const generated = summarizeContent((await generateContent(run, c.text)).content);
    expect(generated.reasoning.trim(), at).toBe(c.reasoning);
    expect(generated.text.trim(), at).toBe(c.prose);
  }
}

describe('reasoning: thinking becomes reasoning parts and is never parsed', () => {
  for (const c of cases) {
    it(c.name, async () => {
      for (const preset of c.presets) {
        await check(findFormat(preset)?.create() as ToolCallProtocol, c, preset);
      }
      await check(autoProtocol(), c, 'auto');
    });
  }

  it('streams reasoning as it arrives: one delta per chunk inside the block', async () => {
    const chunks = ['<think>', 'a', 'b', 'c', '</think>', 'Hi'];
    const middleware = createToolMiddleware({ protocol: findFormat('hermes')?.create() as ToolCallProtocol });
    const parts = await streamParts({ middleware, tools: fixtureTools }, chunks);
    const deltas = parts.flatMap((p) => (p.type === 'reasoning-delta' ? [p.delta] : []));
    expect(deltas).toEqual(['a', 'b', 'c']);
  });
});
