/**
 * A client that leaves while the model is quiet lets the upstream go within
 * 2 s, even in a runtime that notices a gone client only when it writes to
 * it, as workerd does (worker/e2e/RESULTS.md has the measures): the proxy writes
 * a 3-byte `:` comment while the model is quiet. Before, the first write
 * after the stream went quiet was the keep-alive, 15 s later. The comments
 * cost a streaming answer nothing, leave the keep-alive's pace alone, and
 * every API's SDK reads past them. Timing-sensitive, so Node only, with
 * generous margins.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { anthropicClient } from '../messages/test/anthropic-client.ts';
import { chunk, fakeUpstream } from '../test/fake-upstream.ts';
import { openaiClient } from '../test/openai-client.ts';
import { ROUTE_SAMPLES, type RouteSample, sampleBody } from '../test/routes.ts';
import type { ProxyHandlerOptions } from './options.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const frame = (content: string, finish: 'stop' | null = null) =>
  encoder.encode(`data: ${JSON.stringify(chunk({ content }, finish))}\n\n`);

/** An upstream that sends its SSE headers and `first` (if any), then nothing; records when it is let go. */
function stallingUpstream(first?: Uint8Array) {
  let abortedAt: number | undefined;
  const fake = fakeUpstream(({ signal }) => {
    signal?.addEventListener('abort', () => (abortedAt ??= Date.now()), { once: true });
    let sent = first === undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent) return new Promise<void>(() => {});
          sent = true;
          if (first !== undefined) controller.enqueue(first);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fake.fetch, abortedAt: () => abortedAt };
}

/** An upstream that streams `pieces`, waiting `gapsMs[i]` before piece i, then finishes. */
function pacedUpstream(pieces: string[], gapsMs: number[]) {
  return fakeUpstream(() => {
    let step = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await sleep(gapsMs[step] ?? 0);
          const piece = pieces[step++];
          if (piece !== undefined) controller.enqueue(frame(piece, step === pieces.length ? 'stop' : null));
          else {
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          }
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }).fetch;
}

function handlerWith(fetch: typeof globalThis.fetch, toolMode: 'emulated' | 'native', extra?: ProxyHandlerOptions) {
  return createProxyHandler({ toolMode, upstream: { baseURL: 'http://upstream.test/v1', fetch }, ...extra });
}

const requestFor = (route: RouteSample, signal?: AbortSignal) =>
  new Request(`http://proxy.test${route.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...route.headers },
    body: sampleBody(route, true),
    ...(signal ? { signal } : {}),
  });

/**
 * Serves `response` as workerd does, as measured: a read always pending (the
 * runtime writes each chunk to the socket as it comes). The client leaves
 * once `reached` matched and nothing came for 200 ms (the door's opening
 * frames are out); the next chunk's write is the one that fails, and then
 * only the request's signal aborts (workerd cancels no body and runs nothing
 * more of the request). Resolves with when the client left, or undefined
 * when no write came within 4 s of it.
 */
async function leaveInQuiet(response: Response, client: AbortController, reached: (text: string) => boolean) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  let nextWrite = reader.read();
  for (;;) {
    const result = await Promise.race([nextWrite, sleep(200).then(() => undefined)]);
    if (result === undefined) {
      if (reached(text)) break;
      continue;
    }
    if (result.done) throw new Error(`the answer ended before the client left: ${text}`);
    text += decoder.decode(result.value, { stream: true });
    nextWrite = reader.read();
  }
  const goneAt = Date.now();
  const wrote = await Promise.race([nextWrite.then(() => true), sleep(4000).then(() => false)]);
  client.abort(new DOMException('The client disconnected.', 'AbortError'));
  return wrote ? goneAt : undefined;
}

describe.each(['emulated', 'native'] as const)('%s mode: a client that leaves while the model is quiet', (toolMode) => {
  const phases = [
    ['after the headers, the upstream silent', undefined, (text: string) => text.length > 0],
    ['mid-stream, after the first words', frame('Hello'), (text: string) => text.includes('Hello')],
  ] as const;
  it.concurrent.each(ROUTE_SAMPLES.flatMap((route) => phases.map((phase) => [route.name, ...phase, route] as const)))(
    '%s, %s: the upstream is let go within 2 s',
    async (_name, _phase, first, reached, route) => {
      const upstream = stallingUpstream(first);
      const client = new AbortController();
      const response = await handlerWith(upstream.fetch, toolMode)(requestFor(route, client.signal));
      const goneAt = await leaveInQuiet(response, client, reached);
      expect(goneAt, 'nothing was written within 4 s of the client leaving').toBeDefined();
      await sleep(50);
      const abortedAt = upstream.abortedAt();
      expect(abortedAt, 'the upstream request was not aborted').toBeDefined();
      expect((abortedAt as number) - (goneAt as number)).toBeLessThan(2000);
    },
    10_000,
  );
});

describe('the liveness comments', () => {
  it('a streaming model, a piece every 300 ms: none, only the answer', async () => {
    const fetch = pacedUpstream(['He', 'll', 'o ', 'th', 'er', 'e!'], [0, 300, 300, 300, 300, 300]);
    const text = await (await handlerWith(fetch, 'emulated')(requestFor(ROUTE_SAMPLES[0] as RouteSample))).text();
    expect(text).not.toContain(':\n\n');
    expect([...text.matchAll(/"content":"([^"]+)"/g)].map((m) => m[1]).join('')).toBe('Hello there!');
  });

  it('a quiet spell of 3.2 s with keepAliveMs 2500: `:` comments, then the keep-alive on its own pace', async () => {
    const fetch = pacedUpstream(['Hel', 'lo'], [0, 3200]);
    const handler = handlerWith(fetch, 'emulated', { keepAliveMs: 2500 });
    const text = await (await handler(requestFor(ROUTE_SAMPLES[0] as RouteSample))).text();
    const between = text.slice(text.indexOf('"Hel"'), text.indexOf('"lo"'));
    const comments = [...between.matchAll(/^:.*\n\n/gm)].map((m) => m[0]);
    // Every 500 ms of quiet a `:`, the keep-alive at 2.5 s, then `:` again: 4, the ping, 1 (or 2, timers allowing).
    expect(comments.slice(0, 5)).toEqual([':\n\n', ':\n\n', ':\n\n', ':\n\n', ': ping\n\n']);
    expect(comments.length).toBeGreaterThanOrEqual(6);
    expect(comments.slice(5).every((c) => c === ':\n\n')).toBe(true);
  });

  it.concurrent.each(['emulated', 'native'] as const)(
    '%s mode: the openai and Anthropic SDKs read past them, on every API',
    async (toolMode) => {
      const fetch = () => pacedUpstream(['Hel', 'lo'], [0, 1300]);
      const chat = await openaiClient(handlerWith(fetch(), toolMode)).chat.completions.create({
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      let chatText = '';
      for await (const event of chat) chatText += event.choices[0]?.delta.content ?? '';
      expect(chatText).toBe('Hello');
      const responses = await openaiClient(handlerWith(fetch(), toolMode))
        .responses.stream({ model: 'm', input: 'hi' })
        .finalResponse();
      expect(responses.output_text).toBe('Hello');
      const message = await anthropicClient(handlerWith(fetch(), toolMode))
        .messages.stream({ model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
        .finalMessage();
      expect(message.content).toEqual([{ type: 'text', text: 'Hello' }]);
    },
    15_000,
  );
});
