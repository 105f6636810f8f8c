/**
 * Reasoning through the proxy, seen by the real `openai` client: thinking the
 * middleware reads out of the model's text, and thinking the upstream sends
 * apart (`delta.reasoning_content` / `delta.reasoning`), both reach the client
 * as `reasoning_content`, never as `content`, and nothing in them is a call.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { createProxyHandler } from '../handler.ts';
import { chunk, completion, fakeUpstream, type Responder, sseResponse, weatherTool } from '../test/fake-upstream.ts';
import { openaiClient } from '../test/openai-client.ts';

/** The openai client's view of a delta: it passes through fields it does not type. */
type ReasoningDelta = { content?: string | null; reasoning_content?: string | null };

function client(respond: Responder, extra: Partial<ProxyHandlerOptions> = {}) {
  const upstream = fakeUpstream(respond);
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
    ...extra,
  });
  return openaiClient(handler);
}

const drafted = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call>';
const thinking = `The user wants Paris. I could write ${drafted} but Rome is wrong.`;
const answer = `<think>\n${thinking}\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>`;
const pieces = (text: string) => text.match(/[\s\S]{1,5}/g) ?? [];

async function readStream(openai: OpenAI) {
  const stream = await openai.chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    tools: [weatherTool as OpenAI.Chat.Completions.ChatCompletionTool],
    stream: true,
  });
  let content = '';
  let reasoning = '';
  const calls: Array<{ name: string; args: string }> = [];
  let finish: string | null = null;
  for await (const part of stream) {
    const choice = part.choices[0];
    const delta = choice?.delta as ReasoningDelta | undefined;
    content += delta?.content ?? '';
    reasoning += delta?.reasoning_content ?? '';
    for (const call of choice?.delta.tool_calls ?? []) {
      if (call.function?.name) calls.push({ name: call.function.name, args: '' });
      const last = calls[calls.length - 1];
      if (last && call.function?.arguments) last.args += call.function.arguments;
    }
    finish = choice?.finish_reason ?? finish;
  }
  return { content, reasoning, calls, finish };
}

describe('emulated mode: thinking in the text', () => {
  it('streams it as reasoning_content; the call drafted inside it is not made', async () => {
    const openai = client(() => sseResponse([...pieces(answer).map((p) => chunk({ content: p })), chunk({}, 'stop')]));
    const { content, reasoning, calls, finish } = await readStream(openai);
    expect(reasoning.trim()).toBe(thinking);
    expect(content).not.toContain('<think>');
    expect(content).not.toContain('Rome');
    expect(calls).toEqual([{ name: 'get_weather', args: '{"city":"Paris"}' }]);
    expect(finish).toBe('tool_calls');
  });

  it('returns it as message.reasoning_content without streaming', async () => {
    const openai = client(() => Response.json(completion(answer)));
    const result = await openai.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool as OpenAI.Chat.Completions.ChatCompletionTool],
    });
    const message = result.choices[0]?.message as OpenAI.Chat.Completions.ChatCompletionMessage & ReasoningDelta;
    expect(message.reasoning_content?.trim()).toBe(thinking);
    expect(message.content ?? '').not.toContain('think');
    expect(message.tool_calls?.map((c) => c.type === 'function' && JSON.parse(c.function.arguments))).toEqual([
      { city: 'Paris' },
    ]);
  });
});

describe('emulated mode: thinking the upstream sends apart', () => {
  for (const field of ['reasoning_content', 'reasoning'] as const) {
    it(`delta.${field} becomes reasoning_content, and markup in it is never a call`, async () => {
      const openai = client(() =>
        sseResponse([
          ...pieces(thinking).map((p) => chunk({ [field]: p })),
          chunk({ content: 'It is sunny in Paris.' }),
          chunk({}, 'stop'),
        ]),
      );
      const { content, reasoning, calls, finish } = await readStream(openai);
      expect(reasoning).toBe(thinking);
      expect(content).toBe('It is sunny in Paris.');
      expect(calls).toEqual([]);
      expect(finish).toBe('stop');
    });
  }

  it('message.reasoning_content of a whole completion is kept apart', async () => {
    const upstream = completion('It is sunny.');
    (upstream.choices[0] as { message: Record<string, unknown> }).message.reasoning_content = thinking;
    const openai = client(() => Response.json(upstream));
    const result = await openai.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool as OpenAI.Chat.Completions.ChatCompletionTool],
    });
    const message = result.choices[0]?.message as OpenAI.Chat.Completions.ChatCompletionMessage & ReasoningDelta;
    expect(message.reasoning_content).toBe(thinking);
    expect(message.content).toBe('It is sunny.');
    expect(message.tool_calls ?? []).toEqual([]);
  });
});
