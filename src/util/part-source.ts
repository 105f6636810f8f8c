/**
 * Pull-based streams whose source the next stage in this package can drive
 * itself. The proxy's stream path is three stages (the upstream client's
 * parts, the middleware's parser, the door's driver); as three
 * `ReadableStream`s, every part crosses two of them, each a read request, a
 * pull and their promises, and in workerd a trip into the runtime's streams
 * and back. A stage that finds the source behind the stream it was given
 * calls that source's `pull` directly instead; a stream from anyone else is
 * read through its reader, with the same contract.
 *
 * The stream handed out is still a real `ReadableStream` (the AI SDK's
 * contract): read through it, it behaves as any pull-based stream with
 * `highWaterMark: 0`. A stage that takes the source over locks the stream, so
 * the two ways of reading never mix.
 */

import { abortRacer } from './abort.ts';

export interface PartSource<T> {
  /**
   * Gives at least one part to `enqueue` and resolves `false`, or resolves
   * `true` once the source is over (after any last parts). A failure rejects;
   * a rejected pull is not called again.
   */
  pull(enqueue: (part: T) => void): Promise<boolean>;
  /** Stops the source without waiting for it (a consumer that left or stopped early). */
  cancel(reason?: unknown): void;
}

const sources = new WeakMap<ReadableStream<unknown>, PartSource<unknown>>();

/** A `ReadableStream` over `source`, which a later stage may take over with `sourceOf`. */
export function sourceStream<T>(source: PartSource<T>): ReadableStream<T> {
  const stream = new ReadableStream<T>(
    {
      async pull(controller) {
        if (await source.pull((part) => controller.enqueue(part))) controller.close();
      },
      cancel: (reason) => source.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  sources.set(stream, source);
  return stream;
}

/**
 * The source to read `stream` by: the one behind it when it came from
 * `sourceStream` and nobody has read it yet (the stream is then locked for
 * good), else one that reads it through a reader.
 */
export function sourceOf<T>(stream: ReadableStream<T>): PartSource<T> {
  const own = sources.get(stream) as PartSource<T> | undefined;
  if (own !== undefined && !stream.locked) {
    sources.delete(stream);
    stream.getReader();
    return own;
  }
  const reader = stream.getReader();
  return oneAtATime(
    () => reader.read(),
    (reason) => {
      reader.cancel(reason).catch(() => {});
    },
  );
}

/**
 * A source read until `signal` aborts: then it is cancelled (not awaited: a
 * cancel may not settle either) and a pending pull rejects at once with the
 * abort reason, as does every later one. `release()` drops the listener when
 * the reading is over; `cancel()` stops a source that was not read to its end.
 */
export function abortableSource<T>(stream: ReadableStream<T>, signal: AbortSignal) {
  const source = sourceOf(stream);
  let over = false;
  const cancel = (reason?: unknown) => {
    if (over) return;
    over = true;
    source.cancel(reason);
  };
  const onAbort = () => cancel(signal.reason);
  // The cancel listener first, then the racer's: the source is cancelled before the pending pull rejects.
  signal.addEventListener('abort', onAbort, { once: true });
  const racer = abortRacer(signal);
  return {
    /** `source.pull`, raced with the abort; a source that says it is over is not cancelled later. */
    async pull(enqueue: (part: T) => void): Promise<boolean> {
      const done = await racer.race(source.pull(enqueue));
      if (done) over = true;
      return done;
    },
    cancel,
    release() {
      signal.removeEventListener('abort', onAbort);
      racer.dispose();
    },
  };
}

/** An async iterable as a source: one value per pull; `cancel` returns the iterator without waiting for it. */
export function iterableSource<T>(iterable: AsyncIterable<T>): PartSource<T> {
  const iterator = iterable[Symbol.asyncIterator]();
  return oneAtATime(
    () => iterator.next(),
    (reason) => {
      // Not awaited: return() queues behind a pending next(), which may wait on a read that never settles.
      iterator.return?.(reason)?.catch(() => {});
    },
  );
}

/** A source over one-value reads (a reader's, an iterator's). */
function oneAtATime<T>(
  read: () => Promise<{ done?: boolean; value?: T }>,
  stop: (reason?: unknown) => void,
): PartSource<T> {
  return {
    async pull(enqueue) {
      const { done, value } = await read();
      if (done) return true;
      enqueue(value as T);
      return false;
    },
    cancel: stop,
  };
}
