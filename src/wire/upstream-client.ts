/**
 * A small fetch-based client for an OpenAI-compatible `/chat/completions`
 * upstream (llama.cpp, vLLM, Ollama, OpenRouter, OpenAI itself). No SDK: the
 * proxy must stay tiny and isomorphic, and must see the raw status and headers
 * to map each upstream failure to its own error (401/403, 429 with its
 * `Retry-After`, other 4xx, 5xx, timeouts: src/server/core/faults.ts and the
 * table in worker/README.md).
 *
 * Every wait on the upstream (headers, a whole body, each stream read) races
 * the client's abort signal: in workerd, once the client has gone, a pending
 * read of the upstream body never settles, and whatever awaited it would keep
 * its memory for good.
 */

import { followSignals, raceAbort } from '../util/abort.ts';
import { UpstreamError } from '../wire/upstream-error.ts';
import { completionAsChunk } from './completion-chunk.ts';
import { quoteUpstream } from './redact.ts';
import { readSseData } from './sse.ts';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from './types.ts';

export interface UpstreamClientOptions {
  /** The OpenAI-compatible base URL, ending before `/chat/completions`, e.g. `http://127.0.0.1:8080/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`. Never echoed to clients. */
  apiKey?: string;
  /** Replaces the client's `model` in every upstream request. */
  model?: string;
  /** The fetch to use (a service binding's `fetch`, a test recorder). Default: global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Milliseconds to wait for the upstream's response headers, and for the
   * whole body of a non-streaming answer, before answering 504. Default 60000.
   */
  timeoutMs?: number;
  /**
   * Milliseconds a stream may go without a byte before it is given up, ending
   * with an `upstream_timeout` error event. Default 60000.
   */
  idleTimeoutMs?: number;
}

export interface UpstreamClient {
  /** POSTs a non-streaming request; resolves to the upstream's `chat.completion`. */
  complete(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatCompletion>;
  /** POSTs a streaming request; resolves once headers arrived, to the upstream's chunks. */
  stream(body: Record<string, unknown>, signal?: AbortSignal): Promise<AsyncIterable<ChatCompletionChunk>>;
  /** The same, in the engine shape (`chat.completions.create`) that `fromChatEngine` adapts to a model. */
  chat: {
    completions: {
      create(
        request: ChatCompletionRequest,
        options?: { signal?: AbortSignal },
      ): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>>;
    };
  };
}

/** The `error.message` of an OpenAI-style error body, or whatever text came back (quoteUpstream shortens it). */
/**
 * How much of an upstream's error message reaches the client: vLLM's context
 * overflow runs past 300 characters, and clients read its numbers.
 */
const ERROR_MESSAGE_MAX = 1000;

/** An error body's `error.code` when it is a string, else its `error.type`. */
function errorCodeOf(text: string): string | undefined {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; type?: unknown } };
    if (typeof error?.code === 'string') return error.code;
    if (typeof error?.type === 'string') return error.type;
  } catch {
    // not JSON: no code
  }
  return undefined;
}

function describeErrorBody(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text || '(empty body)';
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  /** Every piece of upstream text that may reach a client goes through here (redacted, then shortened). */
  const quote = (text: string, max?: number) => quoteUpstream(text, options.apiKey, max);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;

  /** Sends the request; throws UpstreamError for anything but a 2xx. The caller clears the timer. */
  async function send(body: Record<string, unknown>, signal: AbortSignal | undefined) {
    // Aborted by the client or by the timeout; `timedOut` tells which.
    const { controller: stop, unlink } = followSignals(signal);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop.abort(new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const combined = stop.signal;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const upstreamBody = options.model ? { ...body, model: options.model } : body;
    let response: Response;
    try {
      const sent = (options.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(upstreamBody),
        signal: combined,
      });
      response = await raceAbort(sent, combined);
    } catch (error) {
      clearTimeout(timer);
      unlink();
      if (signal?.aborted) throw error; // the client went away: nothing to report
      if (timedOut) throw new UpstreamError('timeout', `no response within ${timeoutMs} ms`);
      throw new UpstreamError('network', quote(error instanceof Error ? error.message : String(error)));
    }
    if (!response.ok) {
      clearTimeout(timer);
      unlink();
      const text = await response.text().catch(() => '');
      // Some upstreams quote the key they refused; it must not reach the client.
      throw new UpstreamError('http', quote(describeErrorBody(text), ERROR_MESSAGE_MAX), {
        status: response.status,
        retryAfter: response.headers.get('retry-after') ?? undefined,
        code: errorCodeOf(text),
      });
    }
    return { response, timer, stop: combined, timedOut: () => timedOut, unlink };
  }

  async function complete(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatCompletion> {
    const sent = await send({ ...body, stream: false }, signal);
    try {
      return await readCompletion(sent, quote, timeoutMs, signal);
    } finally {
      sent.unlink();
    }
  }

  async function stream(
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<AsyncIterable<ChatCompletionChunk>> {
    const sent = await send({ ...body, stream: true }, signal);
    const { response, timer } = sent;
    const contentType = response.headers.get('content-type')?.toLowerCase();
    if (contentType?.includes('application/json')) {
      // Some servers ignore `stream: true` and answer with one completion: relay it as one chunk.
      let completion: ChatCompletion;
      try {
        completion = await readCompletion(sent, quote, timeoutMs, signal);
      } finally {
        sent.unlink();
      }
      return (async function* () {
        yield completionAsChunk(completion);
      })();
    }
    if (contentType !== undefined && !contentType.includes('text/event-stream')) {
      // A 200 HTML page (a captive portal, a wrong base URL hitting a web UI) is no stream. Saying so
      // before the response starts gives the client a 502 instead of an SSE error about a cut stream.
      // A missing content type still gets the SSE reader, which checks every event anyway.
      let text: string;
      try {
        text = await response.text().catch(() => '');
      } finally {
        clearTimeout(timer);
        sent.unlink();
      }
      throw new UpstreamError(
        'malformed',
        `expected a text/event-stream (or a JSON chat.completion), got ${quote(contentType, 100)}: ${quote(text, 200) || '(empty body)'}`,
      );
    }
    // Only the wait for headers is timed; a long generation may legitimately stream for minutes.
    clearTimeout(timer);
    if (response.body === null) {
      sent.unlink();
      throw new UpstreamError('malformed', 'the streaming response has no body');
    }
    // Until the chunks are first asked for, nothing reads the body: a client that leaves before then
    // must still close the upstream connection (chunksOf takes over once it runs).
    const events = response.body;
    const early = () => {
      if (!events.locked) events.cancel(signal?.reason).catch(() => {});
    };
    signal?.addEventListener('abort', early, { once: true });
    // The upstream request's own signal keeps following the client until the reading ends (chunksOf unlinks).
    return chunksOf(
      events,
      signal,
      quote,
      idleTimeoutMs,
      () => signal?.removeEventListener('abort', early),
      sent.unlink,
    );
  }

  return {
    complete,
    stream,
    chat: {
      completions: {
        create(request, createOptions) {
          const body = request as unknown as Record<string, unknown>;
          return request.stream ? stream(body, createOptions?.signal) : complete(body, createOptions?.signal);
        },
      },
    },
  };
}

/** Reads and checks a `chat.completion` body; the timer (the upstream timeout) runs until it is read. */
async function readCompletion(
  sent: { response: Response; timer: ReturnType<typeof setTimeout>; stop: AbortSignal; timedOut: () => boolean },
  quote: (text: string, max?: number) => string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ChatCompletion> {
  const { response, timer, stop } = sent;
  let text: string;
  // Raced with the timeout and the client's abort (`stop` follows both): a fetch (a service binding, a
  // test double, workerd after the client left) may not end a stalled body itself.
  const onStop = () => response.body?.cancel().catch(() => {});
  stop.addEventListener('abort', onStop, { once: true });
  try {
    text = await raceAbort(response.text(), stop);
  } catch (error) {
    if (signal?.aborted) throw error; // the client went away: nothing to report
    // The body broke off after the headers (502), or stalled until the timeout aborted it (504).
    if (sent.timedOut()) throw new UpstreamError('timeout', `the response body did not arrive within ${timeoutMs} ms`);
    throw new UpstreamError(
      'network',
      `the response body broke off: ${quote(error instanceof Error ? error.message : String(error))}`,
    );
  } finally {
    stop.removeEventListener('abort', onStop);
    clearTimeout(timer);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UpstreamError('malformed', `expected a JSON chat.completion, got: ${quote(text, 200)}`);
  }
  if (!isObject(parsed) || !Array.isArray(parsed.choices)) {
    throw new UpstreamError('malformed', `expected a chat.completion with a "choices" array, got: ${quote(text, 200)}`);
  }
  return parsed as unknown as ChatCompletion;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Upstream SSE → chunks. An upstream `{"error":…}` event, a broken frame or a cut connection throws. */
async function* chunksOf(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
  quote: (text: string, max?: number) => string,
  idleTimeoutMs: number,
  started: () => void,
  done: () => void,
): AsyncGenerator<ChatCompletionChunk> {
  started();
  let finished = false;
  // A stream that goes quiet is given up after idleTimeoutMs: the body is cancelled (the upstream
  // connection closes) and the client gets an upstream_timeout error event instead of waiting forever.
  // One timer, pushed back when it fires early, instead of a new timer per network chunk.
  const idle = new AbortController();
  let lastBytes = Date.now();
  const check = () => {
    const quiet = Date.now() - lastBytes;
    if (quiet >= idleTimeoutMs) idle.abort();
    else timer = setTimeout(check, idleTimeoutMs - quiet);
  };
  let timer = setTimeout(check, idleTimeoutMs);
  const activity = () => {
    lastBytes = Date.now();
  };
  // The client's abort ends the reading at once too, whatever the body does, and clears the timer then
  // and there: in workerd nothing of a request runs after its abort listeners once the client has gone.
  const { controller: stop, unlink } = followSignals(signal, idle.signal);
  stop.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  try {
    for await (const data of readSseData(body, stop.signal, activity)) {
      if (data === '[DONE]') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        throw new UpstreamError('malformed', `a stream event is not JSON: ${quote(data, 200)}`);
      }
      if (isObject(parsed) && parsed.error !== undefined) {
        const message = quote(describeErrorBody(data), ERROR_MESSAGE_MAX);
        const status = isObject(parsed.error) && typeof parsed.error.code === 'number' ? parsed.error.code : 502;
        throw new UpstreamError('http', `mid-stream: ${message}`, { status, code: errorCodeOf(data) });
      }
      if (!isObject(parsed) || !Array.isArray(parsed.choices)) {
        throw new UpstreamError('malformed', `a stream event is not a chat.completion.chunk: ${quote(data, 200)}`);
      }
      const chunk = parsed as unknown as ChatCompletionChunk;
      if (chunk.choices.some((choice) => choice.finish_reason)) finished = true;
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UpstreamError || signal?.aborted) throw error;
    if (idle.signal.aborted) throw new UpstreamError('timeout', `the stream sent nothing for ${idleTimeoutMs} ms`);
    throw new UpstreamError(
      'network',
      `the stream broke off: ${quote(error instanceof Error ? error.message : String(error))}`,
    );
  } finally {
    clearTimeout(timer);
    unlink();
    done();
  }
  if (idle.signal.aborted && !finished) {
    throw new UpstreamError('timeout', `the stream sent nothing for ${idleTimeoutMs} ms`);
  }
  // No [DONE] and no finish_reason: the connection closed early. Saying so beats a silent truncation.
  if (!finished) throw new UpstreamError('network', 'the stream ended before a finish_reason or [DONE]');
}
