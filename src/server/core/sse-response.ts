/**
 * SSE plumbing for every front door: an async source of frames becomes a
 * streaming Response.
 *
 * - Pull-based: a slow client slows the upstream instead of filling memory.
 * - `open` goes out first, with the headers: in workerd a client that leaves
 *   before the first byte is noticed only at that write (the request's
 *   signal does not fire before it), so the proxy speaks early.
 * - While the source is quiet, `:` (a 3-byte SSE comment, which every API's
 *   SDK skips) goes out every `livenessMs`, and `keepAlive` once it has been
 *   quiet for `keepAliveMs`; then the same pending `next()` is awaited again,
 *   so nothing is lost or reordered. In workerd a client that left is noticed
 *   only when something is written to it (under wrangler dev, the second
 *   write), so these writes bound how long an abandoned upstream request
 *   runs: the keep-alive is paced for idle timeouts on the way (15 s), far
 *   too slow for that. One timer per stream paces them, so a streaming
 *   source pays for about one timer per `livenessMs`, not one per frame.
 *   What the source gives while no pull waits (the client has not asked
 *   since the last comment) is kept for the next pull.
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
  /** While quiet, `:` is sent this often between keep-alives, so a client that left is noticed; 0: never. */
  livenessMs: number;
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
  const liveness = encoder.encode(':\n\n');
  let opened = false;
  /** How long the source has been quiet since its last frame or the last keep-alive (the waits' sum). */
  let quietMs = 0;
  const waits = frameWaits(iterator);

  // Whoever aborts (the body's cancel, or the request's signal, which is all workerd gives once the client has
  // gone: it runs nothing of the request after the abort listeners), the parked pull and its timer go at once.
  abort.signal.addEventListener('abort', () => waits.abort(), { once: true });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(bytesOf(options.open));
          return;
        }
        try {
          const untilKeepAlive = options.keepAliveMs - quietMs;
          const wait = options.livenessMs > 0 ? Math.min(options.livenessMs, untilKeepAlive) : untilKeepAlive;
          const next = await waits.next(wait);
          // Gone: error the body (a no-op once it was cancelled), so no further pull is asked for.
          if (next === undefined || abort.signal.aborted) controller.error(abort.signal.reason);
          else if (next === QUIET) {
            quietMs += wait;
            const due = quietMs >= options.keepAliveMs;
            if (due) quietMs = 0;
            controller.enqueue(due ? keepAlive : liveness);
          } else if (next.done) {
            waits.stop();
            controller.close();
          } else {
            quietMs = 0;
            controller.enqueue(bytesOf(next.value));
          }
        } catch (error) {
          // The core's source catches its own failures; this is a last resort, not the fault report.
          waits.stop();
          controller.error(error);
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

type Wait = IteratorResult<Frame> | typeof QUIET | undefined;

/**
 * The pulls' waits on the frame source: `next(ms)` gives the next frame, or
 * QUIET when the source sent nothing for `ms`, or undefined once `abort()` ran.
 *
 * One timer for the stream, pushed on when it fires early, not one per frame:
 * a timer set and cleared per frame was a twentieth of the isolate's CPU on a
 * streamed agent answer in workerd (npm run bench:proxy's load, profiled
 * through the inspector). It fires at most once per `ms` while frames flow.
 * What the source gives while no pull waits (after a QUIET, before the
 * client asks again) is kept for the next pull.
 */
function frameWaits(iterator: AsyncIterator<Frame>) {
  let pending: Promise<IteratorResult<Frame>> | undefined;
  let settle: ((next: Wait) => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  let early: { result: IteratorResult<Frame> } | { error: unknown } | undefined;
  let waitStarted = 0;
  let waitMs = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  function settleWith(next: Wait) {
    const done = settle;
    settle = undefined;
    fail = undefined;
    done?.(next);
  }
  function onTimer() {
    timer = undefined;
    if (settle === undefined) return;
    const left = waitStarted + waitMs - Date.now();
    if (left > 0) timer = setTimeout(onTimer, left);
    else settleWith(QUIET);
  }
  const onFrame = (result: IteratorResult<Frame>) => {
    pending = undefined;
    if (settle === undefined) early = { result };
    else settleWith(result);
  };
  const onFailure = (error: unknown) => {
    pending = undefined;
    const failed = fail;
    settle = undefined;
    fail = undefined;
    if (failed === undefined) early = { error };
    else failed(error);
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    next(ms: number): Promise<Wait> {
      if (early !== undefined) {
        const kept = early;
        early = undefined;
        return 'result' in kept ? Promise.resolve(kept.result) : Promise.reject(kept.error);
      }
      const wait = new Promise<Wait>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      waitStarted = Date.now();
      waitMs = ms;
      timer ??= setTimeout(onTimer, ms);
      if (pending === undefined) {
        pending = iterator.next();
        pending.then(onFrame, onFailure);
      }
      return wait;
    },
    /** The stream is over: no more timer. */
    stop,
    /** The client has gone: the pull in flight (if any) gets undefined at once. */
    abort() {
      stop();
      settleWith(undefined);
    },
  };
}

/** An AbortController that also aborts when `signal` (the incoming request's) does. */
export function linkedAbort(signal: AbortSignal | undefined): AbortController {
  return followSignals(signal).controller;
}
