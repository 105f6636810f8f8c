/**
 * Aborts when any of the given signals aborts. AbortSignal.any is missing in
 * some runtimes toolshim supports (edge-runtime 4.0.1, used by Next.js edge
 * routes in tests), so this falls back to a controller fed by listeners.
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const native = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (typeof native === 'function') return native.call(AbortSignal, signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      return controller.signal;
    }
  }
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    for (const signal of signals) signal.removeEventListener('abort', onAbort);
  };
  for (const signal of signals) signal.addEventListener('abort', onAbort);
  return controller.signal;
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
 * A reader of `stream` that gives up at once when `signal` aborts: the stream
 * is cancelled (not awaited: a cancel may not settle either), a pending
 * `read()` rejects with the abort reason, and so does every later one.
 * `release()` drops the lock and the listener when the reading is over.
 */
export function abortableReader<T>(stream: ReadableStream<T>, signal: AbortSignal | undefined) {
  const reader = stream.getReader();
  let done = false;
  const cancel = (reason?: unknown) => {
    if (done) return;
    done = true;
    reader.cancel(reason).catch(() => {});
  };
  const onAbort = () => cancel(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    read: (): Promise<ReadableStreamReadResult<T>> => raceAbort(reader.read(), signal),
    /** Cancels the stream without waiting (a consumer that stopped early). */
    cancel,
    /** The reading is over (done, failed or cancelled): no more listener, no lock. */
    release() {
      signal?.removeEventListener('abort', onAbort);
      try {
        reader.releaseLock();
      } catch {
        // A read still pending in a runtime that refuses to release then: the stream is dropped anyway.
      }
    },
    /** Marks the stream as read to its end, so `cancel` leaves it alone. */
    finished() {
      done = true;
    },
  };
}
