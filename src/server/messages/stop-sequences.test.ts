/**
 * `stop_sequences` bounds: a list too long, or a sequence too long, is the
 * client's 400 in Anthropic's shape before anything is sent upstream (it was
 * a 500 "Maximum call stack size exceeded" after the upstream call); the
 * matcher itself takes any length of list without spreading it.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { fakeUpstream } from '../test/fake-upstream.ts';
import { createStopMatcher } from './stop-sequences.ts';

function proxy() {
  const upstream = fakeUpstream();
  const handler = createProxyHandler({ upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch } });
  return { handler, requests: upstream.requests };
}

const post = (body: Record<string, unknown>) =>
  new Request('http://proxy.test/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }], ...body }),
  });

describe('stop_sequences bounds', () => {
  it.each([
    ['125,000 sequences (about 500 KB)', Array(125_000).fill('a'), /at most 64 sequences, got 125000/],
    [
      'a sequence of 1,001 characters',
      ['END', 'x'.repeat(1001)],
      /`stop_sequences\[1\]` may be at most 1000 characters/,
    ],
  ])('%s: 400 in the Anthropic shape, the upstream not called', async (_, stops, message) => {
    const { handler, requests } = proxy();
    const response = await handler(post({ stop_sequences: stops }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(body.error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('64 sequences of 1,000 characters pass and still stop the answer; a 65th is refused', async () => {
    // The fake upstream answers "hi".
    const stops = [...Array.from({ length: 63 }, (_, i) => `${i}`.padEnd(1000, 'q')), 'i'];
    const { handler, requests } = proxy();
    const refused = await handler(post({ stop_sequences: [...stops, 'extra'] }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /at most 64 sequences, got 65/,
    );
    expect(requests).toHaveLength(0);
    const response = await handler(post({ stop_sequences: stops }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      content: [{ type: 'text', text: 'h' }],
      stop_reason: 'stop_sequence',
      stop_sequence: 'i',
    });
    expect(requests).toHaveLength(1);
  });

  it('the matcher takes a list longer than the call stack allows to spread', () => {
    const stops = Array.from({ length: 200_000 }, (_, i) => `<stop ${i}>`);
    const matcher = createStopMatcher(stops);
    expect(matcher.push('text <stop 199999> after')).toEqual({ text: 'text ', stop: '<stop 199999>' });
  });
});
