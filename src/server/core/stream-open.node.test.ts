/**
 * A streamed answer speaks early and keeps speaking. In workerd a client
 * that leaves before the first byte is never noticed (the request's signal
 * does not fire), and one that leaves while nothing is written is noticed
 * only at the next write; so the proxy sends its headers and `: connected`
 * once the upstream has not started within `streamHeadersWithinMs`, and a
 * `: ping` comment whenever the model is quiet for `keepAliveMs`. Within
 * `streamHeadersWithinMs` an upstream failure keeps its HTTP status.
 *
 * Timed: Node only (`.node.test.ts`), with wide margins (20 ms against 400 ms,
 * a 100 ms keep-alive in a 600 ms pause), so a loaded machine does not turn
 * the order around; the runtimes' own behaviour is tested in worker/e2e.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, chunk, fakeUpstream, type Responder } from '../test/fake-upstream.ts';
import type { ProxyHandlerOptions } from './options.ts';

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function proxy(
  respond: Responder,
  extra: Partial<ProxyHandlerOptions> = {},
  toolMode: 'emulated' | 'native' = 'emulated',
) {
  const fake = fakeUpstream(respond);
  const handler = createProxyHandler({
    toolMode,
    upstream: { baseURL: 'http://upstream.test/v1', fetch: fake.fetch },
    ...extra,
  });
  return { handler, requests: fake.requests };
}

const streamed = (signal?: AbortSignal) =>
  chatRequest({ messages: [{ role: 'user', content: 'hi' }], stream: true }, signal ? { signal } : {});

/** Never answers until the request is aborted. */
const silent: Responder = ({ signal }) =>
  new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));

/** Sends `first`, waits `pauseMs`, then finishes. */
function pausing(pauseMs: number): Responder {
  return () => {
    let step = 0;
    const frame = (value: unknown) => encoder.encode(`data: ${JSON.stringify(value)}\n\n`);
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          step++;
          if (step === 1) controller.enqueue(frame(chunk({ content: 'Hel' })));
          else if (step === 2) {
            await sleep(pauseMs);
            controller.enqueue(frame(chunk({ content: 'lo' }, 'stop')));
          } else {
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          }
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

describe.each(['emulated', 'native'] as const)('%s mode', (toolMode) => {
  it('an upstream that has not answered: the 200 and `: connected` go out after streamHeadersWithinMs', async () => {
    const { handler } = proxy(silent, { streamHeadersWithinMs: 30 }, toolMode);
    const client = new AbortController();
    const started = Date.now();
    const response = await Promise.race([handler(streamed(client.signal)), sleep(1000).then(() => undefined)]);
    if (response === undefined) throw new Error('the handler waited for the upstream');
    expect(Date.now() - started).toBeLessThan(500);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': connected\n\n');
    client.abort();
    await reader.cancel();
  });

  it('streamHeadersWithinMs 0: the headers go out at once, even for an upstream that answers at once', async () => {
    const { handler } = proxy(pausing(0), { streamHeadersWithinMs: 0 }, toolMode);
    const text = await (await handler(streamed())).text();
    expect(text.startsWith(': connected\n\n')).toBe(true);
    expect(text).toContain('data: [DONE]');
  });

  it('an upstream failure within streamHeadersWithinMs keeps its HTTP status', async () => {
    const { handler } = proxy(
      () => Response.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '2' } }),
      { streamHeadersWithinMs: 1000 },
      toolMode,
    );
    const response = await handler(streamed());
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect((await response.json()).error).toMatchObject({ code: 'upstream_rate_limited' });
  });

  it('an upstream failure after it ends the opened stream with the error event', async () => {
    const { handler } = proxy(
      async () => {
        await sleep(400);
        return Response.json({ error: { message: 'slow down' } }, { status: 429 });
      },
      { streamHeadersWithinMs: 20 },
      toolMode,
    );
    const response = await handler(streamed());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith(': connected\n\n')).toBe(true);
    expect(text).toMatch(/^data: \{"error":\{.*"code":"upstream_rate_limited"/m);
    expect(text).not.toContain('[DONE]');
  });

  it('a quiet model: `: ping` every keepAliveMs, and the answer goes on in order after it', async () => {
    const { handler } = proxy(pausing(600), { keepAliveMs: 100 }, toolMode);
    const text = await (await handler(streamed())).text();
    const pings = text.split(': ping\n\n').length - 1;
    expect(pings).toBeGreaterThanOrEqual(2);
    // The pings sit between the two halves of the answer; nothing is lost or reordered.
    const content = [...text.matchAll(/"content":"(\w+)"/g)].map((m) => m[1]).join('');
    expect(content).toBe('Hello');
    expect(text.indexOf(': ping')).toBeGreaterThan(text.indexOf('"Hel"'));
    expect(text.lastIndexOf(': ping')).toBeLessThan(text.indexOf('"lo"'));
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});
