/**
 * SSE plumbing for every front door: a pulled source of frames
 * (util/part-source.ts) becomes a streaming Response, a pull's frames one chunk.
 *
 * - Pull-based: a slow client slows the upstream instead of filling memory.
 * - `open` goes out first, with the headers: in workerd a client that leaves
 *   before the first byte is noticed only at that write (the request's
 *   signal does not fire before it), so the proxy speaks early.
 * - While the source is quiet, `:` (a 3-byte SSE comment, which every API's
 *   SDK skips but @google/genai's, so a door may choose another) goes out
 *   every `livenessMs`, and `keepAlive` once it has been
 *   quiet for `keepAliveMs`; then the same pending pull is awaited again,
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
 *   listeners); nothing here awaits the source's cleanup (`cancel` is not
 *   awaited): it may wait behind a read that never settles.
 */
import { followSignals } from '../../util/abort.ts';
import type { PartSource } from '../../util/part-source.ts';
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
  /** What is sent for liveness instead of `:` (a door whose client's parser takes no SSE comments). */
  liveness?: Frame;
}

const QUIET = Symbol('quiet');

export function sseResponse(
  frames: PartSource<Frame>,
  abort: AbortController,
  headers: Record<string, string>,
  options: SseOptions,
): Response {
  const keepAlive = bytesOf(options.keepAlive);
  const liveness = bytesOf(options.liveness ?? ':\n\n');
  let opened = false;
  /** How long the source has been quiet since its last frame or the last keep-alive (the waits' sum). */
  let quietMs = 0;
  const waits = frameWaits(frames);

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
          } else {
            quietMs = 0;
            if (next.frames.length > 0) controller.enqueue(batchBytes(next.frames));
            if (next.done) {
              waits.stop();
              controller.close();
            }
          }
        } catch (error) {
          // The core's source catches its own failures; this is a last resort, not the fault report.
          waits.stop();
          controller.error(error);
        }
      },
      cancel(reason) {
        // Abort first: it ends the reads below, so the source's pending pull settles; then the source stops.
        const why = reason ?? new DOMException('The client disconnected.', 'AbortError');
        abort.abort(why);
        frames.cancel(why);
      },
    },
    // No read-ahead: a frame is produced when the client (or the runtime writing to it) asks for one.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/** The frames of one pull of the source, and whether the source is over after them. */
interface Batch {
  frames: Frame[];
  done: boolean;
}

type Wait = Batch | typeof QUIET | undefined;

/**
 * A batch's frames as one chunk: one enqueue and one write to the client for
 * the frames of one model part (a tool call's several events, say).
 */
function batchBytes(frames: Frame[]): Uint8Array {
  if (frames.length === 1) return bytesOf(frames[0] as Frame);
  if (frames.every((frame) => typeof frame === 'string')) return encoder.encode(frames.join(''));
  const parts = frames.map(bytesOf);
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

/**
 * The pulls' waits on the frame source: `next(ms)` gives the frames of the
 * source's next pull, or QUIET when the source sent nothing for `ms`, or
 * undefined once `abort()` ran.
 *
 * One timer for the stream, pushed on when it fires early, not one per frame:
 * a timer set and cleared per frame was a twentieth of the isolate's CPU on a
 * streamed agent answer in workerd (npm run bench:proxy's load, profiled
 * through the inspector). It fires at most once per `ms` while frames flow.
 * What the source gives while no pull waits (after a QUIET, before the
 * client asks again) is kept for the next pull.
 */
function frameWaits(source: PartSource<Frame>) {
  let pulling = false;
  let batch: Frame[] = [];
  const take = (frame: Frame) => {
    batch.push(frame);
  };
  let settle: ((next: Wait) => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  let early: { batch: Batch } | { error: unknown } | undefined;
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
  const onPulled = (done: boolean) => {
    pulling = false;
    const pulled = { frames: batch, done };
    batch = [];
    if (settle === undefined) early = { batch: pulled };
    else settleWith(pulled);
  };
  const onFailure = (error: unknown) => {
    pulling = false;
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
        return 'batch' in kept ? Promise.resolve(kept.batch) : Promise.reject(kept.error);
      }
      const wait = new Promise<Wait>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      waitStarted = Date.now();
      waitMs = ms;
      timer ??= setTimeout(onTimer, ms);
      if (!pulling) {
        pulling = true;
        source.pull(take).then(onPulled, onFailure);
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
