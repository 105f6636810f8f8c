/**
 * A chat engine over HTTP: any OpenAI-compatible `/chat/completions`
 * endpoint (the toolshim Worker, llama.cpp's server, vLLM, Ollama), with
 * nothing but `fetch`. Streams are read as server-sent events.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatErrorBody,
} from '../openai/wire-types.ts';
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
}

/** An HTTP error from the endpoint, with its status and OpenAI error body when there was one. */
export class ChatEngineHttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ChatEngineHttpError';
    this.status = status;
    this.body = body;
  }
}

function errorMessage(body: unknown): string | undefined {
  const message = (body as Partial<ChatErrorBody> | undefined)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Server-sent events `data:` payloads, one per event, until `[DONE]` or the end of the body. */
async function* sseData(body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      // Only the text after the last newline stays pending: a line split across chunks.
      let newline = pending.indexOf('\n');
      let from = 0;
      while (newline >= 0) {
        const line = pending.slice(from, newline).replace(/\r$/, '');
        from = newline + 1;
        if (line === '') {
          if (data.length > 0) {
            const payload = data.join('\n');
            data = [];
            if (payload === '[DONE]') return;
            yield payload;
          }
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
        newline = pending.indexOf('\n', from);
      }
      pending = pending.slice(from);
    }
    if (data.length > 0 && data.join('\n') !== '[DONE]') yield data.join('\n');
  } finally {
    if (signal?.aborted) await reader.cancel(signal.reason).catch(() => {});
    else await reader.cancel().catch(() => {});
  }
}

async function* chunksOf(response: Response, signal: AbortSignal | undefined): AsyncGenerator<ChatCompletionChunk> {
  if (!response.body)
    throw new ChatEngineHttpError('The endpoint sent a stream response without a body.', response.status, undefined);
  for await (const payload of sseData(response.body, signal)) {
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      throw new ChatEngineHttpError(
        `The endpoint sent an event that is not JSON: ${payload.slice(0, 200)}`,
        502,
        payload,
      );
    }
    // An error event in the middle of a stream (the Worker sends one when its upstream fails).
    const message = errorMessage(value);
    if (message !== undefined)
      throw new ChatEngineHttpError(`The endpoint reported an error mid-stream: ${message}`, 502, value);
    yield value as ChatCompletionChunk;
  }
}

/**
 * A ChatEngine for an OpenAI-compatible base URL, e.g. the toolshim Worker
 * under `wrangler dev`: `createHttpEngine({ baseURL: 'http://127.0.0.1:8787/v1' })`.
 */
export function createHttpEngine(options: HttpEngineOptions): ChatEngine {
  const baseURL = options.baseURL.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    chat: {
      completions: {
        async create(request: ChatCompletionRequest & { stream?: boolean }, callOptions?: ChatEngineCallOptions) {
          const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
          if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
          const url = `${baseURL}/chat/completions`;
          let response: Response;
          try {
            response = await doFetch(url, {
              method: 'POST',
              headers,
              body: JSON.stringify(request),
              ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
            });
          } catch (error) {
            if (callOptions?.signal?.aborted) throw error;
            throw new ChatEngineHttpError(
              `Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}. Is the server running (for the local Worker: npm run dev:worker)?`,
              0,
              undefined,
            );
          }
          if (!response.ok) {
            const text = await response.text().catch(() => '');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // Keep the raw text as the body.
            }
            const detail = errorMessage(body) ?? (text.slice(0, 200) || response.statusText);
            throw new ChatEngineHttpError(`${url} answered ${response.status}: ${detail}`, response.status, body);
          }
          if (request.stream) return chunksOf(response, callOptions?.signal);
          return (await response.json()) as ChatCompletion;
        },
      },
    },
  };
}
