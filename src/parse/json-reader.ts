/**
 * An incremental, forgiving JSON reader. It takes text in any chunking and
 * reports structure to a JsonSink as soon as it is known, so a string value
 * streams out piece by piece instead of arriving whole at the end.
 *
 * Beyond strict JSON it accepts what small models write: single-quoted strings,
 * unquoted keys, trailing commas, Python literals (True/False/None) and raw
 * newlines inside strings.
 *
 * It never re-reads input: each character is looked at once, and state that
 * straddles a chunk boundary (an escape, a \u sequence, a bare word) is kept
 * in named fields below.
 */
import type { JsonSink } from './json-sink.ts';

const Expect = {
  Value: 0,
  ValueOrEnd: 1,
  KeyOrEnd: 2,
  Colon: 3,
  CommaOrEnd: 4,
  Done: 5,
} as const;
type Expect = (typeof Expect)[keyof typeof Expect];

const Escape = {
  None: 0,
  /** The chunk ended right after a backslash. */
  AfterBackslash: 1,
  /** Inside \uXXXX; `hex` holds the digits seen so far, possibly from an earlier chunk. */
  Unicode: 2,
} as const;
type Escape = (typeof Escape)[keyof typeof Escape];

export interface JsonReader {
  /**
   * Reads from `from` and returns where it stopped: `text.length` when all of
   * it was taken, or the index of the first character that is not JSON here.
   * After `done`, it stops at the first non-whitespace character.
   */
  write(text: string, from?: number): number;
  /** Ends the input: completes a trailing bare word (`42`, `true`). Returns `done`. */
  end(): boolean;
  /** The top-level value is complete. */
  readonly done: boolean;
  /** The top-level value has begun. */
  readonly started: boolean;
  /** Inside a string, where delimiters do not count. */
  readonly inString: boolean;
  /** Why the last stop happened, when it was not a clean `done`. */
  readonly problem: string | undefined;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
};

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
}

function isWordChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || // 0-9
    (c >= 65 && c <= 90) || // A-Z
    (c >= 97 && c <= 122) || // a-z
    c === 95 || // _
    c === 36 || // $
    c === 45 || // -
    c === 43 || // +
    c === 46 // .
  );
}

/** The value of a bare word in value position, or undefined if it is none. */
function bareValue(word: string): number | boolean | null | undefined {
  switch (word) {
    case 'true':
    case 'True':
      return true;
    case 'false':
    case 'False':
      return false;
    case 'null':
    case 'None':
      return null;
  }
  return NUMBER.test(word) ? Number(word) : undefined;
}

export function createJsonReader(sink: JsonSink): JsonReader {
  /** true for an array, false for an object. */
  const stack: boolean[] = [];
  let expect: Expect = Expect.Value;
  let started = false;
  let problem: string | undefined;

  // String state. `quote` is the opening quote's char code, 0 outside strings.
  let quote = 0;
  let stringIsKey = false;
  let keyParts: string[] = [];
  let escapeState: Escape = Escape.None;
  let hex = '';

  // Bare-word state: `word` accumulates across chunks until a non-word char.
  let inWord = false;
  let wordIsKey = false;
  let word = '';

  function afterValue(): void {
    expect = stack.length === 0 ? Expect.Done : Expect.CommaOrEnd;
  }

  function stringPiece(piece: string): void {
    if (piece === '') return;
    if (stringIsKey) keyParts.push(piece);
    else sink.stringChunk(piece);
  }

  function closeString(): void {
    quote = 0;
    if (stringIsKey) {
      sink.key(keyParts.join(''));
      keyParts = [];
      expect = Expect.Colon;
    } else {
      sink.endString();
      afterValue();
    }
  }

  /** Reads string content from i; returns the index after what it consumed. */
  function readString(text: string, i: number): number {
    const n = text.length;
    let runStart = i;
    // One piece per chunk, not one per escape: each piece becomes a tool-input-delta part downstream.
    let out = '';
    while (i < n) {
      if (escapeState === Escape.AfterBackslash) {
        const ch = text.charAt(i);
        i++;
        if (ch === 'u') {
          escapeState = Escape.Unicode;
          hex = '';
        } else {
          escapeState = Escape.None;
          out += SIMPLE_ESCAPES[ch] ?? ch;
        }
        runStart = i;
        continue;
      }
      if (escapeState === Escape.Unicode) {
        while (i < n && hex.length < 4) hex += text.charAt(i++);
        if (hex.length === 4) {
          escapeState = Escape.None;
          out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : `\\u${hex}`;
        }
        runStart = i;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === quote) {
        stringPiece(out + text.slice(runStart, i));
        closeString();
        return i + 1;
      }
      if (c === 92) {
        out += text.slice(runStart, i);
        escapeState = Escape.AfterBackslash;
        i++;
        runStart = i;
        continue;
      }
      i++;
    }
    stringPiece(out + text.slice(runStart, n));
    return n;
  }

  /** Completes a bare word; false if it is not a valid key or value. */
  function finishWord(): boolean {
    inWord = false;
    if (wordIsKey) {
      sink.key(word);
      expect = Expect.Colon;
      return true;
    }
    const value = bareValue(word);
    if (value === undefined) {
      problem = `"${word.slice(0, 40)}" is not a JSON value`;
      return false;
    }
    sink.scalar(value);
    afterValue();
    return true;
  }

  function stop(text: string, i: number): number {
    problem = `unexpected "${text.charAt(i)}"`;
    return i;
  }

  function write(text: string, from = 0): number {
    const n = text.length;
    let i = from;
    problem = undefined;
    while (i < n) {
      if (quote !== 0) {
        i = readString(text, i);
        continue;
      }
      if (inWord) {
        let j = i;
        while (j < n && isWordChar(text.charCodeAt(j))) j++;
        word += text.slice(i, j);
        i = j;
        // The word may go on in the next chunk; only a non-word char ends it.
        if (i < n && !finishWord()) return i;
        continue;
      }
      const c = text.charCodeAt(i);
      if (isWhitespace(c)) {
        i++;
        continue;
      }
      if (expect === Expect.Done) return i;
      const wantsValue = expect === Expect.Value || expect === Expect.ValueOrEnd;
      const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
      switch (c) {
        case 123: // {
          if (!wantsValue) return stop(text, i);
          started = true;
          sink.beginObject();
          stack.push(false);
          expect = Expect.KeyOrEnd;
          break;
        case 91: // [
          if (!wantsValue) return stop(text, i);
          started = true;
          sink.beginArray();
          stack.push(true);
          expect = Expect.ValueOrEnd;
          break;
        case 125: // }
          if (top !== false || (expect !== Expect.KeyOrEnd && expect !== Expect.CommaOrEnd)) return stop(text, i);
          stack.pop();
          sink.endObject();
          afterValue();
          break;
        case 93: // ]
          if (top !== true || (expect !== Expect.ValueOrEnd && expect !== Expect.CommaOrEnd)) return stop(text, i);
          stack.pop();
          sink.endArray();
          afterValue();
          break;
        case 44: // ,
          if (expect !== Expect.CommaOrEnd) return stop(text, i);
          // "-OrEnd" after a comma is what lets a trailing comma through.
          expect = top ? Expect.ValueOrEnd : Expect.KeyOrEnd;
          break;
        case 58: // :
          if (expect !== Expect.Colon) return stop(text, i);
          expect = Expect.Value;
          break;
        case 34: // "
        case 39: // '
          if (wantsValue) {
            started = true;
            stringIsKey = false;
            sink.beginString();
          } else if (expect === Expect.KeyOrEnd) {
            stringIsKey = true;
          } else {
            return stop(text, i);
          }
          quote = c;
          break;
        default:
          if (!isWordChar(c) || !(wantsValue || expect === Expect.KeyOrEnd)) return stop(text, i);
          started = true;
          inWord = true;
          wordIsKey = expect === Expect.KeyOrEnd;
          word = '';
          continue; // the word loop consumes it
      }
      i++;
    }
    return n;
  }

  return {
    write,
    end() {
      if (inWord) finishWord();
      return expect === Expect.Done;
    },
    get done() {
      return expect === Expect.Done;
    },
    get started() {
      return started;
    },
    get inString() {
      return quote !== 0;
    },
    get problem() {
      return problem;
    },
  };
}
