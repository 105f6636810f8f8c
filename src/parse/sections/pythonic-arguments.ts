/**
 * One pythonic call, `get_weather(city='SF', unit="c")`, read from its name
 * up to its `)` (pythonic.ts reads the list around the calls). Each value is a Python literal that goes through a fresh reader
 * straight into the call's arguments, streaming; a value that is no literal
 * (`city=home_city`, `n=len(x)`) is passed as its text, so one bad argument
 * costs neither its siblings nor the call.
 */

import { isIdentStart, isSpace } from '../../json/chars.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import type { OnToolshimError } from '../../types.ts';
import type { CallSink } from '../engine/call-sink.ts';
import { createPythonValueReader, type PythonValueReader } from '../readers/python-value-reader.ts';

export function isIdent(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c === '.' || c === '-';
}

/**
 * `args`, calling `started` whenever a value starts (a value's first event is
 * always one of these four); its other events go to `args` unchanged.
 */
function watchStarts(args: JsonSink, started: () => void): JsonSink {
  return {
    ...args,
    beginObject() {
      started();
      args.beginObject();
    },
    beginArray() {
      started();
      args.beginArray();
    },
    beginString() {
      started();
      args.beginString();
    },
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

/**
 * Reads one step of the call at `i` (a character, or as much of a literal
 * as the chunk holds) and returns where it stopped. Called with no text, it
 * hears that the output ended inside the call.
 */
export type CallStep = (text: string, i: number) => number;

// What the call reader reads next:
/** The function name, and the blanks before it. */
const NAME = 0;
const ARG_OR_CLOSE = 1;
const ARG_NAME = 2;
const EQUALS = 3;
const VALUE = 4;
/** A value that is no literal: its text up to the next `,` or `)`. */
const EXPRESSION = 5;
const AFTER_VALUE = 6;

/**
 * Announces the call named `name` in `sink` once it is certainly one (false:
 * it is no call; with `declared`, only a declared tool's is); again, nothing.
 */
function announce(sink: CallSink, name: string, declared: ReadonlyMap<string, unknown> | undefined): boolean {
  if (sink.open) return true;
  if (!sink.start(name, !!declared)) return false;
  sink.args.beginObject();
  return true;
}

/** Why the output's end in `state` breaks the call (`value`: the literal being read in VALUE). */
function endedInside(state: number, value: PythonValueReader | undefined): string {
  if (state === EXPRESSION) return 'the output ended inside an argument value';
  // A trailing literal is complete at the end (its call still is not).
  if (state === VALUE && !value?.end() && value?.inString) return 'the output ended inside a string';
  return 'the output ended inside the call';
}

/**
 * The reader of one call, its arguments going to `sink`. With `declared`
 * (the list is not yet known to be calls) only a declared tool's name
 * counts. The call is announced once it is certainly one; at its `)` the
 * reader ends it and tells `ended`, the text read up to `at`. What breaks
 * the call goes to `stop`, with the index its text is kept up to.
 */
export function callReader(
  sink: CallSink,
  onError: OnToolshimError,
  declared: ReadonlyMap<string, unknown> | undefined,
  ended: (at: number) => void,
  stop: (reason: string, at: number, code?: 'unclosed-tool-call') => number,
): CallStep {
  let state = NAME;
  let name = '';
  let word = '';
  let key = '';
  let value: PythonValueReader | undefined;
  /** Values the literal reader started in the arguments: a value that broke before any can still be recovered. */
  let valueStarts = 0;
  /** An expression value being skipped: its text, bracket depth and open quote. */
  let expression = '';
  let depth = 0;
  let quote = '';

  return (text, i) => {
    if (text === '') return stop(endedInside(state, value), i, 'unclosed-tool-call');
    const c = text.charAt(i);
    switch (state) {
      case NAME:
        if (isIdent(c) && word.length <= 128) {
          word += c;
          i++;
        } else if (c === '(' && isIdentStart(word.charAt(0))) {
          if (declared && !declared.has(word)) return stop('not a declared tool', i);
          name = word;
          // A bare `[get_weather(c) for c in xs]` is code: announce only once `name=` or `)` confirms a call.
          if (!declared && !announce(sink, name, declared)) return stop('not a tool name', i);
          word = '';
          i++;
          state = ARG_OR_CLOSE;
        } else if (isSpace(c) && word === '') i++;
        else return stop('expected a function name and "("', i);
        break;
      case ARG_OR_CLOSE:
      case ARG_NAME:
        if (isSpace(c) && word === '') i++;
        else if (state === ARG_OR_CLOSE && c === ')') {
          if (!announce(sink, name, declared)) return stop('not a tool name', i);
          sink.args.endObject();
          sink.end();
          ended(++i);
        } else if (isIdent(c) && (word !== '' || isIdentStart(c))) {
          word += c;
          i++;
          state = ARG_NAME;
        } else if (state === ARG_NAME) state = EQUALS;
        else return stop('expected a keyword argument or ")"', i);
        break;
      case EQUALS:
        if (isSpace(c)) i++;
        else if (c === '=') {
          if (!announce(sink, name, declared)) return stop('not a tool name', i);
          sink.args.key(word);
          key = word;
          word = '';
          valueStarts = 0;
          expression = '';
          value = createPythonValueReader(watchStarts(sink.args, () => valueStarts++));
          i++;
          state = VALUE;
        } else return stop('positional arguments are not supported; use name=value', i);
        break;
      case VALUE: {
        const literal = value as PythonValueReader;
        const at = i;
        i = literal.write(text, i);
        // While nothing of the value went out, its text is kept: it may turn out to be an expression.
        if (valueStarts === 0) expression += text.slice(at, i);
        else expression = '';
        if (literal.done) {
          expression = '';
          state = AFTER_VALUE;
        } else if (i < text.length && valueStarts === 0) {
          // Not a literal, and nothing of it went out yet: read it as an expression.
          depth = 0;
          quote = '';
          state = EXPRESSION;
        } else if (i < text.length) return stop(literal.problem ?? 'the value is not a Python literal', i);
        break;
      }
      case EXPRESSION:
        if (quote !== '') {
          if (c === quote) quote = '';
        } else if (c === "'" || c === '"') quote = c;
        else if (c === '(' || c === '[' || c === '{') depth++;
        else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
        else if (depth === 0 && (c === ',' || c === ')')) {
          keepExpression(sink.args, onError, sink.toolName, key, expression.trim());
          state = AFTER_VALUE;
          break; // `c` is read again after the value
        }
        expression += c;
        i++;
        if (expression.length > 4096) return stop('an argument value never ended', i);
        break;
      case AFTER_VALUE:
        if (isSpace(c)) i++;
        else if (c === ',') {
          i++;
          state = ARG_OR_CLOSE;
        } else if (c === ')')
          state = ARG_OR_CLOSE; // the call's end, read there
        else return stop('expected "," or ")" after a value', i);
        break;
    }
    return i;
  };
}
