/**
 * Server-sent events, both ways: writing `data:` frames to the client and
 * reading an upstream's `text/event-stream` body incrementally.
 */

const encoder = new TextEncoder();

/** One `data:` frame. JSON never contains a raw newline, so one line is enough. */
export function sseFrame(data: unknown): Uint8Array {
  return encoder.encode(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export const SSE_DONE = sseFrame('[DONE]');

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // Keeps nginx-style proxies from buffering the whole stream.
  'x-accel-buffering': 'no',
} as const;

/**
 * Reads SSE `data` payloads from a byte stream. Lines are split as they
 * arrive: a line cut across two network chunks stays in `pending` until its
 * newline comes, so only that unfinished tail is ever re-joined.
 */
export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let pending = '';
  let data: string[] = [];
  function* lines(text: string, final: boolean): Generator<string> {
    let start = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
      yield text.slice(start, i).replace(/\r$/, '');
      start = i + 1;
    }
    pending = text.slice(start);
    if (final && pending !== '') {
      yield pending;
      pending = '';
    }
  }
  function* handle(line: string): Generator<string> {
    if (line === '') {
      // A blank line ends one event; consecutive data lines join with "\n" (the SSE spec).
      if (data.length > 0) yield data.join('\n');
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(line[5] === ' ' ? 6 : 5));
    }
    // `event:`, `id:`, `retry:` and `:` comments carry nothing an OpenAI chunk needs.
  }
  let finished = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      for (const line of lines(pending + decoder.decode(value, { stream: true }), false)) yield* handle(line);
    }
    for (const line of lines(pending + decoder.decode(), true)) yield* handle(line);
    yield* handle('');
  } finally {
    // The consumer stopped early (client gone, error): cancel so the upstream connection closes too.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
