/**
 * The block around a run of calls in the special-token formats:
 *   Kimi K2    `<|tool_calls_section_begin|>` calls `<|tool_calls_section_end|>`
 *   DeepSeek   `<｜tool▁calls▁begin｜>` calls `<｜tool▁calls▁end｜>`
 *
 * The block markers are dropped only when the block produced a call. Whether
 * it does is known only once the first call inside completes or fails, maybe
 * many chunks later, so the begin marker and the whitespace after it are held
 * until then; a block whose first call is malformed, that holds no call or
 * that is followed by prose comes back as text verbatim (nothing lost).
 * What is held is bounded: the marker, at most `MAX_SPACE` whitespace and one
 * partial marker; each character is looked at once.
 */
import { isSpace } from '../../json/chars.ts';
import type { ToolshimErrorCode } from '../../types.ts';
import type { ParserCallbacks } from '../events.ts';
import type { Section, SectionEnv } from '../section.ts';
import { keepMarkerAsText, openSilentMarker } from './basic.ts';

export interface CallsBlockOptions {
  /** The marker that opens each call inside the block. */
  call: string;
  /** The marker that closes the block. */
  end: string;
  /** Reads one call after its `call` marker. */
  openCall: (env: SectionEnv, marker: string) => Section;
}

/** More whitespace than this after the begin marker: not a call block after all. */
const MAX_SPACE = 1024;

// What the section reads next:
const GAP = 0;
const MARKER = 1;
const CALL = 2;
const TRAILING = 3;
const DONE = 4;

/**
 * Per parser: a block that produced calls was left without its end marker
 * (a later call in it failed, or prose followed), so the end marker still to
 * come belongs to calls that were emitted and is dropped too.
 */
const unclosedWithCalls = new WeakMap<ParserCallbacks, true>();

export function openCallsBlock(env: SectionEnv, marker: string, options: CallsBlockOptions): Section {
  const { callbacks } = env;
  /** Text held until the first call completes ('' once it has, or once it was given back). */
  let pending = marker;
  let calls = 0;
  /** A possible `call` or `end` marker being matched. */
  let tag = '';
  let inner: Section | undefined;
  let state = GAP;
  unclosedWithCalls.delete(callbacks);

  function flushPending(): void {
    if (pending !== '') callbacks.onText(pending);
    pending = '';
  }

  /** Markup dropped because it wraps calls that were emitted: debug output still hears of it. */
  function drop(text: string): void {
    if (text !== '') callbacks.onCallSegment?.(text);
  }

  let leftover = '';

  /** The block is over without its end marker: what was held goes back as text. */
  function stop(extra: string, reason: string, code: ToolshimErrorCode = 'malformed-tool-call'): void {
    state = DONE;
    if (calls > 0) {
      unclosedWithCalls.set(callbacks, true);
      if (extra !== '') callbacks.onText(extra);
      return;
    }
    const text = pending + extra;
    flushPending();
    if (extra !== '') callbacks.onText(extra);
    callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
  }

  // The call's own give-back (raw text) must come after the held begin marker.
  const innerCallbacks: ParserCallbacks = {
    ...callbacks,
    onText: (text) => {
      flushPending();
      callbacks.onText(text);
    },
    onToolCallEnd: (call) => {
      calls++;
      drop(pending);
      pending = '';
      callbacks.onToolCallEnd(call);
    },
  };

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      switch (state) {
        case GAP: {
          if (isSpace(c)) {
            if (calls === 0) pending += c;
            else drop(c);
            i++;
            if (pending.length > marker.length + MAX_SPACE) {
              stop('', 'the tool-calls marker is followed by nothing but whitespace');
            }
          } else if (c === options.call.charAt(0) || c === options.end.charAt(0)) {
            state = MARKER;
          } else {
            stop('', 'the tool-calls marker is not followed by a call');
            return i;
          }
          break;
        }
        case MARKER: {
          const next = tag + c;
          if (!options.call.startsWith(next) && !options.end.startsWith(next)) {
            const partial = tag;
            tag = '';
            stop(partial, 'the tool-calls marker is not followed by a call');
            return i;
          }
          tag = next;
          i++;
          if (tag === options.call) {
            tag = '';
            inner = options.openCall({ ...env, callbacks: innerCallbacks }, options.call);
            state = CALL;
          } else if (tag === options.end) {
            tag = '';
            if (calls > 0) {
              drop(options.end);
              state = TRAILING;
            } else stop(options.end, 'the tool-calls block holds no call');
          }
          break;
        }
        case CALL: {
          const section = inner as Section;
          const before = calls;
          i = section.write(text, i);
          if (section.done) {
            inner = undefined;
            const again = section.leftover ?? '';
            if (again !== '') {
              // The call ended on a marker it did not own (`<|tool_call_begin|>` with no end before it):
              // read it here, and pass on to the scanner whatever this block does not take.
              state = calls === before ? DONE : GAP;
              if (calls > 0 && state === DONE) unclosedWithCalls.set(callbacks, true);
              const taken = state === DONE ? 0 : write(again, 0);
              leftover = again.slice(taken);
              if (state === DONE || leftover !== '') return i;
              break;
            }
            if (calls === before) {
              // The call was malformed and went back as text: the block is over, the rest is prose.
              state = DONE;
              if (calls > 0) unclosedWithCalls.set(callbacks, true);
              return i;
            }
            state = GAP;
          }
          break;
        }
        case TRAILING: {
          // Dropped with the end marker, as the whitespace after a call is.
          if (!isSpace(c)) {
            state = DONE;
            return i;
          }
          drop(c);
          i++;
          break;
        }
      }
    }
    return i;
  }

  return {
    write,
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (state === CALL) {
        const before = calls;
        inner?.end();
        state = DONE;
        if (calls === before) flushPending();
        return;
      }
      if (state === GAP || state === MARKER) {
        const partial = tag;
        tag = '';
        if (calls > 0) {
          // A missing end marker at the very end still counts; a partial one stays text.
          state = DONE;
          if (partial !== '') callbacks.onText(partial);
          return;
        }
        stop(partial, 'the output ended inside the tool-calls block', 'unclosed-tool-call');
      }
      state = DONE;
    },
  };
}

/**
 * A call whose model skipped the begin marker: once it completes, the end
 * marker that may follow closes a block that produced a call, so it is dropped.
 */
export function openLooseCall(env: SectionEnv, marker: string, openCall: CallsBlockOptions['openCall']): Section {
  const { callbacks } = env;
  return openCall(
    {
      ...env,
      callbacks: {
        ...callbacks,
        onToolCallEnd: (call) => {
          unclosedWithCalls.set(callbacks, true);
          callbacks.onToolCallEnd(call);
        },
      },
    },
    marker,
  );
}

/**
 * The block's end marker where the scanner meets it on its own: dropped when
 * it closes a block that produced calls, otherwise ordinary text (a stray
 * marker, or the end of a block whose call was malformed).
 */
export function openCallsBlockEnd(env: SectionEnv, marker: string): Section {
  if (unclosedWithCalls.delete(env.callbacks)) return openSilentMarker(env, marker);
  return keepMarkerAsText(env, marker);
}
