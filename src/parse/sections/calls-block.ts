/**
 * The block around a run of calls in the special-token formats:
 *   Kimi K2    `<|tool_calls_section_begin|>` calls `<|tool_calls_section_end|>`
 *   DeepSeek   `<｜tool▁calls▁begin｜>` calls `<｜tool▁calls▁end｜>`
 *
 * The block markers are dropped only when the block produced a call. Whether
 * it does is known only once the first call inside completes or fails, maybe
 * many chunks later, so the begin marker and the whitespace after it are held
 * until then; a block whose first call is malformed, that holds no call or
 * that is followed by prose comes back as text verbatim (nothing lost). An
 * empty block, and an end marker met alone, are markup and leave no text,
 * except the end marker of a block that went back as text (issue 27).
 * What is held is bounded: the marker, at most `MAX_SPACE` whitespace and one
 * partial marker; each character is looked at once. Markup dropped because
 * it wraps calls that were emitted still goes to debug output (onCallSegment).
 */
import { isSpace } from '../../json/chars.ts';
import type { ToolshimErrorCode } from '../../types.ts';
import type { ParserCallbacks } from '../engine/events.ts';
import { keepMarkerAsText, openSilentMarker } from '../engine/marker-sections.ts';
import type { Section, SectionEnv } from '../engine/section.ts';

export interface CallsBlockOptions {
  /** The marker that opens each call inside the block. */
  call: string;
  /** The marker that closes the block. */
  end: string;
  /** Other spellings of the end marker (Kimi's tokenizer has `<|tool_call_section_end|>` too). */
  otherEnds?: readonly string[];
  /** Reads one call after its `call` marker. */
  openCall: (env: SectionEnv, marker: string) => Section;
}

/** More whitespace than this after the begin marker: not a call block after all. */
const MAX_SPACE = 1024;

// What the section reads next (before CALL: inside the block, between its calls):
/** Blanks before a marker. */
const GAP = 0;
const MARKER = 1;
const CALL = 2;
/** Blanks after the end marker (GAP's step reads them too). */
const TRAILING = 3;
const DONE = 4;

/**
 * Per parser, how the last block ended without its end marker: `calls`, it
 * produced calls (a later call in it failed, or prose followed), so the end
 * marker still to come belongs to calls that were emitted and is dropped too;
 * `broken`, it went back as text, and its end marker goes with it.
 */
const unclosed = new WeakMap<ParserCallbacks, 'calls' | 'broken'>();

function leftUnclosed(callbacks: ParserCallbacks, calls: number): void {
  unclosed.set(callbacks, calls > 0 ? 'calls' : 'broken');
}

/**
 * The callbacks of the calls inside a block: what the block holds goes out
 * (`release`) before a call's own give-back (raw text), and, dropped as
 * markup, when a call completes.
 */
function callbacksAround(callbacks: ParserCallbacks, release: (completed?: boolean) => void): ParserCallbacks {
  return {
    ...callbacks,
    onText: (text) => {
      release();
      callbacks.onText(text);
    },
    onToolCallEnd: (call) => {
      release(true);
      callbacks.onToolCallEnd(call);
    },
  };
}

export function openCallsBlock(env: SectionEnv, marker: string, options: CallsBlockOptions): Section {
  const { callbacks } = env;
  /** Text held until the first call completes ('' once it has, or once it was given back). */
  let pending = marker;
  let calls = 0;
  /** A possible `call` or `end` marker being matched. */
  let tag = '';
  let inner: Section | undefined;
  let state = GAP;
  let leftover = '';
  const ends = [options.end, ...(options.otherEnds ?? [])];
  unclosed.delete(callbacks);

  /** What is held goes out: as text, or, when a call `completed` (counted here), as markup dropped with it. */
  function release(completed?: boolean): void {
    if (completed) calls++;
    if (pending === '') return;
    if (completed) callbacks.onCallSegment?.(pending);
    else callbacks.onText(pending);
    pending = '';
  }

  /** The block is over without its end marker: what was held goes back as text. */
  function stop(extra: string, reason: string, code: ToolshimErrorCode = 'malformed-tool-call'): void {
    state = DONE;
    leftUnclosed(callbacks, calls);
    const text = pending + extra;
    release(); // nothing once a call completed
    if (extra !== '') callbacks.onText(extra);
    if (calls === 0) callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
  }

  const innerCallbacks = callbacksAround(callbacks, release);

  /**
   * Blanks before a marker, held with the begin marker until the first call completes, then dropped; after the
   * end marker (TRAILING: a block that produced calls), dropped with it.
   */
  function blanks(text: string, i: number): number {
    const c = text.charAt(i);
    if (!isSpace(c)) {
      state = state === GAP ? MARKER : DONE;
      return i;
    }
    if (calls === 0) pending += c;
    else callbacks.onCallSegment?.(c);
    if (pending.length > marker.length + MAX_SPACE)
      stop('', 'the tool-calls marker is followed by nothing but whitespace');
    return i + 1;
  }

  /** A call marker opens the next call; an end marker closes the block (an empty block is no call and no text). */
  function markerStep(text: string, i: number): number {
    const next = tag + text.charAt(i);
    if (next === options.call) {
      inner = options.openCall({ ...env, callbacks: innerCallbacks }, next);
      state = CALL;
    } else if (ends.includes(next)) {
      callbacks.onCallSegment?.(pending + next);
      pending = '';
      state = calls > 0 ? TRAILING : DONE;
    } else if (!options.call.startsWith(next) && !ends.some((e) => e.startsWith(next))) {
      stop(tag, 'the tool-calls marker is not followed by a call');
      return i;
    }
    tag = state === MARKER ? next : '';
    return i + 1;
  }

  function call(text: string, i: number): number {
    const section = inner as Section;
    const before = calls;
    const next = section.write(text, i);
    if (!section.done) return next;
    const again = section.leftover ?? '';
    if (calls === before) {
      // The call was malformed and went back as text, or ended on a marker it did not own: the block is over,
      // and the scanner reads the rest.
      leftUnclosed(callbacks, calls);
      leftover = again;
      state = DONE;
      return next;
    }
    // The call ended on a marker it did not own (`<|tool_call_begin|>` with no end before it): read it here, and
    // pass on to the scanner whatever this block does not take.
    state = GAP;
    if (again !== '') leftover = again.slice(write(again, 0));
    return next;
  }

  const steps = [blanks, markerStep, call, blanks];

  function write(text: string, from: number): number {
    let i = from;
    while (i < text.length && state !== DONE) i = (steps[state] as typeof blanks)(text, i);
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
        inner?.end();
        release(); // what is still held: the call completed nothing and gave nothing back
      }
      // A missing end marker at the very end still counts (stop reports nothing once a call completed); a partial
      // one stays text.
      else if (state < CALL) stop(tag, 'the output ended inside the tool-calls block', 'unclosed-tool-call');
      state = DONE;
    },
  };
}

/**
 * A call whose model skipped the begin marker: once it completes, the end
 * marker that may follow closes a block that produced a call, so it is dropped;
 * when it goes back as text, that end marker goes with it.
 */
export function openLooseCall(env: SectionEnv, marker: string, openCall: CallsBlockOptions['openCall']): Section {
  const { callbacks } = env;
  return openCall(
    {
      ...env,
      callbacks: {
        ...callbacks,
        onToolCallEnd: (call) => {
          unclosed.set(callbacks, 'calls');
          callbacks.onToolCallEnd(call);
        },
        onError: (message, meta) => {
          if (meta.code === 'malformed-tool-call' || meta.code === 'unclosed-tool-call')
            unclosed.set(callbacks, 'broken');
          callbacks.onError(message, meta);
        },
      },
    },
    marker,
  );
}

/**
 * The block's end marker where the scanner meets it on its own: markup,
 * dropped (it closes a block that produced calls, or comes alone), except
 * after a block or call that went back as text, whose text it ends.
 */
export function openCallsBlockEnd(env: SectionEnv, marker: string): Section {
  const last = unclosed.get(env.callbacks);
  unclosed.delete(env.callbacks);
  return last === 'broken' ? keepMarkerAsText(env, marker) : openSilentMarker(env, marker);
}
