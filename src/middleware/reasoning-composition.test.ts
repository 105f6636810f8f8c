/**
 * toolshim with models that already produce reasoning parts: native
 * reasoning (a provider that returns `reasoning_content`) and the AI SDK's
 * own `extractReasoningMiddleware`, applied before or after toolshim.
 * Reasoning parts pass through untouched and in order; thinking is never
 * counted twice and never parsed for calls.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { extractReasoningMiddleware, generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware } from './presets.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish: LanguageModelV4StreamPart = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage };
const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const tools = {
  get_weather: tool({
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
  }),
};

function model(parts: LanguageModelV4StreamPart[], text: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream(parts) }),
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

function textParts(text: string): LanguageModelV4StreamPart[] {
  return [
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
  ];
}

async function run(wrapped: LanguageModelV4) {
  const result = streamText({ model: wrapped, prompt: 'weather?', tools });
  const types: string[] = [];
  for await (const part of result.fullStream) types.push(part.type);
  return { types, reasoning: await result.reasoningText, calls: await result.toolCalls, text: await result.text };
}

describe('reasoning from the model composes with toolshim', () => {
  it('native reasoning parts pass through unchanged and before the parsed call', async () => {
    const inner = model(
      [
        { type: 'stream-start', warnings: [] },
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'Oslo, ' },
        { type: 'reasoning-delta', id: 'r', delta: 'so call.' },
        { type: 'reasoning-end', id: 'r' },
        ...textParts(call),
        finish,
      ],
      call,
    );
    const out = await run(wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware }));
    expect(out.reasoning).toBe('Oslo, so call.');
    expect(out.calls.map((c) => c.input)).toEqual([{ city: 'Oslo' }]);
    expect(out.types.indexOf('reasoning-end')).toBeLessThan(out.types.indexOf('tool-call'));
  });

  it('extractReasoningMiddleware applied first: toolshim sees the answer only, no thinking twice', async () => {
    const text = `<think>Oslo, so call.</think>${call}`;
    const inner = model([{ type: 'stream-start', warnings: [] }, ...textParts(text), finish], text);
    const extracted = wrapLanguageModel({ model: inner, middleware: extractReasoningMiddleware({ tagName: 'think' }) });
    const out = await run(wrapLanguageModel({ model: extracted, middleware: hermesToolMiddleware }));
    expect(out.reasoning).toBe('Oslo, so call.');
    expect(out.calls.map((c) => c.input)).toEqual([{ city: 'Oslo' }]);
    expect(out.text).toBe('');
  });

  it('toolshim first, extractReasoningMiddleware after: toolshim already made the reasoning part', async () => {
    const text = `<think>Oslo, so call.</think>${call}`;
    const inner = model([{ type: 'stream-start', warnings: [] }, ...textParts(text), finish], text);
    const shimmed = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    const out = await run(
      wrapLanguageModel({ model: shimmed, middleware: extractReasoningMiddleware({ tagName: 'think' }) }),
    );
    expect(out.reasoning).toBe('Oslo, so call.');
    expect(out.calls.map((c) => c.input)).toEqual([{ city: 'Oslo' }]);
  });

  it('generateText gets the same reasoning and call either way', async () => {
    const text = `<think>Oslo, so call.</think>${call}`;
    for (const order of ['toolshim only', 'extract first'] as const) {
      const inner = model([], text);
      const base =
        order === 'extract first'
          ? wrapLanguageModel({ model: inner, middleware: extractReasoningMiddleware({ tagName: 'think' }) })
          : inner;
      const result = await generateText({
        model: wrapLanguageModel({ model: base, middleware: hermesToolMiddleware }),
        prompt: 'weather?',
        tools,
      });
      expect(result.reasoningText, order).toBe('Oslo, so call.');
      expect(
        result.toolCalls.map((c) => c.input),
        order,
      ).toEqual([{ city: 'Oslo' }]);
    }
  });
});
