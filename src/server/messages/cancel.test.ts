/**
 * When a Messages stream ends before the model does, the model is stopped:
 * a stop sequence, the first call of a `disable_parallel_tool_use` answer,
 * and a client that leaves mid-stream all abort the upstream request, in both
 * modes. The fake upstream keeps its stream open until it is aborted.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chunk, fakeUpstream } from '../test/fake-upstream.ts';
import { weatherTool } from './test/anthropic-client.ts';
import { parseEvents } from './test/events.ts';

const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n';

const encoder = new TextEncoder();

/**
 * An upstream that streams `frames` and then keeps the stream open. `stopped`
 * resolves when the model is stopped either way a real upstream notices: the
 * request aborted, or its body cancelled (which closes the connection).
 */
function proxy(toolMode: 'emulated' | 'native', frames: unknown[]) {
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const upstream = fakeUpstream((request) => {
    request.signal?.addEventListener('abort', () => stop(), { once: true });
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const frame = frames[next++];
        if (frame !== undefined) controller.enqueue(encoder.encode(`data: ${JSON.stringify(frame)}\n\n`));
        else return new Promise<void>(() => {});
      },
      cancel: () => stop(),
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  const handler = createProxyHandler({
    toolMode,
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  return { handler, stopped };
}

/** Whether `promise` settles within `ms`. */
const within = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

const post = (body: Record<string, unknown>, signal?: AbortSignal) =>
  new Request('http://proxy.test/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'm',
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
      ...body,
    }),
    ...(signal ? { signal } : {}),
  });

describe.each(['emulated', 'native'] as const)('%s mode', (toolMode) => {
  it('a stop sequence ends the message at once and aborts the model that is still writing', async () => {
    const { handler, stopped } = proxy(toolMode, [chunk({ content: 'one two ' }), chunk({ content: 'END three' })]);
    const events = parseEvents(await (await handler(post({ stop_sequences: ['END'] }))).text());
    expect(events.at(-1)?.event).toBe('message_stop');
    expect(events.find((e) => e.event === 'message_delta')?.data.delta).toEqual({
      stop_reason: 'stop_sequence',
      stop_sequence: 'END',
    });
    expect(await within(stopped, 1000)).toBe(true);
  });

  it('a client that leaves mid-stream aborts the upstream', async () => {
    const { handler, stopped } = proxy(toolMode, [chunk({ content: 'Hello' })]);
    const client = new AbortController();
    const response = await handler(post({}, client.signal));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    client.abort();
    await reader.cancel();
    expect(await within(stopped, 1000)).toBe(true);
  });
});

it('emulated: disable_parallel_tool_use ends the message after the first call and aborts the model', async () => {
  const { handler, stopped } = proxy('emulated', [chunk({ content: call }), chunk({ content: call })]);
  const body = { tools: [weatherTool], tool_choice: { type: 'auto', disable_parallel_tool_use: true } };
  const events = parseEvents(await (await handler(post(body))).text());
  expect(events.filter((e) => e.event === 'content_block_start')).toHaveLength(1);
  expect(events.find((e) => e.event === 'message_delta')?.data.delta).toMatchObject({ stop_reason: 'tool_use' });
  expect(await within(stopped, 1000)).toBe(true);
});
