/**
 * An AbortController that also aborts when any of `sources` does, with that
 * source's reason; `unlink()` stops following them once the work is over.
 * Plain listeners rather than AbortSignal.any: in workerd a signal made by
 * AbortSignal.any stayed reachable from the isolate's roots after the
 * request, keeping the closures listening on it (0.55 MiB per 1,000 cut
 * upstream streams, npm run bench:workerd-leak); edge-runtime 4 has no
 * AbortSignal.any at all.
 */
export function followSignals(...sources: Array<AbortSignal | undefined>): {
  controller: AbortController;
  unlink: () => void;
} {
  const controller = new AbortController();
  const links: Array<[AbortSignal, () => void]> = [];
  const unlink = () => {
    for (const [source, listener] of links) source.removeEventListener('abort', listener);
    links.length = 0;
  };
  for (const source of sources) {
    if (source === undefined) continue;
    if (source.aborted) {
      unlink();
      controller.abort(source.reason);
      break;
    }
    const listener = () => {
      unlink();
      controller.abort(source.reason);
    };
    source.addEventListener('abort', listener, { once: true });
    links.push([source, listener]);
  }
  return { controller, unlink };
}

/**
 * `promise`, or a rejection with `signal.reason` as soon as the signal
 * aborts, whichever comes first. For awaits on I/O that may never settle: in
 * workerd, once the client has gone, a pending read of an upstream body
 * neither resolves nor rejects (not even after `reader.cancel()`), and code
 * awaiting it would never run its cleanup. The listener is removed when the
 * promise settles first, so a long stream does not pile listeners up.
 */
export function raceAbort<T>(promise: PromiseLike<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return Promise.resolve(promise);
  if (signal.aborted) {
    Promise.resolve(promise).catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * `raceAbort` for a sequence of awaits on one signal, one at a time (a
 * stream's reads): one abort listener for them all. Adding and removing a
 * listener per chunk, as `raceAbort` does, was a tenth of the isolate's time
 * for a streamed answer in workerd (npm run bench:proxy). A pending `race`
 * rejects with the signal's reason as soon as it aborts; `dispose()` removes
 * the listener.
 */
export function abortRacer(signal: AbortSignal | undefined) {
  let rejectPending: ((reason: unknown) => void) | undefined;
  const onAbort = () => {
    const reject = rejectPending;
    rejectPending = undefined;
    reject?.(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    race<T>(promise: PromiseLike<T>): Promise<T> {
      if (signal === undefined) return Promise.resolve(promise);
      if (signal.aborted) {
        Promise.resolve(promise).catch(() => {});
        return Promise.reject(signal.reason);
      }
      return new Promise<T>((resolve, reject) => {
        rejectPending = reject;
        promise.then(
          (value) => {
            if (rejectPending === reject) rejectPending = undefined;
            resolve(value);
          },
          (error: unknown) => {
            if (rejectPending === reject) rejectPending = undefined;
            reject(error);
          },
        );
      });
    },
    dispose: () => signal?.removeEventListener('abort', onAbort),
  };
}

/**
 * A reader of `stream` that gives up at once when `signal` aborts: the stream
 * is cancelled (not awaited: a cancel may not settle either), a pending
 * `read()` rejects with the abort reason, and so does every later one.
 * `release()` drops the lock and the listener when the reading is over.
 * Reads are one at a time (every caller awaits each).
 */
export function abortableReader<T>(stream: ReadableStream<T>, signal: AbortSignal | undefined) {
  const reader = stream.getReader();
  let done = false;
  let finished = false;
  const cancel = (reason?: unknown) => {
    if (done) return;
    done = true;
    reader.cancel(reason).catch(() => {});
  };
  const onAbort = () => cancel(signal?.reason);
  // The cancel listener first, then the racer's: the stream is cancelled before the pending read rejects.
  signal?.addEventListener('abort', onAbort, { once: true });
  const racer = abortRacer(signal);
  return {
    read: (): Promise<ReadableStreamReadResult<T>> => racer.race(reader.read()),
    /** Cancels the stream without waiting (a consumer that stopped early). */
    cancel,
    /** The reading is over (done, failed or cancelled): no more listener, no lock. */
    release() {
      signal?.removeEventListener('abort', onAbort);
      racer.dispose();
      // Read to its end: no read is pending and the lock holds nothing. Releasing would still make (and
      // reject `closed` with) a TypeError, stack trace and all, per stream: measurable per request in workerd.
      if (finished) return;
      try {
        reader.releaseLock();
      } catch {
        // A read still pending in a runtime that refuses to release then: the stream is dropped anyway.
      }
    },
    /** Marks the stream as read to its end, so `cancel` leaves it alone. */
    finished() {
      done = true;
      finished = true;
    },
  };
}
