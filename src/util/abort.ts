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
