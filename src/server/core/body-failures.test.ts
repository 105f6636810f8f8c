/**
 * Failures after the upstream's headers (issue 16, item 2): a body cut off
 * is 502 upstream_unreachable, a body that stalls is 504 upstream_timeout,
 * and a stream that goes quiet ends with an upstream_timeout error event
 * after the idle timeout (and the upstream body is cancelled), instead of a
 * 500 or waiting as long as the upstream likes.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, chunk, fakeUpstream, type Responder } from '../test/fake-upstream.ts';

const encoder = new TextEncoder();

function proxy(respond: Responder, upstream: { timeoutMs?: number; idleTimeoutMs?: number } = {}) {
  const fake = fakeUpstream(respond);
  return createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: fake.fetch, ...upstream },
  });
}

/** A 200 whose body sends `first` and then fails (`cut`) or never sends more (`stall`). */
function body(first: string, then: 'cut' | 'stall', type: string, onCancel?: () => void): Response {
  let sent = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(first));
          return;
        }
        if (then === 'cut') controller.error(new TypeError('connection reset by peer'));
        else return new Promise<void>(() => {});
      },
      cancel() {
        onCancel?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { status: 200, headers: { 'content-type': type } });
}

const request = (stream: boolean) => chatRequest({ messages: [{ role: 'user', content: 'hi' }], stream });

describe('a non-streaming answer whose body fails after the headers', () => {
  it('cut off: 502 upstream_unreachable', async () => {
    const handler = proxy(() => body('{"id": "x", "choi', 'cut', 'application/json'));
    const response = await handler(request(false));
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatchObject({ code: 'upstream_unreachable' });
  });

  it('stalled: 504 upstream_timeout once the timeout passes', async () => {
    const handler = proxy(() => body('{"id": "x", "choi', 'stall', 'application/json'), { timeoutMs: 100 });
    const started = Date.now();
    const response = await handler(request(false));
    expect(response.status).toBe(504);
    expect((await response.json()).error).toMatchObject({ code: 'upstream_timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('a stream that goes quiet', () => {
  it('ends with an upstream_timeout error event after the idle timeout, and the upstream body is cancelled', async () => {
    let cancelled = false;
    const first = `data: ${JSON.stringify(chunk({ content: 'Hel' }))}\n\n`;
    const handler = proxy(
      () =>
        body(first, 'stall', 'text/event-stream', () => {
          cancelled = true;
        }),
      { idleTimeoutMs: 100 },
    );
    const started = Date.now();
    const text = await (await handler(request(true))).text();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text).toContain('"content":"Hel"');
    expect(text).toMatch(/"code":"upstream_timeout"/);
    expect(text).not.toContain('[DONE]');
    expect(cancelled).toBe(true);
  });
});
