/**
 * Pythonic tool calls: `[get_weather(city='SF', unit="c"), other()]`, as
 * Llama 3.2 (pythonic prompt), Llama 4 and LFM2 write them, and as Gemma 3
 * is often prompted to.
 *
 * Keyword values are Python literals: strings in either quote, numbers,
 * True/False/None, lists and dicts. The shared forgiving JSON reader already
 * reads exactly these (single quotes, Python constants), so each value goes
 * through a fresh reader straight into the call's ArgsStreamer, streaming
 * (pythonic-arguments.ts reads a call's arguments; this file, the calls).
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
import { type ArgumentStep, argumentReader, isIdent } from './pythonic-arguments.ts';

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
const NAME = 1;
/** The call's arguments, up to its `)` (pythonic-arguments.ts). */
const ARGUMENTS = 2;
const AFTER_CALL = 3;
const END = 4;
const DONE = 5;

export function openPythonic(env: SectionEnv, marker: string, options: PythonicOptions = {}): Section {
  let inList = options.listOpened === true;
  /** Calls of the open list, complete but held until the list closes. */
  let held: Array<Parameters<ParserCallbacks['onToolCallEnd']>[0]> = [];
  const sink = createCallSink(env.context, {
    ...env.callbacks,
    onToolCallEnd: (call) => (inList ? held.push(call) : env.callbacks.onToolCallEnd(call)),
  });
  const raw = createRawBlock(env.callbacks, marker);
  let state = options.listOpened ? NAME : OPEN;
  let undecided = options.declaredOnly === true;
  let word = '';
  let pendingName = '';
  let readArguments: ArgumentStep | undefined;
  let leftover = '';
  const endStep: ExpectStep | undefined = options.end === undefined ? undefined : expectStep([options.end]);

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    // The list's complete calls go back with it: no call of a list that is text runs.
    for (const call of held) env.callbacks.onToolCallAbort(call);
    held = [];
    raw.giveBack(undecided ? undefined : reason, code);
    state = DONE;
  }

  /** The list closed (or the output ended after a complete call): its calls are final. */
  function releaseCalls(): void {
    for (const call of held) env.callbacks.onToolCallEnd(call);
    held = [];
    inList = false;
  }

  /** Announces the call read by the Name state (once it is certainly one). */
  function startPending(): boolean {
    if (pendingName === '') return true;
    if (!sink.start(pendingName, undecided)) return false;
    sink.args.beginObject();
    pendingName = '';
    undecided = false;
    return true;
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
    const keep = () => raw.keepTo(i);
    const stop = (reason: string): number => {
      keep();
      fail(reason);
      return i;
    };
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      switch (state) {
        case OPEN:
          if (isSpace(c)) i++;
          else if (c === '[' && !inList) {
            inList = true;
            i++;
          } else if (isIdentStart(c)) state = NAME;
          else return stop('expected a call such as [name(arg=value)]');
          break;
        case NAME:
          if (isIdent(c) && word.length <= 128) {
            word += c;
            i++;
          } else if (c === '(' && isIdentStart(word.charAt(0))) {
            if (undecided && !env.context.tools.has(word)) return stop('not a declared tool');
            pendingName = word;
            // A bare `[get_weather(c) for c in xs]` is code: announce only once `name=` or `)` confirms a call.
            if (!undecided && !startPending()) return stop('not a tool name');
            word = '';
            i++;
            readArguments = argumentReader(sink, env.callbacks.onError, raw, startPending, endCall, fail);
            state = ARGUMENTS;
          } else if (isSpace(c) && word === '') i++;
          else return stop('expected a function name and "("');
          break;
        case ARGUMENTS:
          i = (readArguments as ArgumentStep)(text, i);
          break;
        case AFTER_CALL:
          if (isSpace(c)) i++;
          else if (c === ',' && inList) {
            i++;
            state = NAME;
          } else if (!inList && options.lines === true && isIdentStart(c)) {
            state = NAME; // the next call, on its own line
          } else if (c === ']' || !inList) {
            // The list's `]`, or what follows calls outside a list (whose calls are already final).
            if (inList) i++;
            keep();
            releaseCalls();
            state = endStep === undefined ? DONE : END;
            if (state === DONE) raw.commit();
          } else return stop('expected "," or "]" after a call');
          break;
        case END: {
          const step = (endStep as ExpectStep).read(text, i);
          i = step.i;
          if (step.tag !== undefined) {
            // A missing wrapper end still leaves a complete list; the rest is read again as prose.
            if (step.tag === false) leftover = step.carried;
            keep();
            raw.commit(leftover.length);
            state = DONE;
          }
          break;
        }
      }
    }
    keep();
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
      if (state === AFTER_CALL || state === END) {
        // A list left unclosed at the very end still holds only complete calls.
        releaseCalls();
        raw.commit();
        state = DONE;
      } else if (state === ARGUMENTS) (readArguments as ArgumentStep)('', 0);
      else if (state !== DONE) fail('the output ended inside the call', 'unclosed-tool-call');
    },
  };
}
