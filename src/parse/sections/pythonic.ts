/**
 * Pythonic tool calls: `[get_weather(city='SF', unit="c"), other()]`, as
 * Llama 3.2 (pythonic prompt), Llama 4 and LFM2 write them, and as Gemma 3
 * is often prompted to.
 *
 * Keyword values are Python literals: strings in either quote, numbers,
 * True/False/None, lists and dicts. The shared forgiving JSON reader already
 * reads exactly these (single quotes, Python constants), so each value goes
 * through a fresh reader straight into the call's ArgsStreamer, streaming
 * (pythonic-arguments.ts reads each call, its name and arguments; this file,
 * the list around them).
 *
 * `[` is ordinary text, so with `declaredOnly` the list only counts once its
 * first call names a declared tool followed by `(`; anything else goes back
 * as prose, silently.
 *
 * The calls of a list are final only at its `]`. Once the list has proved to
 * be calls (its opener is the family's token, or a call named a declared
 * tool), an element that is no call costs only itself: it is skipped to the
 * next `,` or `]` (pythonic-list.ts), the calls around it run, and its text
 * goes back after them with the reason (vLLM's pythonic parser evaluates the
 * whole list and keeps all of it as content instead). A list with no call in
 * it stays text.
 */

import { isIdentStart, isSpace } from '../../json/chars.ts';
import { createCallSink } from '../engine/call-sink.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { expectStep } from '../engine/tag-steps.ts';
import { type CallStep, callReader } from './pythonic-arguments.ts';
import { createHeldCalls, createPythonicList } from './pythonic-list.ts';

export interface PythonicOptions {
  /** The trigger already opened the list (`[`). */
  listOpened?: boolean;
  /** A wrapper token that closes the section (`<|python_end|>`, `<|tool_call_end|>`). */
  end?: string;
  /** Only count calls whose first name is a declared tool. */
  declaredOnly?: boolean;
  /** Calls one per line instead of in a list (OLMo 3's `<function_calls>` block). */
  lines?: boolean;
}

// What the section reads next:
const OPEN = 0;
/** A call, from its name up to its `)` (pythonic-arguments.ts). */
const CALL = 1;
const AFTER_CALL = 2;
const END = 3;
const DONE = 4;

type GiveBackCode = 'malformed-tool-call' | 'unclosed-tool-call';

/**
 * After the list, the wrapper's end token: `finish` hears where the section
 * is over, and what goes back to the scanner when the token is missing (the
 * list still stands; the rest is read again as prose). Called with no text,
 * the output ended there.
 */
function wrapperEnd(end: string, finish: (at: number, rest?: string) => number): CallStep {
  const expect = expectStep([end]);
  return (text, i) => {
    if (text === '') return finish(i);
    const step = expect.read(text, i);
    // `carried` is '' when the token was there.
    return step.tag === undefined ? step.i : finish(step.i, step.carried);
  };
}

export function openPythonic(env: SectionEnv, marker: string, options: PythonicOptions = {}): Section {
  const { callbacks } = env;
  let inList = options.listOpened;
  /** Complete calls, held until they are final (see endCall). */
  const held = createHeldCalls(callbacks);
  const sink = createCallSink(env.context, { ...callbacks, onToolCallEnd: held.hold }, true);
  const raw = createRawBlock(callbacks, marker);
  let state = OPEN;
  let undecided = options.declaredOnly;
  /** What reads the text in CALL (the call) and END (the wrapper's end token). */
  let step: CallStep | undefined;
  let leftover = '';
  const listElements = createPythonicList(raw, callbacks.onError, { next: startCall, close: closeList });

  /** The text up to `at` is no call list (the output's end: 0, all was kept): it goes back, with its calls. */
  function stop(reason: string, at: number, code?: GiveBackCode): number {
    raw.keepTo(at);
    // Undecided, a call not yet announced was never meant as one: nothing to report.
    const quiet = undecided && !sink.open;
    sink.abort();
    // The list's complete calls go back with it: no call of a list that is text runs.
    held.abort();
    raw.giveBack(quiet ? undefined : reason, code);
    state = DONE;
    return at;
  }

  /** The section is over at `at`, its calls final; `rest` goes back to the scanner. */
  function finish(at: number, rest = ''): number {
    leftover = rest;
    raw.keepTo(at);
    raw.commit(rest.length);
    state = DONE;
    return at;
  }

  /** The list closed at `at` (or the output ended after a complete call): its calls are final. */
  function closeList(at: number): number {
    // Elements broke and no call came: the list is text, as a list of no calls is.
    if (held.count === 0 && listElements.failure !== '') return stop(listElements.failure, at);
    held.release();
    if (inList) listElements.callsOut();
    if (options.end === undefined) return finish(at);
    step = wrapperEnd(options.end, finish);
    state = END;
    return at;
  }

  /** A call begins at `i`, at its name or the blanks before it; while undecided, only a declared tool counts. */
  function startCall(i: number): number {
    const declared = undecided ? env.context.tools : undefined;
    // A call that breaks in a list proved to be calls costs only its element (skipped to its end).
    const broke: typeof stop = (reason, at, code) =>
      inList && !undecided ? listElements.broke(reason, at, code, sink) : stop(reason, at, code);
    step = callReader(sink, callbacks.onError, declared, endCall, broke);
    if (inList) step = listElements.start(i, step);
    state = CALL;
    return i;
  }

  /**
   * The call ended at its `)`, read up to `at`. Outside a list the call is
   * final at once, even if a later one breaks (a later broken call gives back
   * only its own text); in a list, at the `]`.
   */
  function endCall(at: number): void {
    state = AFTER_CALL;
    undecided = false;
    if (inList) return;
    raw.keepTo(at);
    raw.settle();
    held.release();
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      if (state === CALL || state === END) i = (step as CallStep)(text, i);
      // OPEN and AFTER_CALL skip the blanks around the calls.
      else if (isSpace(c)) i++;
      else if (state === OPEN) {
        if (c === '[' && !inList) {
          inList = true;
          i++;
        } else if (isIdentStart(c)) startCall(i);
        else return stop('expected a call such as [name(arg=value)]', i);
      }
      // AFTER_CALL: `,` and the next call, or (`lines`) the next call on its own line; the list's `]`, or what
      // follows calls outside a list (whose calls are final already).
      else if (c === ',' && inList) i = startCall(i + 1);
      else if (!inList && options.lines && isIdentStart(c)) startCall(i);
      else if (c === ']' || !inList) i = closeList(inList ? i + 1 : i);
      else return stop('expected "," or "]" after a call', i);
    }
    raw.keepTo(i);
    return i;
  }

  if (inList) startCall(0);

  return {
    write,
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      // A list left unclosed at the very end keeps its complete calls; an element cut off there is text.
      if (state === AFTER_CALL) closeList(0);
      if (state === CALL) (step as CallStep)('', 0);
      if (state === END) (step as CallStep)('', 0);
      else if (state !== DONE) stop('the output ended inside the call', 0, 'unclosed-tool-call');
    },
  };
}
