/**
 * A chat engine over HTTP: any OpenAI-compatible `/chat/completions`
 * endpoint (the toolshim Worker, llama.cpp's server, vLLM, Ollama), with
 * nothing but `fetch`. Built on the proxy's upstream client, so both share one
 * SSE reader and the same guards: a JSON completion sent for `stream: true` is
 * relayed as one chunk, and a stream cut before its finish_reason is an error,
 * not a silently truncated answer.
 */

import type { ChatCompletionChunk, ChatCompletionRequest } from '../wire/types.ts';
import { createUpstreamClient } from '../wire/upstream-client.ts';
import { UpstreamError } from '../wire/upstream-error.ts';
import type { ChatEngine, ChatEngineCallOptions } from './chat-engine.ts';

/** Options of `createHttpEngine`. */
export interface HttpEngineOptions {
  /** The base URL, up to and including `/v1`, e.g. `http://127.0.0.1:8787/v1` (the local `wrangler dev`). */
  baseURL: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** A fetch implementation, e.g. for tests or a proxy. Default the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Milliseconds to wait for the response headers (for a non-streaming request: the whole body).
   * Default 300000: local models on a CPU can take minutes for one non-streamed answer.
   */
  timeoutMs?: number;
}

/** An HTTP error from the endpoint, with its status and OpenAI error body when there was one. */
export class ChatEngineHttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatEngineHttpError';
    this.status = status;
    this.body = body;
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The status a ChatEngineHttpError carries for an upstream failure; 0 when nothing answered. */
function statusOf(error: UpstreamError, midStream: boolean): number {
  if (error.kind === 'http') return error.status ?? 502;
  if (error.kind === 'timeout' || error.kind === 'no-answer') return 504;
  if (error.kind === 'unreachable' || (error.kind === 'network' && !midStream)) return 0;
  return 502;
}

/**
 * A ChatEngine for an OpenAI-compatible base URL, e.g. the toolshim Worker
 * under `wrangler dev`: `createHttpEngine({ baseURL: 'http://127.0.0.1:8787/v1' })`.
 */
export function createHttpEngine(options: HttpEngineOptions): ChatEngine {
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return {
    chat: {
      completions: {
        async create(request: ChatCompletionRequest & { stream?: boolean }, callOptions?: ChatEngineCallOptions) {
          const signal = callOptions?.signal;
          // The upstream client reports only the error message; the body is kept here for ChatEngineHttpError.body.
          let errorBody: unknown;
          const client = createUpstreamClient({
            baseURL: options.baseURL,
            ...(options.apiKey ? { apiKey: options.apiKey } : {}),
            timeoutMs: options.timeoutMs ?? 300_000,
            fetch: async (input, init) => {
              const headers = new Headers(init?.headers);
              for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
              const response = await doFetch(input, { ...init, headers });
              if (!response.ok) errorBody = parseBody(await response.clone().text());
              return response;
            },
          });

          const toHttpError = (error: unknown, midStream: boolean): unknown => {
            if (signal?.aborted || !(error instanceof UpstreamError)) return error;
            const status = statusOf(error, midStream);
            let message: string;
            if (midStream) message = `The stream from ${url} failed: ${error.message}`;
            else if (error.kind === 'http') message = `${url} answered ${status}: ${error.message}`;
            else if (error.kind === 'unreachable' || error.kind === 'network')
              message = `Could not reach ${url}: ${error.message}. Is the server running (for the local Worker: npm run dev:worker)?`;
            else if (error.kind === 'timeout' || error.kind === 'no-answer')
              message = `${url} did not answer: ${error.message}`;
            else message = `${url} sent a malformed response: ${error.message}`;
            return new ChatEngineHttpError(message, status, midStream ? undefined : errorBody, { cause: error });
          };

          let result: Awaited<ReturnType<typeof client.chat.completions.create>>;
          try {
            result = await client.chat.completions.create(request, signal ? { signal } : undefined);
          } catch (error) {
            throw toHttpError(error, false);
          }
          if (!request.stream) return result;
          const chunks = result as AsyncIterable<ChatCompletionChunk>;
          return (async function* () {
            try {
              yield* chunks;
            } catch (error) {
              throw toHttpError(error, true);
            }
          })();
        },
      },
    },
  };
}
