/**
 * Server-sent events, both ways: writing `data:` frames to the client and
 * reading an upstream's `text/event-stream` body incrementally.
 */

import { abortableReader } from '../util/abort.ts';

const encoder = new TextEncoder();

/**
 * One event as text: `data:` alone, or after `event: <name>` for APIs that
 * name their events (Responses, Messages). JSON never contains a raw newline,
 * so one data line is enough.
 */
export function sseEvent(data: unknown, event?: string): string {
  const line = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  return event === undefined ? line : `event: ${event}\n${line}`;
}

/** One event as the bytes sent (see `sseEvent`). */
export function sseFrame(data: unknown, event?: string): Uint8Array {
  return encoder.encode(sseEvent(data, event));
}

export const SSE_DONE = sseFrame('[DONE]');

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // Keeps nginx-style proxies from buffering the whole stream.
  'x-accel-buffering': 'no',
} as const;

/**
 * Reads SSE `data` payloads from a byte stream. Each network chunk is scanned
 * once for line breaks; the unfinished tail of a line is kept as pieces and
 * joined once, when its line break arrives, so a multi-megabyte `data:` line
 * costs time linear in its length (re-joining and re-scanning the pending
 * tail per chunk made an 8 MB line take 1.5 s; npm run bench:sse).
 */
export async function* readSseData(
  body: ReadableStream<Uint8Array>,
  /**
   * Cancels the body and ends the reading at once, with the signal's reason
   * thrown, even when a read is pending that never settles (workerd, once the
   * client has gone: see raceAbort).
   */
  stop?: AbortSignal,
  /** Called for every network chunk, comments included (an idle timer watches this). */
  onBytes?: () => void,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = abortableReader(body, stop);
  /** The line being read, in the pieces it arrived in. */
  const pending: string[] = [];
  /** The data lines of the event being read. */
  const data: string[] = [];
  /** Takes one line of the stream; gives an event's payload when the line ends one. */
  function eventAfter(line: string): string | undefined {
    if (line === '') {
      // A blank line ends one event; consecutive data lines join with "\n" (the SSE spec).
      if (data.length === 0) return undefined;
      const payload = data.length === 1 ? (data[0] as string) : data.join('\n');
      data.length = 0;
      return payload;
    }
    if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
    // `event:`, `id:`, `retry:` and `:` comments carry nothing an OpenAI chunk needs.
    return undefined;
  }
  /** The line that ends at `end` of `chunk`, from `start`, with the pieces before it. */
  function lineOf(chunk: string, start: number, end: number): string {
    let line = chunk.slice(start, end);
    if (pending.length > 0) {
      line = pending.join('') + line;
      pending.length = 0;
    }
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  // Plain loops rather than a generator per chunk and per line: this runs for every upstream event.
  try {
    while (true) {
      const { done, value } = await reader.read();
      const chunk = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (!done) onBytes?.();
      let start = 0;
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', start)) {
        const payload = eventAfter(lineOf(chunk, start, i));
        start = i + 1;
        if (payload !== undefined) yield payload;
      }
      if (start < chunk.length) pending.push(start === 0 ? chunk : chunk.slice(start));
      if (done) {
        reader.finished();
        break;
      }
    }
    // The body ended: its last line and event end with it.
    const last = pending.length > 0 ? eventAfter(lineOf('', 0, 0)) : undefined;
    if (last !== undefined) yield last;
    const payload = eventAfter('');
    if (payload !== undefined) yield payload;
  } finally {
    // The consumer stopped early (client gone, error): cancel so the upstream connection closes too.
    // Not awaited: the cancel of a body whose read never settles may not settle either.
    reader.cancel();
    reader.release();
  }
}
