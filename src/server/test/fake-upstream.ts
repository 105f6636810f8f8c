/**
 * A fake OpenAI-compatible upstream for the handler tests: a `fetch` that
 * records every request (URL, headers, parsed JSON body, abort signal) and
 * answers with whatever the test scripts.
 */
import type { ChatCompletion, ChatCompletionChunk } from '../../wire/types.ts';
import type { UpstreamClientOptions } from '../../wire/upstream-client.ts';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { createProxyHandler, createProxyHandlerFromEnv } from '../handler.ts';

export interface RecordedRequest {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
  signal: AbortSignal | undefined;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function fakeUpstream(respond: Responder = () => Response.json(completion('hi'))) {
  const requests: RecordedRequest[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      url: request.url,
      headers: request.headers,
      body: JSON.parse(await request.text()) as Record<string, unknown>,
      signal: init?.signal ?? undefined,
    };
    requests.push(recorded);
    return respond(recorded);
  }) as typeof fetch;
  return { fetch: fetchStub, requests };
}

/**
 * A proxy handler in front of a fake upstream answering with `respond`;
 * `requests` records what it was sent. `upstream` adds to the upstream's
 * options (a key, a model, a timeout).
 */
export function proxyOver(
  respond?: Responder,
  extra: Partial<ProxyHandlerOptions> = {},
  upstream: Partial<UpstreamClientOptions> = {},
) {
  const fake = fakeUpstream(respond);
  const handler = createProxyHandler({
    ...extra,
    upstream: { baseURL: 'http://upstream.test/v1', ...upstream, fetch: fake.fetch },
  });
  return { handler, requests: fake.requests };
}

/** The model's text as upstream chunks of `size` characters after the role's, ending with `finish` if given. */
export function textChunks(
  text: string,
  size: number,
  finish: 'stop' | 'length' | null = 'stop',
): ChatCompletionChunk[] {
  const out = [chunk({ role: 'assistant', content: '' })];
  for (let i = 0; i < text.length; i += size) out.push(chunk({ content: text.slice(i, i + size) }));
  if (finish) out.push(chunk({}, finish));
  return out;
}

/** The model's text as an SSE stream of 4-character chunks, ending with `finish`, or broken off (`'error'`). */
export function textStream(text: string, end: 'done' | 'error' = 'done', finish: 'stop' | 'length' = 'stop'): Response {
  return sseResponse(textChunks(text, 4, end === 'done' ? finish : null), end);
}

/**
 * Reads the first piece of `request`'s streamed answer, then cancels it as a
 * client that leaves: whether the upstream request was aborted before and
 * after leaving.
 */
export async function abortedBeforeAndAfterLeaving(
  proxy: { handler: (request: Request) => Promise<Response>; requests: RecordedRequest[] },
  request: Request,
): Promise<[boolean | undefined, boolean | undefined]> {
  const reader = (await proxy.handler(request)).body!.getReader();
  await reader.read();
  const before = proxy.requests[0]?.signal?.aborted;
  await reader.cancel();
  return [before, proxy.requests[0]?.signal?.aborted];
}

export function completion(
  content: string | null,
  toolCalls?: ChatCompletion['choices'][number]['message']['tool_calls'],
): ChatCompletion {
  return {
    id: 'chatcmpl-upstream',
    object: 'chat.completion',
    created: 1,
    model: 'upstream-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  };
}

export function chunk(
  delta: ChatCompletionChunk['choices'][number]['delta'],
  finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null,
): ChatCompletionChunk {
  return {
    id: 'chatcmpl-upstream',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'upstream-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/**
 * An SSE response body. `end`: `done` sends `[DONE]`; `error` makes the body
 * fail after the chunks (a cut connection); `hang` never ends (until aborted).
 */
export function sseResponse(
  frames: Array<ChatCompletionChunk | Record<string, unknown>>,
  end: 'done' | 'error' | 'hang' | 'eof' = 'done',
  signal?: AbortSignal,
): Response {
  const encoder = new TextEncoder();
  let next = 0;
  // Pull-based, one frame per read: erroring in start() would discard the frames still queued.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const frame = frames[next++];
      if (frame !== undefined) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(frame)}\n\n`));
        return;
      }
      if (end === 'done') {
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
      } else if (end === 'eof') controller.close();
      else if (end === 'error') controller.error(new TypeError('connection reset by peer'));
      else
        return new Promise<void>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** Reads an SSE response into its `data` payloads, parsed (`[DONE]` stays a string). */
export async function readSse(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => {
      const data = frame.slice(6);
      return data === '[DONE]' ? data : JSON.parse(data);
    });
}

/** A JSON POST to the proxy's `path` (the host does not matter: the handler is called in process). */
export function jsonRequest(path: string, body: unknown, init: RequestInit = {}): Request {
  return new Request(`http://proxy.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

export function chatRequest(body: Record<string, unknown>, init: RequestInit = {}): Request {
  return jsonRequest('/v1/chat/completions', body, init);
}

export const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
} as const;

/**
 * An SSE body that sends one chunk of `text`, then never another (its next
 * read stays pending, as an upstream gone quiet); `state` records its cancel.
 */
export function stuckBody(text: string) {
  const state = { cancelled: false };
  let sent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent) return new Promise<void>(() => {});
        sent = true;
        controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(chunk({ content: text }))}\n\n`));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }) };
}

/**
 * What the upstream was sent for one request: `body` posted to `path` of a
 * handler made by createProxyHandlerFromEnv from `env` (hermes, emulated),
 * the upstream answering `answer`.
 */
export async function upstreamBodyFromEnv(
  env: Record<string, string>,
  path: string,
  body: unknown,
  answer = 'ok',
): Promise<Record<string, unknown>> {
  const upstream = fakeUpstream(() => Response.json(completion(answer)));
  const handler = createProxyHandlerFromEnv(
    { UPSTREAM_BASE_URL: 'http://upstream.test/v1', PROTOCOL: 'hermes', ...env },
    { fetch: upstream.fetch },
  );
  const response = await handler(jsonRequest(path, body));
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return upstream.requests[0]!.body;
}
