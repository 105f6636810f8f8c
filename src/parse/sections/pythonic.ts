/**
 * Pythonic tool calls: `[get_weather(city='SF', unit="c"), other()]`, as
 * Llama 3.2 (pythonic prompt), Llama 4 and LFM2 write them, and as Gemma 3
 * is often prompted to.
 *
 * Keyword values are Python literals: strings in either quote, numbers,
 * True/False/None, lists and dicts. The shared forgiving JSON reader already
 * reads exactly these (single quotes, Python constants), so each value goes
 * through a fresh reader straight into the call's ArgsStreamer, streaming.
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
import type { JsonSink } from '../../json/json-sink.ts';
import type { OnToolshimError } from '../../types.ts';
import { createCallSink } from '../call-sink.ts';
import type { ParserCallbacks } from '../events.ts';
import { createPythonValueReader, type PythonValueReader } from '../python-value-reader.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { type ExpectStep, expectStep } from '../tag-steps.ts';

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
const ARG_OR_CLOSE = 2;
const ARG_NAME = 3;
const EQUALS = 4;
const VALUE = 5;
const AFTER_VALUE = 6;
const AFTER_CALL = 7;
const END = 8;
const DONE = 9;
/** A value that is no literal (`city=home_city`, `n=len(x)`): its text up to the next `,` or `)`. */
const EXPRESSION = 10;

function isIdent(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c === '.' || c === '-';
}

/** `args`, calling `started` whenever a value starts (a value's first event is always one of these four). */
function watchStarts(args: JsonSink, started: () => void): JsonSink {
  return {
    beginObject() {
      started();
      args.beginObject();
    },
    endObject: args.endObject,
    beginArray() {
      started();
      args.beginArray();
    },
    endArray: args.endArray,
    key: args.key,
    beginString() {
      started();
      args.beginString();
    },
    stringChunk: args.stringChunk,
    endString: args.endString,
    scalar(value) {
      started();
      args.scalar(value);
    },
  };
}

/** An expression (`text`) for the value of the argument `name`: its text becomes the value, and onError says so. */
function keepExpression(args: JsonSink, onError: OnToolshimError, toolName: string, name: string, text: string): void {
  args.beginString();
  if (text !== '') args.stringChunk(text);
  args.endString();
  onError(
    `The argument "${name}" of "${toolName}" is not a Python literal (${text.slice(0, 60)}); it was passed as that text.`,
    { code: 'invalid-argument', toolName, text },
  );
}

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
  let reader: PythonValueReader | undefined;
  let leftover = '';
  /** Values the literal reader started in the arguments: a value that broke before any can still be recovered. */
  let valueStarts = 0;
  let argName = '';
  /** An expression value being skipped: its text, bracket depth and open quote. */
  let expression = '';
  let depth = 0;
  let exprQuote = '';

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
   * The call's `)` was read, up to `at`. Outside a list the call is final at
   * once, even if a later one breaks (a later broken call gives back only its
   * own text); in a list, at the `]`.
   */
  function endCall(at: number): void {
    sink.args.endObject();
    sink.end();
    state = AFTER_CALL;
    if (inList) return;
    raw.keepTo(at);
    raw.settle();
  }

  function afterList(): void {
    state = endStep === undefined ? DONE : END;
    if (state === DONE) raw.commit();
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
            state = ARG_OR_CLOSE;
          } else if (isSpace(c) && word === '') i++;
          else return stop('expected a function name and "("');
          break;
        case ARG_OR_CLOSE:
        case ARG_NAME:
          if (isSpace(c) && word === '') i++;
          else if (state === ARG_OR_CLOSE && c === ')') {
            if (!startPending()) return stop('not a tool name');
            endCall(++i);
          } else if (isIdent(c) && (word !== '' || isIdentStart(c))) {
            word += c;
            i++;
            state = ARG_NAME;
          } else if (state === ARG_NAME) state = EQUALS;
          else return stop('expected a keyword argument or ")"');
          break;
        case EQUALS:
          if (isSpace(c)) i++;
          else if (c === '=') {
            if (!startPending()) return stop('not a tool name');
            sink.args.key(word);
            argName = word;
            word = '';
            valueStarts = 0;
            expression = '';
            reader = createPythonValueReader(watchStarts(sink.args, () => valueStarts++));
            i++;
            state = VALUE;
          } else return stop('positional arguments are not supported; use name=value');
          break;
        case VALUE: {
          const value = reader as PythonValueReader;
          const at = i;
          i = value.write(text, i);
          // While nothing of the value went out, its text is kept: it may turn out to be an expression.
          if (valueStarts === 0) expression += text.slice(at, i);
          else expression = '';
          if (value.done) {
            expression = '';
            state = AFTER_VALUE;
          } else if (i < n && valueStarts === 0) {
            // Not a literal, and nothing of it went out yet: read it as an expression, so one bad
            // argument costs neither its siblings nor the call.
            depth = 0;
            exprQuote = '';
            state = EXPRESSION;
          } else if (i < n) return stop(value.problem ?? 'the value is not a Python literal');
          break;
        }
        case EXPRESSION: {
          if (exprQuote !== '') {
            if (c === exprQuote) exprQuote = '';
          } else if (c === "'" || c === '"') exprQuote = c;
          else if (c === '(' || c === '[' || c === '{') depth++;
          else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
          else if (depth === 0 && (c === ',' || c === ')')) {
            keepExpression(sink.args, env.callbacks.onError, sink.toolName, argName, expression.trim());
            state = AFTER_VALUE;
            break; // `c` is read again after the value
          }
          expression += c;
          i++;
          if (expression.length > 4096) return stop('an argument value never ended');
          break;
        }
        case AFTER_VALUE:
          if (isSpace(c)) i++;
          else if (c === ',') {
            i++;
            state = ARG_OR_CLOSE;
          } else if (c === ')')
            state = ARG_OR_CLOSE; // the call's end, read there
          else return stop('expected "," or ")" after a value');
          break;
        case AFTER_CALL:
          if (isSpace(c)) i++;
          else if (c === ',' && inList) {
            i++;
            state = NAME;
          } else if (c === ']' && inList) {
            i++;
            keep();
            releaseCalls();
            afterList();
          } else if (!inList && options.lines === true && isIdentStart(c)) {
            state = NAME; // the next call, on its own line
          } else if (!inList) {
            keep();
            afterList();
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
            return i;
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
      if (state === VALUE && reader?.end()) state = AFTER_VALUE;
      if (state === EXPRESSION) {
        fail('the output ended inside an argument value', 'unclosed-tool-call');
        return;
      }
      if (state === AFTER_CALL || state === END) {
        // A list left unclosed at the very end still holds only complete calls.
        releaseCalls();
        raw.commit();
        state = DONE;
      } else if (state !== DONE) {
        fail(
          reader?.inString && state === VALUE ? 'the output ended inside a string' : 'the output ended inside the call',
          'unclosed-tool-call',
        );
      }
    },
  };
}
