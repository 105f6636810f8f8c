/**
 * How thinking is read, chosen per call (issue 37, item 4): the per-call
 * `providerOptions.toolCallMiddleware.reasoning` wins over the middleware's
 * option, so a caller that knows a request's template opened the thinking
 * block (DeepSeek V3.1 with `thinking` on) reads that answer from inside it.
 * And when the provider sent reasoning of its own before any text, its server
 * already took the thinking out: the text is no thinking, whatever
 * `startInside` says, so an answer is never swallowed into reasoning.
 * Through wrapLanguageModel with the ai/test mock model, whole, one character
 * at a time and at random cuts; generate equals stream.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { chunkings, collect, functionTool, streamParts, summarize, textStream, usage } from '../test/harness.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';
import { hermesToolMiddleware } from './presets.ts';

const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];
const inside = { toolCallMiddleware: { reasoning: { startInside: true } } };
const TEMPLATE_OPENED =
  'The user wants Paris.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('the per-call reasoning option', () => {
  it('reads an answer whose template opened the thinking block from inside it', async () => {
    for (const { name, chunks } of chunkings(TEMPLATE_OPENED)) {
      const summary = summarize(
        await streamParts({ middleware: hermesToolMiddleware, tools, providerOptions: inside }, chunks),
      );
      expect(summary.reasoning.trim(), name).toBe('The user wants Paris.');
      expect(summary.text.trim(), name).toBe('');
      expect(
        summary.calls.map((c) => c.input),
        name,
      ).toEqual([{ city: 'Paris' }]);
    }
  });

  it('wins over the middleware option, and without it the thinking stays text with the reason', async () => {
    const errors: string[] = [];
    const middleware = createToolMiddleware({
      protocol: (await import('../protocols/hermes/hermes.ts')).hermesProtocol(),
      reasoning: 'text',
      onError: (_m, meta) => errors.push(meta.code ?? ''),
    });
    const chosen = summarize(await streamParts({ middleware, tools, providerOptions: inside }, [TEMPLATE_OPENED]));
    expect(chosen.reasoning.trim()).toBe('The user wants Paris.');
    const plain = summarize(await streamParts({ middleware: hermesToolMiddleware, tools }, [TEMPLATE_OPENED]));
    expect(plain.text).toContain('The user wants Paris.\n</think>');
    expect(plain.calls).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

/** A provider that sends its own reasoning parts, then the answer as text in `chunks`. */
function separatingModel(chunks: string[]) {
  const reasoning: LanguageModelV4StreamPart[] = [
    { type: 'reasoning-start', id: 'r0' },
    { type: 'reasoning-delta', id: 'r0', delta: 'Server-side thinking.' },
    { type: 'reasoning-end', id: 'r0' },
  ];
  const [start, ...rest] = textStream(chunks);
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([start as LanguageModelV4StreamPart, ...reasoning, ...rest]),
    }),
    doGenerate: async () => ({
      content: [
        { type: 'reasoning', text: 'Server-side thinking.' },
        { type: 'text', text: chunks.join('') },
      ],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

describe("a provider's own reasoning before the text", () => {
  const ANSWER = 'It is sunny in Paris.';
  const call = {
    prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }],
    tools,
    providerOptions: inside,
  };

  it('keeps the text an answer, streamed, whatever startInside says', async () => {
    for (const { name, chunks } of chunkings(ANSWER)) {
      const model = wrapLanguageModel({ model: separatingModel(chunks), middleware: hermesToolMiddleware });
      const summary = summarize(await collect((await model.doStream(call)).stream));
      expect(summary.text, name).toBe(ANSWER);
      expect(summary.reasoning, name).toBe('Server-side thinking.');
    }
  });

  it('and generated', async () => {
    const model = wrapLanguageModel({ model: separatingModel([ANSWER]), middleware: hermesToolMiddleware });
    const { content } = await model.doGenerate(call);
    expect(content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text)).toEqual([ANSWER]);
    expect(content.filter((c) => c.type === 'reasoning')).toHaveLength(1);
  });
});
