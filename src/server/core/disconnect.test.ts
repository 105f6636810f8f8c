/**
 * A client that leaves cancels the upstream request in every phase: while
 * the upstream has not answered, while its body is
 * read, and while the answer streams, in both modes. The fake upstream
 * records the abort; each case checks it arrived within a second and that
 * the upstream body, when there was one, was cancelled.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, chunk, fakeUpstream, type RecordedRequest } from '../test/fake-upstream.ts';

const encoder = new TextEncoder();

interface Upstream {
  aborted: Promise<number>;
  bodyCancelled: () => boolean;
  respond: (request: RecordedRequest) => Promise<Response>;
}

/** An upstream that answers according to `phase` and then never finishes. */
function upstream(phase: 'headers' | 'body' | 'stream'): Upstream {
  let cancelled = false;
  let resolveAborted: (ms: number) => void = () => {};
  const aborted = new Promise<number>((resolve) => {
    resolveAborted = resolve;
  });
  const started = Date.now();
  return {
    aborted,
    bodyCancelled: () => cancelled,
    respond: (request) => {
      // As a real fetch does: an abort rejects the pending answer and errors a body being read.
      let failBody: (reason: unknown) => void = () => {};
      const gone = new Promise<never>((_resolve, reject) => {
        request.signal?.addEventListener(
          'abort',
          () => {
            resolveAborted(Date.now() - started);
            failBody(request.signal?.reason);
            reject(request.signal?.reason);
          },
          { once: true },
        );
      });
      gone.catch(() => {});
      if (phase === 'headers') return gone;
      let sent = false;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            failBody = (reason) => {
              cancelled = true;
              controller.error(reason);
            };
            if (sent) return new Promise<void>(() => {});
            sent = true;
            controller.enqueue(
              encoder.encode(
                phase === 'body' ? '{"id": "x", "cho' : `data: ${JSON.stringify(chunk({ content: 'Hello' }))}\n\n`,
              ),
            );
          },
          cancel() {
            cancelled = true;
          },
        },
        { highWaterMark: 0 },
      );
      const type = phase === 'body' ? 'application/json' : 'text/event-stream';
      return Promise.resolve(new Response(body, { headers: { 'content-type': type } }));
    },
  };
}

describe.each(['emulated', 'native'] as const)('%s mode: the client leaves', (toolMode) => {
  it.each(['headers', 'body', 'stream'] as const)(
    'while the upstream is at "%s": the upstream is aborted within 1 s',
    async (phase) => {
      const up = upstream(phase);
      const fake = fakeUpstream(up.respond);
      const handler = createProxyHandler({
        toolMode,
        upstream: { baseURL: 'http://upstream.test/v1', fetch: fake.fetch },
      });
      const client = new AbortController();
      const stream = phase === 'stream';
      const answer = handler(
        chatRequest({ messages: [{ role: 'user', content: 'hi' }], stream }, { signal: client.signal }),
      );
      if (stream) {
        // Read the first frames, then leave.
        const response = await answer;
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        client.abort();
        await reader.cancel();
      } else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        client.abort();
        await answer.catch(() => {});
      }
      const ms = await Promise.race([
        up.aborted,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 1000)),
      ]);
      expect(ms, 'the upstream request was not aborted within 1 s').toBeGreaterThanOrEqual(0);
      if (phase !== 'headers') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(up.bodyCancelled()).toBe(true);
      }
    },
  );
});
