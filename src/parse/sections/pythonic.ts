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
 * A list is a call list or it is text, as Python's own reading of it decides
 * (vLLM's pythonic parser evaluates the whole list and keeps it as content
 * when an element is no call): the calls of a list are final only at its `]`,
 * and `[f(a=1), 42]` stays text, `f` included.
 */

import { isIdentStart, isSpace } from '../../json/chars.ts';
import { createCallSink } from '../call-sink.ts';
import type { ParserCallbacks } from '../events.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { type ExpectStep, expectStep } from '../tag-steps.ts';
import { type CallStep, callReader } from './pythonic-arguments.ts';

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

export function openPythonic(env: SectionEnv, marker: string, options: PythonicOptions = {}): Section {
  let inList = options.listOpened === true;
  /** Calls of the open list, complete but held until the list closes. */
  let held: Array<Parameters<ParserCallbacks['onToolCallEnd']>[0]> = [];
  const sink = createCallSink(env.context, {
    ...env.callbacks,
    onToolCallEnd: (call) => (inList ? held.push(call) : env.callbacks.onToolCallEnd(call)),
  });
  const raw = createRawBlock(env.callbacks, marker);
  let state = OPEN;
  let undecided = options.declaredOnly === true;
  let readCall: CallStep | undefined;
  let leftover = '';
  const endStep: ExpectStep | undefined = options.end === undefined ? undefined : expectStep([options.end]);

  /** The text up to `at` is no call list (the output's end: 0, all was kept): it goes back, with its calls. */
  function stop(reason: string, at: number, code: GiveBackCode = 'malformed-tool-call'): number {
    raw.keepTo(at);
    sink.abort();
    // The list's complete calls go back with it: no call of a list that is text runs.
    for (const call of held) env.callbacks.onToolCallAbort(call);
    held = [];
    raw.giveBack(undecided ? undefined : reason, code);
    state = DONE;
    return at;
  }

  /** The list closed (or the output ended after a complete call): its calls are final. */
  function releaseCalls(): void {
    for (const call of held) env.callbacks.onToolCallEnd(call);
    held = [];
    inList = false;
  }

  /** Announces the call named `name` once it is certainly one (false: it is no call); again, nothing. */
  function confirm(name: string): boolean {
    if (sink.open) return true;
    if (!sink.start(name, undecided)) return false;
    sink.args.beginObject();
    undecided = false;
    return true;
  }

  /** A call begins at `i`, at its name or the blanks before it; while undecided, only a declared tool counts. */
  function startCall(i: number): number {
    const declared = undecided ? env.context.tools : undefined;
    readCall = callReader(sink, env.callbacks.onError, declared, confirm, endCall, stop);
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
    if (inList) return;
    raw.keepTo(at);
    raw.settle();
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      switch (state) {
        case OPEN:
          if (isSpace(c)) i++;
          else if (c === '[' && !inList) {
            inList = true;
            i++;
          } else if (isIdentStart(c)) startCall(i);
          else return stop('expected a call such as [name(arg=value)]', i);
          break;
        case CALL:
          i = (readCall as CallStep)(text, i);
          break;
        case AFTER_CALL:
          if (isSpace(c)) i++;
          else if (c === ',' && inList) i = startCall(i + 1);
          else if (!inList && options.lines === true && isIdentStart(c)) {
            startCall(i); // the next call, on its own line
          } else if (c === ']' || !inList) {
            // The list's `]`, or what follows calls outside a list (whose calls are already final).
            if (inList) i++;
            raw.keepTo(i);
            releaseCalls();
            state = endStep === undefined ? DONE : END;
            if (state === DONE) raw.commit();
          } else return stop('expected "," or "]" after a call', i);
          break;
        case END: {
          const step = (endStep as ExpectStep).read(text, i);
          i = step.i;
          if (step.tag !== undefined) {
            // A missing wrapper end still leaves a complete list; the rest is read again as prose.
            if (step.tag === false) leftover = step.carried;
            raw.keepTo(i);
            raw.commit(leftover.length);
            state = DONE;
          }
          break;
        }
      }
    }
    raw.keepTo(i);
    return i;
  }

  if (options.listOpened) startCall(0);

  return {
    write,
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (state === AFTER_CALL || state === END) {
        // A list left unclosed at the very end still holds only complete calls.
        releaseCalls();
        raw.commit();
        state = DONE;
      } else if (state === CALL) (readCall as CallStep)('', 0);
      else if (state !== DONE) stop('the output ended inside the call', 0, 'unclosed-tool-call');
    },
  };
}
