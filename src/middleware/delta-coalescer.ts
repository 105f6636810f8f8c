/**
 * Joins a call's `tool-input-delta`s so that a client's work stays linear in
 * the argument.
 *
 * Why: the AI SDK's UI message reader (`readUIMessageStream`, under
 * `useChat`) appends each delta to the call's text and re-parses the whole
 * partial JSON (`parsePartialJson`), then snapshots the message; a 100 KB
 * argument sent in 4-character deltas is 25,600 parses of up to 100 KB,
 * quadratic. The rule here:
 *
 * - while less than `immediateChars` of the call has gone out, every piece
 *   goes out at once (a short call shows its first characters immediately);
 * - after that, held text goes out when it reaches `ratio` times what was
 *   already sent (so the sizes sent grow geometrically and the client parses
 *   about `(1 + 1/ratio)` times the argument in all), or when `maxDelayMs`
 *   passed since the last delta (so a model writing slowly still shows
 *   progress; the clock is read only when a piece arrives, never by a timer);
 * - everything held goes out before `tool-input-end`.
 *
 * The deltas still concatenate to the call's input: text is only regrouped.
 */

/** How `tool-input-delta`s are grouped; see ToolMiddlewareOptions.coalesceToolInput. */
export interface CoalesceToolInputOptions {
  /** Every piece goes out at once until this many characters of the call were sent. Default 1024. */
  immediateChars?: number;
  /** Then held text goes out when it reaches this fraction of what was sent. Default 0.25. */
  ratio?: number;
  /** Or when this many milliseconds passed since the call's last delta. Default 100. */
  maxDelayMs?: number;
}

export const DEFAULT_COALESCING: Required<CoalesceToolInputOptions> = {
  immediateChars: 1024,
  ratio: 0.25,
  maxDelayMs: 100,
};

export interface DeltaCoalescer {
  /** A piece of the call `id`'s input. */
  push(id: string, delta: string): void;
  /** Sends whatever is held (before the call's `tool-input-end`). */
  flush(): void;
}

/** Checks the option once, when the middleware is made, and fills in the defaults. */
export function resolveCoalescing(
  option: false | CoalesceToolInputOptions | undefined,
): Required<CoalesceToolInputOptions> | undefined {
  if (option === false) return undefined;
  const resolved = { ...DEFAULT_COALESCING, ...option };
  const { immediateChars, ratio, maxDelayMs } = resolved;
  if (option === null || !(immediateChars >= 0 && ratio > 0 && maxDelayMs >= 0)) {
    throw new TypeError(
      `createToolMiddleware: \`coalesceToolInput\` must be false or { immediateChars >= 0, ratio > 0, maxDelayMs >= 0 }, got ${JSON.stringify(option)}.`,
    );
  }
  return resolved;
}

export function createDeltaCoalescer(
  options: Required<CoalesceToolInputOptions>,
  send: (id: string, delta: string) => void,
  now: () => number = Date.now,
): DeltaCoalescer {
  const { immediateChars, ratio, maxDelayMs } = options;
  let openId = '';
  let sent = 0;
  let held = '';
  let lastSentAt = 0;

  function flush(): void {
    if (held === '') return;
    send(openId, held);
    sent += held.length;
    held = '';
    lastSentAt = now();
  }

  return {
    push(id, delta) {
      if (id !== openId) {
        // Calls come one after another; a new id means the last one ended (its end flushed).
        flush();
        openId = id;
        sent = 0;
      }
      // V8 keeps `+=` as a rope and flattens it once, when it is sent.
      held += delta;
      if (sent < immediateChars || held.length >= ratio * sent || now() - lastSentAt >= maxDelayMs) flush();
    },
    flush,
  };
}
