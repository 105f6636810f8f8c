/**
 * A small fetch-based client for an OpenAI-compatible `/chat/completions`
 * upstream (llama.cpp, vLLM, Ollama, OpenRouter, OpenAI itself). No SDK: the
 * proxy must stay tiny and isomorphic, and must see the raw status and headers
 * to map each upstream failure to its own error (401/403, 429 with its
 * `Retry-After`, other 4xx, 5xx, timeouts: src/server/core/faults.ts and the
 * table in src/server/core/README.md).
 *
 * Every wait on the upstream (headers, a whole body, each stream read) races
 * the client's abort signal: in workerd, once the client has gone, a pending
 * read of the upstream body never settles, and whatever awaited it would keep
 * its memory for good.
 */

import { followSignals, raceAbort } from '../util/abort.ts';
import { UpstreamError } from '../wire/upstream-error.ts';
import { describeFetchFailure } from './fetch-failure.ts';
import { quoteUpstream } from './redact.ts';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from './types.ts';
import {
  chunksOf,
  describeErrorBody,
  ERROR_MESSAGE_MAX,
  errorCodeOf,
  notAnEventStream,
  readCompletion,
} from './upstream-answer.ts';
import { safeURL, upstreamAuth } from './upstream-auth.ts';

export interface UpstreamClientOptions {
  /**
   * The OpenAI-compatible base URL, ending before `/chat/completions`, e.g.
   * `http://127.0.0.1:8080/v1`. A user and password in it are sent as
   * `Authorization: Basic`, never as part of the URL (upstream-auth.ts).
   */
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
  /**
   * How the user gave the base URL, for the fix an error suggests
   * (`UPSTREAM_BASE_URL`, or `--upstream`). Default `UPSTREAM_BASE_URL`.
   */
  urlSetting?: string;
  /** Told of every request that failed, once, with the error the client gets (a log line's source). */
  onFailure?: (error: UpstreamError) => void;
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

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const auth = upstreamAuth(options.baseURL, options.apiKey);
  const url = `${auth.baseURL.replace(/\/+$/, '')}/chat/completions`;
  /** Every piece of upstream text that may reach a client goes through here (redacted, then shortened). */
  const quote = (text: string, max?: number) => quoteUpstream(text, auth.secrets, max);
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
    if (auth.authorization !== undefined) headers.authorization = auth.authorization;
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
      if (timedOut) {
        throw new UpstreamError('no-answer', `no response within ${timeoutMs} ms`, {
          fix: `It may still be loading the model: raise UPSTREAM_TIMEOUT_MS, or check that it answers.`,
        });
      }
      const { cause, fix } = describeFetchFailure(error, options.urlSetting);
      throw new UpstreamError('unreachable', quote(cause), { fix });
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
    const whole = await notAnEventStream(sent, quote, timeoutMs, signal);
    if (whole !== undefined) return whole;
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

  return reporting({ complete, stream }, failureStamp(safeURL(auth.baseURL).replace(/\/+$/, ''), options.onFailure));
}

/**
 * The client as its users get it: every failure, before the answer and
 * while it streams, stamped with the upstream and reported (failureStamp).
 */
function reporting(
  raw: Pick<UpstreamClient, 'complete' | 'stream'>,
  failed: (error: unknown) => unknown,
): UpstreamClient {
  async function complete(body: Record<string, unknown>, signal?: AbortSignal) {
    try {
      return await raw.complete(body, signal);
    } catch (error) {
      throw failed(error);
    }
  }
  async function stream(body: Record<string, unknown>, signal?: AbortSignal) {
    try {
      return failingWith(await raw.stream(body, signal), failed);
    } catch (error) {
      throw failed(error);
    }
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

/**
 * The error a request's failure leaves the client with: an UpstreamError
 * names the upstream (as it may be shown) and is reported, once; anything
 * else (the client's own abort) passes as it is.
 */
function failureStamp(upstream: string, onFailure: ((error: UpstreamError) => void) | undefined) {
  return (error: unknown): unknown => {
    if (!(error instanceof UpstreamError) || error.upstream !== undefined) return error;
    const stamped = new UpstreamError(error.kind, error.message, {
      status: error.status,
      retryAfter: error.retryAfter,
      code: error.code,
      fix: error.fix,
      upstream,
    });
    onFailure?.(stamped);
    return stamped;
  };
}

/** The chunks, their failure stamped: one `catch` per read, no generator layer (it runs per upstream event). */
function failingWith<T>(chunks: AsyncIterable<T>, failed: (error: unknown) => unknown): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const inner = chunks[Symbol.asyncIterator]();
      return {
        next: () =>
          inner.next().catch((error: unknown) => {
            throw failed(error);
          }),
        return: (value?: unknown) => inner.return?.(value) ?? Promise.resolve({ done: true, value: undefined as T }),
      };
    },
  };
}
