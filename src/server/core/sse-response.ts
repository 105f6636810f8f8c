/**
 * SSE plumbing for every front door: an async source of frames becomes a
 * streaming Response.
 *
 * - Pull-based: a slow client slows the upstream instead of filling memory.
 * - `open` goes out first, with the headers: in workerd a client that leaves
 *   before the first byte is never noticed (the request's signal does not
 *   fire), so the proxy speaks early.
 * - While the source is quiet for `keepAliveMs`, `keepAlive` is sent and the
 *   same pending `next()` is awaited again, so nothing is lost or reordered.
 *   In workerd a client that left is noticed only when something is written,
 *   so this also bounds how long an abandoned upstream request runs.
 * - A client that goes away aborts: through the body's `cancel` (Node, Deno,
 *   browsers) or only through the request's signal (workerd, which then runs
 *   nothing more of the request: no continuation, no timer, no cancel). So
 *   everything that frees the upstream hangs off the abort signal and runs
 *   inside its dispatch (the readers below cancel their streams in their abort
 *   listeners); nothing here awaits the source's cleanup: `return()` on an
 *   async generator queues behind its pending `next()`.
 */
import { followSignals } from '../../util/abort.ts';
import { SSE_HEADERS } from '../../wire/sse.ts';
import type { Frame } from './front-door.ts';

const encoder = new TextEncoder();

export const bytesOf = (frame: Frame): Uint8Array => (typeof frame === 'string' ? encoder.encode(frame) : frame);

export interface SseOptions {
  /** Sent first. */
  open: Frame;
  /** Sent while the source is quiet. */
  keepAlive: Frame;
  /** How long quiet is. */
  keepAliveMs: number;
}

const QUIET = Symbol('quiet');

export function sseResponse(
  frames: AsyncIterable<Frame>,
  abort: AbortController,
  headers: Record<string, string>,
  options: SseOptions,
): Response {
  const iterator = frames[Symbol.asyncIterator]();
  const keepAlive = bytesOf(options.keepAlive);
  let pending: Promise<IteratorResult<Frame>> | undefined;
  let opened = false;
  /** Resolves the wait of the pull in flight when the client leaves, so no pull stays parked. */
  let wake: (() => void) | undefined;

  /** The next frame, or QUIET when the source sent nothing for keepAliveMs; undefined once aborted. */
  function nextOrQuiet(): Promise<IteratorResult<Frame> | typeof QUIET | undefined> {
    pending ??= iterator.next();
    const next = pending;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(QUIET), options.keepAliveMs);
      wake = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      next.then(
        (result) => {
          clearTimeout(timer);
          pending = undefined;
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          pending = undefined;
          reject(error);
        },
      );
    });
  }

  // Whoever aborts (the body's cancel, or the request's signal, which is all workerd gives once the client has
  // gone: it runs nothing of the request after the abort listeners), the parked pull and its timer go at once.
  abort.signal.addEventListener('abort', () => wake?.(), { once: true });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(bytesOf(options.open));
          return;
        }
        try {
          const next = await nextOrQuiet();
          // Gone: error the body (a no-op once it was cancelled), so no further pull is asked for.
          if (next === undefined || abort.signal.aborted) controller.error(abort.signal.reason);
          else if (next === QUIET) controller.enqueue(keepAlive);
          else if (next.done) controller.close();
          else controller.enqueue(bytesOf(next.value));
        } catch (error) {
          // The core's source catches its own failures; this is a last resort, not the fault report.
          controller.error(error);
        } finally {
          wake = undefined;
        }
      },
      cancel(reason) {
        // Abort first: it ends the reads below, so the source's pending next() settles and it can return.
        abort.abort(reason ?? new DOMException('The client disconnected.', 'AbortError'));
        iterator.return?.(undefined)?.catch(() => {});
      },
    },
    // No read-ahead: a frame is produced when the client (or the runtime writing to it) asks for one.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/** An AbortController that also aborts when `signal` (the incoming request's) does. */
export function linkedAbort(signal: AbortSignal | undefined): AbortController {
  return followSignals(signal).controller;
}
