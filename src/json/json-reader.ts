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
import { isSpaceCode, NUMERAL } from './chars.ts';
import { MAX_NESTING } from './depth.ts';
import type { JsonSink } from './json-sink.ts';

// What the reader expects next, outside strings:
const EXPECT_VALUE = 0;
const EXPECT_VALUE_OR_END = 1;
const EXPECT_KEY_OR_END = 2;
const EXPECT_COLON = 3;
const EXPECT_COMMA_OR_END = 4;
const EXPECT_DONE = 5;
type Expect =
  | typeof EXPECT_VALUE
  | typeof EXPECT_VALUE_OR_END
  | typeof EXPECT_KEY_OR_END
  | typeof EXPECT_COLON
  | typeof EXPECT_COMMA_OR_END
  | typeof EXPECT_DONE;

const ESCAPE_NONE = 0;
/** The chunk ended right after a backslash. */
const ESCAPE_AFTER_BACKSLASH = 1;
/** Inside \uXXXX; `hex` holds the digits seen so far, possibly from an earlier chunk. */
const ESCAPE_UNICODE = 2;
type Escape = typeof ESCAPE_NONE | typeof ESCAPE_AFTER_BACKSLASH | typeof ESCAPE_UNICODE;

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
  /**
   * While the sink handles a closing `}` or `]`: that bracket's index in the
   * text being written. Sections use it to know where a call ended inside a chunk.
   */
  readonly index: number;
  /** How many objects and arrays are open. */
  readonly depth: number;
}

/** Escapes that stand for another character; any other escaped character (`\"`, `\\`, `\/`, `\'`) is itself. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

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

/**
 * The value of a bare word in value position, or undefined if it is none. A
 * switch: a table lookup made number-heavy arguments ~15% slower.
 */
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
  return NUMERAL.test(word) ? Number(word) : undefined;
}

export interface JsonReaderOptions {
  /**
   * Asked after each value event: true stops the reader right after the
   * character that caused it (the sink found the JSON is not what it wants),
   * so where reading stopped does not depend on how the text was chunked.
   */
  halted?: () => boolean;
}

export function createJsonReader(sink: JsonSink, options: JsonReaderOptions = {}): JsonReader {
  const halted = options.halted ?? (() => false);
  /** true for an array, false for an object. */
  const stack: boolean[] = [];
  let expect: Expect = EXPECT_VALUE;
  let started = false;
  let problem: string | undefined;
  let index = -1;

  // String state. `quote` is the opening quote's char code, 0 outside strings.
  let quote = 0;
  let stringIsKey = false;
  let keyParts: string[] = [];
  let escapeState: Escape = ESCAPE_NONE;
  let hex = '';

  // Bare-word state: `word` accumulates across chunks until a non-word char.
  let inWord = false;
  let wordIsKey = false;
  let word = '';

  function afterValue(): void {
    expect = stack.length === 0 ? EXPECT_DONE : EXPECT_COMMA_OR_END;
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
      expect = EXPECT_COLON;
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
      if (escapeState === ESCAPE_AFTER_BACKSLASH) {
        const ch = text.charAt(i);
        i++;
        if (ch === 'u') {
          escapeState = ESCAPE_UNICODE;
          hex = '';
        } else {
          escapeState = ESCAPE_NONE;
          out += ESCAPES[ch] ?? ch;
        }
        runStart = i;
        continue;
      }
      if (escapeState === ESCAPE_UNICODE) {
        while (i < n && hex.length < 4) hex += text.charAt(i++);
        if (hex.length === 4) {
          escapeState = ESCAPE_NONE;
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
        escapeState = ESCAPE_AFTER_BACKSLASH;
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
      expect = EXPECT_COLON;
      return true;
    }
    const value = bareValue(word);
    if (value === undefined) {
      problem = `"${word.slice(0, 40)}" is not a JSON value`;
      return false;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      // `1e999`: no JSON number can hold it. The text stays as written (a string) rather than
      // turning into null; validation against the tool's schema then names the argument.
      sink.beginString();
      sink.stringChunk(word);
      sink.endString();
      afterValue();
      return true;
    }
    sink.scalar(value);
    afterValue();
    return true;
  }

  function stop(text: string, i: number): number {
    problem = `unexpected "${text.charAt(i)}"`;
    return i;
  }

  /** Deeper than anything downstream may walk (depth.ts): not taken as a value. */
  function tooDeep(i: number): number {
    problem = `it nests deeper than ${MAX_NESTING} levels`;
    return i;
  }

  function write(text: string, from = 0): number {
    const n = text.length;
    let i = from;
    problem = undefined;
    while (i < n) {
      if (quote !== 0) {
        i = readString(text, i);
        if (quote === 0 && halted()) return i;
        continue;
      }
      if (inWord) {
        let j = i;
        while (j < n && isWordChar(text.charCodeAt(j))) j++;
        word += text.slice(i, j);
        i = j;
        // The word may go on in the next chunk; only a non-word char ends it.
        if (i < n && !finishWord()) return i;
        if (!inWord && halted()) return i;
        continue;
      }
      const c = text.charCodeAt(i);
      if (isSpaceCode(c)) {
        i++;
        continue;
      }
      if (expect === EXPECT_DONE) return i;
      const wantsValue = expect === EXPECT_VALUE || expect === EXPECT_VALUE_OR_END;
      const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
      switch (c) {
        case 123: // {
          if (!wantsValue) return stop(text, i);
          if (stack.length >= MAX_NESTING) return tooDeep(i);
          started = true;
          sink.beginObject();
          stack.push(false);
          expect = EXPECT_KEY_OR_END;
          break;
        case 91: // [
          if (!wantsValue) return stop(text, i);
          if (stack.length >= MAX_NESTING) return tooDeep(i);
          started = true;
          sink.beginArray();
          stack.push(true);
          expect = EXPECT_VALUE_OR_END;
          break;
        case 125: // }
          if (top !== false || (expect !== EXPECT_KEY_OR_END && expect !== EXPECT_COMMA_OR_END)) return stop(text, i);
          index = i;
          stack.pop();
          sink.endObject();
          afterValue();
          break;
        case 93: // ]
          if (top !== true || (expect !== EXPECT_VALUE_OR_END && expect !== EXPECT_COMMA_OR_END)) return stop(text, i);
          index = i;
          stack.pop();
          sink.endArray();
          afterValue();
          break;
        case 44: // ,
          if (expect !== EXPECT_COMMA_OR_END) return stop(text, i);
          // "-OrEnd" after a comma is what lets a trailing comma through.
          expect = top ? EXPECT_VALUE_OR_END : EXPECT_KEY_OR_END;
          break;
        case 58: // :
          if (expect !== EXPECT_COLON) return stop(text, i);
          expect = EXPECT_VALUE;
          break;
        case 34: // "
        case 39: // '
          if (wantsValue) {
            started = true;
            stringIsKey = false;
            sink.beginString();
          } else if (expect === EXPECT_KEY_OR_END) {
            stringIsKey = true;
          } else {
            return stop(text, i);
          }
          quote = c;
          break;
        default:
          if (!isWordChar(c) || !(wantsValue || expect === EXPECT_KEY_OR_END)) return stop(text, i);
          started = true;
          inWord = true;
          wordIsKey = expect === EXPECT_KEY_OR_END;
          word = '';
          continue; // the word loop consumes it
      }
      i++;
      if (halted()) return i;
    }
    return n;
  }

  return {
    write,
    end() {
      if (inWord) finishWord();
      return expect === EXPECT_DONE;
    },
    get done() {
      return expect === EXPECT_DONE;
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
    get index() {
      return index;
    },
    get depth() {
      return stack.length;
    },
  };
}
