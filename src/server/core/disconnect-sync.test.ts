/**
 * The client leaves, and the upstream is let go within the abort itself.
 *
 * In workerd, once a client has gone, the request's signal fires and then
 * nothing more of that request runs: no promise continuation, no timer, no
 * cancel of the response body (worker/e2e/heap.ts has the setup that shows
 * it). A pending read of the upstream body then never settles, and whatever
 * waited on it (the parser's stream, generators, timers: about 8 MiB per
 * 1,000 disconnects, npm run bench:workerd-leak) stayed reachable from it.
 * So the cleanup that frees the upstream must happen synchronously inside the
 * abort's dispatch. These cases check that in every runtime: the upstream
 * body (whose next read never settles) is cancelled, and the upstream
 * request's signal aborted, by the time `client.abort()` returns, with no
 * await in between.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, fakeUpstream, type RecordedRequest, stuckBody } from '../test/fake-upstream.ts';

/** Reads the answer until `until` matches what arrived so far. */
async function readUntil(response: Response, until: RegExp): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!until.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe.each(['emulated', 'native'] as const)('%s mode: the upstream is let go within client.abort()', (toolMode) => {
  function setup() {
    const stuck = stuckBody('Hello');
    let upstream: RecordedRequest | undefined;
    const fake = fakeUpstream((request) => {
      upstream = request;
      return stuck.response;
    });
    const handler = createProxyHandler({
      toolMode,
      upstream: { baseURL: 'http://upstream.test/v1', fetch: fake.fetch },
      keepAliveMs: 60_000,
    });
    const client = new AbortController();
    const request = chatRequest(
      { messages: [{ role: 'user', content: 'hi' }], stream: true },
      { signal: client.signal },
    );
    return { handler, client, request, stuck, upstream: () => upstream };
  }

  it('mid-stream, after the first words', async () => {
    const { handler, client, request, stuck, upstream } = setup();
    const response = await handler(request);
    expect(await readUntil(response, /Hello/)).toMatch(/Hello/);
    client.abort();
    // No await since the abort: this is all workerd would run.
    expect(upstream()?.signal?.aborted).toBe(true);
    expect(stuck.state.cancelled).toBe(true);
  });

  it('before the first data frame (only the stream opening was read)', async () => {
    const { handler, client, request, stuck, upstream } = setup();
    const response = await handler(request);
    expect(await readUntil(response, /: connected\n\n/)).toBe(': connected\n\n');
    client.abort();
    expect(upstream()?.signal?.aborted).toBe(true);
    expect(stuck.state.cancelled).toBe(true);
  });
});
