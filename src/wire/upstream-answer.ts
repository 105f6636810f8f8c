/**
 * The upstream's answers as the client reads them: a whole `chat.completion`,
 * an event stream read into chunks (idle timeout, mid-stream errors, a cut
 * connection), or an answer that is neither; and the error bodies' fields.
 * Every wait races the client's abort signal (see upstream-client.ts).
 */
import { followSignals, raceAbort } from '../util/abort.ts';
import { completionAsChunk } from './completion-chunk.ts';
import { readSseData } from './sse.ts';
import type { ChatCompletion, ChatCompletionChunk } from './types.ts';
import { UpstreamError } from './upstream-error.ts';

/**
 * How much of an upstream's error message reaches the client: vLLM's context
 * overflow runs past 300 characters, and clients read its numbers.
 */
export const ERROR_MESSAGE_MAX = 1000;

/** An error body's `error.code` when it is a string, else its `error.type`. */
export function errorCodeOf(text: string): string | undefined {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; type?: unknown } };
    if (typeof error?.code === 'string') return error.code;
    if (typeof error?.type === 'string') return error.type;
  } catch {
    // not JSON: no code
  }
  return undefined;
}

/** The `error.message` of an OpenAI-style error body, or whatever text came back (quoteUpstream shortens it). */
export function describeErrorBody(text: string): string {
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

/** A request sent and answered 2xx: its response, the headers' timer, the signal that stops it. */
export type Sent = {
  response: Response;
  timer: ReturnType<typeof setTimeout>;
  stop: AbortSignal;
  timedOut: () => boolean;
  unlink: () => void;
};

/**
 * A streaming request's answer that is no event stream: a server that
 * ignored `stream: true` and sent one completion (relayed as one chunk), or
 * anything else, refused before the response starts. Undefined for an event
 * stream, or a body without a content type, which the SSE reader checks.
 */
export async function notAnEventStream(
  sent: Sent,
  quote: (text: string, max?: number) => string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<AsyncIterable<ChatCompletionChunk> | undefined> {
  const contentType = sent.response.headers.get('content-type')?.toLowerCase();
  if (contentType?.includes('application/json')) {
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
  if (contentType === undefined || contentType.includes('text/event-stream')) return undefined;
  // A 200 HTML page (a captive portal, a wrong base URL hitting a web UI) is no stream. Saying so
  // before the response starts gives the client a 502 instead of an SSE error about a cut stream.
  let text: string;
  try {
    text = await sent.response.text().catch(() => '');
  } finally {
    clearTimeout(sent.timer);
    sent.unlink();
  }
  throw new UpstreamError(
    'malformed',
    `expected a text/event-stream (or a JSON chat.completion), got ${quote(contentType, 100)}: ${quote(text, 200) || '(empty body)'}`,
  );
}

/** Reads and checks a `chat.completion` body; the timer (the upstream timeout) runs until it is read. */
export async function readCompletion(
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
export async function* chunksOf(
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
