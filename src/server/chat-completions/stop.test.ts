/**
 * `stop` goes upstream as it is, so it is held to OpenAI's own limit of four
 * sequences: a longer list is the client's 400 (OpenAI's code
 * `array_above_max_length`) and the upstream is not called.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, fakeUpstream } from '../test/fake-upstream.ts';

function proxy() {
  const upstream = fakeUpstream();
  const handler = createProxyHandler({ upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch } });
  return { handler, requests: upstream.requests };
}

const messages = [{ role: 'user', content: 'hi' }];

describe('chat completions `stop`', () => {
  it.each([5, 125_000])('%i sequences: 400 naming `stop`, the upstream not called', async (count) => {
    const { handler, requests } = proxy();
    const stop = Array(count).fill('a');
    const response = await handler(chatRequest({ model: 'm', messages, stop }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ type: 'invalid_request_error', param: 'stop', code: 'array_above_max_length' });
    expect(error.message).toBe(`\`stop\` may hold at most 4 sequences, got ${count}.`);
    expect(requests).toHaveLength(0);
    // Four, OpenAI's limit, go upstream as they are.
    const four = await handler(chatRequest({ model: 'm', messages, stop: stop.slice(0, 4) }));
    expect(four.status).toBe(200);
    expect(requests[0]?.body.stop).toEqual(['a', 'a', 'a', 'a']);
  });
});
