/**
 * Failures after the upstream's headers: a body cut off
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

describe('a stream whose pending read never settles, not even after cancel()', () => {
  // What workerd does with an upstream body once the request's context is gone: the read neither
  // resolves nor rejects, and cancel() does not end it. The idle timeout must not depend on that read.
  function deadBody(first: string) {
    const state = { cancels: 0 };
    let reads = 0;
    const reader = {
      read: () =>
        reads++ === 0
          ? Promise.resolve({ done: false as const, value: encoder.encode(first) })
          : new Promise<never>(() => {}),
      cancel: () => {
        state.cancels++;
        return new Promise<void>(() => {});
      },
      releaseLock: () => {},
    };
    const response = {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'text/event-stream' }),
      body: { locked: false, getReader: () => reader, cancel: reader.cancel },
    } as unknown as Response;
    return { state, response };
  }

  it.each(['emulated', 'native'] as const)(
    '%s mode: the idle timeout still ends it with upstream_timeout, and the body is cancelled',
    async (toolMode) => {
      const dead = deadBody(`data: ${JSON.stringify(chunk({ content: 'Hel' }))}\n\n`);
      const handler = createProxyHandler({
        toolMode,
        upstream: {
          baseURL: 'http://upstream.test/v1',
          fetch: (async () => dead.response) as typeof fetch,
          idleTimeoutMs: 100,
        },
      });
      const started = Date.now();
      const text = await (await handler(request(true))).text();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(text).toContain('"content":"Hel"');
      expect(text).toMatch(/"code":"upstream_timeout"/);
      expect(dead.state.cancels).toBeGreaterThan(0);
    },
  );
});
