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
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import { createCallSink } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../scanner.ts';
import { type ExpectStep, expectStep } from '../tag-steps.ts';

export interface PythonicOptions {
  /** The trigger already opened the list (`[`). */
  listOpened?: boolean;
  /** A wrapper token that closes the section (`<|python_end|>`, `<|tool_call_end|>`). */
  end?: string;
  /** Only count calls whose first name is a declared tool. */
  declaredOnly?: boolean;
}

const State = {
  Open: 0,
  Name: 1,
  ArgOrClose: 2,
  ArgName: 3,
  Equals: 4,
  Value: 5,
  AfterValue: 6,
  AfterCall: 7,
  End: 8,
  Done: 9,
} as const;
type State = (typeof State)[keyof typeof State];

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdent(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c === '.' || c === '-';
}

export function openPythonic(env: SectionEnv, marker: string, options: PythonicOptions = {}): Section {
  const sink = createCallSink(env.context, env.callbacks);
  const raw = createRawBlock(env.callbacks, marker);
  let state: State = options.listOpened ? State.Name : State.Open;
  let inList = options.listOpened === true;
  let undecided = options.declaredOnly === true;
  let word = '';
  let pendingName = '';
  let reader: JsonReader | undefined;
  let leftover = '';
  const endStep: ExpectStep | undefined = options.end === undefined ? undefined : expectStep([options.end]);

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    raw.giveBack(undecided ? undefined : reason, code);
    state = State.Done;
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

  /** Closes the call; the calls so far are final even if a later one breaks. */
  function endCall(): void {
    sink.args.endObject();
    sink.end();
    state = State.AfterCall;
  }

  function afterList(): void {
    state = endStep === undefined ? State.Done : State.End;
    if (state === State.Done) raw.commit();
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    let segmentStart = from;
    const keep = () => {
      raw.keep(text.slice(segmentStart, i));
      segmentStart = i;
    };
    const stop = (reason: string): number => {
      keep();
      fail(reason);
      return i;
    };
    while (i < n && state !== State.Done) {
      const c = text.charAt(i);
      switch (state) {
        case State.Open:
          if (isSpace(c)) i++;
          else if (c === '[' && !inList) {
            inList = true;
            i++;
          } else if (isIdentStart(c)) state = State.Name;
          else return stop('expected a call such as [name(arg=value)]');
          break;
        case State.Name:
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
            state = State.ArgOrClose;
          } else if (isSpace(c) && word === '') i++;
          else return stop('expected a function name and "("');
          break;
        case State.ArgOrClose:
        case State.ArgName:
          if (isSpace(c) && word === '') i++;
          else if (state === State.ArgOrClose && c === ')') {
            if (!startPending()) return stop('not a tool name');
            i++;
            endCall();
            // The call is final: a later broken call gives back only its own text.
            keep();
            raw.settle();
          } else if (isIdent(c) && (word !== '' || isIdentStart(c))) {
            word += c;
            i++;
            state = State.ArgName;
          } else if (state === State.ArgName) state = State.Equals;
          else return stop('expected a keyword argument or ")"');
          break;
        case State.Equals:
          if (isSpace(c)) i++;
          else if (c === '=') {
            if (!startPending()) return stop('not a tool name');
            sink.args.key(word);
            word = '';
            reader = createJsonReader(sink.args);
            i++;
            state = State.Value;
          } else return stop('positional arguments are not supported; use name=value');
          break;
        case State.Value: {
          const value = reader as JsonReader;
          i = value.write(text, i);
          if (value.done) state = State.AfterValue;
          else if (i < n) return stop(value.problem ?? 'the value is not a Python literal');
          break;
        }
        case State.AfterValue:
          if (isSpace(c)) i++;
          else if (c === ',') {
            i++;
            state = State.ArgOrClose;
          } else if (c === ')') {
            i++;
            endCall();
            keep();
            raw.settle();
          } else return stop('expected "," or ")" after a value');
          break;
        case State.AfterCall:
          if (isSpace(c)) i++;
          else if (c === ',' && inList) {
            i++;
            state = State.Name;
          } else if (c === ']' && inList) {
            i++;
            keep();
            afterList();
          } else if (!inList) {
            keep();
            afterList();
          } else return stop('expected "," or "]" after a call');
          break;
        case State.End: {
          const step = (endStep as ExpectStep).read(text, i);
          i = step.i;
          if (step.tag !== undefined) {
            // A missing wrapper end still leaves a complete list; the rest is read again as prose.
            if (step.tag === false) leftover = step.carried;
            keep();
            raw.commit(leftover.length);
            state = State.Done;
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
      return state === State.Done;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (state === State.Value && reader?.end()) state = State.AfterValue;
      if (state === State.AfterCall || state === State.End) {
        raw.commit();
        state = State.Done;
      } else if (state !== State.Done) {
        fail(
          reader?.inString && state === State.Value
            ? 'the output ended inside a string'
            : 'the output ended inside the call',
          'unclosed-tool-call',
        );
      }
    },
  };
}
