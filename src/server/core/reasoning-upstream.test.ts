/**
 * What the Responses and Messages manuals (src/server/<api>/README.md) say of a client's reasoning effort (Responses'
 * `reasoning.effort`, Messages' `thinking` and `output_config.effort`): in
 * native mode it goes upstream as `reasoning_effort`; in emulated mode it
 * becomes the family's own thinking switch (Hermes, taught to Qwen3: ` /think`
 * or ` /no_think` after the user message, and `enable_thinking` in
 * `chat_template_kwargs`). Seen on the wire by the recording fake upstream.
 */

import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { anthropicClient } from '../messages/test/anthropic-client.ts';
import { completion, fakeUpstream, type RecordedRequest } from '../test/fake-upstream.ts';
import { responsesClient } from '../test/responses-events.ts';

function proxy(toolMode: 'emulated' | 'native') {
  const upstream = fakeUpstream(() => Response.json(completion('ok')));
  const handler = createProxyHandler({
    toolMode,
    protocol: 'hermes',
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  return { handler, requests: upstream.requests };
}

const lastUserText = (request: RecordedRequest | undefined) => {
  const messages = (request?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
};

const ask = { model: 'm', max_tokens: 64, messages: [{ role: 'user' as const, content: 'Hi.' }] };

describe('Messages: thinking and output_config.effort reach the upstream', () => {
  it('native mode: as reasoning_effort (budget_tokens up to 2,048 low, up to 16,384 medium, else high; disabled none)', async () => {
    const { handler, requests } = proxy('native');
    const client = anthropicClient(handler);
    await client.messages.create({ ...ask, thinking: { type: 'enabled', budget_tokens: 1024 } });
    await client.messages.create({ ...ask, thinking: { type: 'enabled', budget_tokens: 8000 } });
    await client.messages.create({ ...ask, max_tokens: 20_000, thinking: { type: 'enabled', budget_tokens: 17_000 } });
    await client.messages.create({ ...ask, thinking: { type: 'disabled' } });
    await client.messages.create(ask);
    expect(requests.map((r) => r.body.reasoning_effort)).toEqual(['low', 'medium', 'high', 'none', undefined]);
  });

  it("emulated mode: as the family's switch (Hermes: Qwen3's /think or /no_think and enable_thinking)", async () => {
    const { handler, requests } = proxy('emulated');
    const client = anthropicClient(handler);
    await client.messages.create({ ...ask, thinking: { type: 'disabled' } });
    await client.messages.create({ ...ask, thinking: { type: 'enabled', budget_tokens: 1024 } });
    expect(lastUserText(requests[0])).toMatch(/ \/no_think$/);
    expect(requests[0]?.body.chat_template_kwargs).toEqual({ enable_thinking: false });
    expect(lastUserText(requests[1])).toMatch(/ \/think$/);
    expect(requests[1]?.body.chat_template_kwargs).toEqual({ enable_thinking: true });
    // The switch is the family's: no OpenAI field goes to a model without tool calling.
    expect(requests.map((r) => r.body.reasoning_effort)).toEqual([undefined, undefined]);
  });
});

describe('Responses: reasoning.effort reaches the upstream', () => {
  it("emulated mode: as the family's switch; no effort, no switch", async () => {
    const { handler, requests } = proxy('emulated');
    const client = responsesClient(handler);
    await client.responses.create({ model: 'm', input: 'Hi.', reasoning: { effort: 'minimal' } });
    await client.responses.create({ model: 'm', input: 'Hi.' });
    expect(lastUserText(requests[0])).toMatch(/ \/think$/);
    expect(requests[0]?.body.chat_template_kwargs).toEqual({ enable_thinking: true });
    expect(lastUserText(requests[1])).toBe('Hi.');
    expect(requests[1]?.body).not.toHaveProperty('chat_template_kwargs');
  });
});
