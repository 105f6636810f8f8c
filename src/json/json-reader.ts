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
 * straddles a chunk boundary (a bare word below; an escape or a \u sequence
 * in json-string.ts, the string state) is kept in named variables.
 *
 * write() steps through three states: inside a string (createStringReader),
 * inside a bare word (finishWord, sendBareValue), and between tokens, where a
 * quote or a word character begins one and anything else is punctuation().
 */
import { isSpaceCode, NUMERAL } from './chars.ts';
import { MAX_NESTING } from './depth.ts';
import type { JsonSink } from './json-sink.ts';
import { createStringReader } from './json-string.ts';

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
  /** Why the last stop happened, when it was not a clean `done`. */
  readonly problem: string | undefined;
  /**
   * While the sink handles a closing `}` or `]`: that bracket's index in the
   * text being written. Sections use it to know where a call ended inside a chunk.
   */
  readonly index: number;
  /** How many objects and arrays are open. */
  readonly depth: number;
  /** The open string's quote (`"` or `'`), '' outside strings, where delimiters count. */
  readonly quote: string;
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
  /**
   * Hears where each element of a top-level list begins (the index of its
   * first character in the text being written), so a section can give one
   * broken element back as text and read on.
   */
  onListItem?: (index: number) => void;
}

/** Gives a bare word in value position to the sink; false if it is no value. */
function sendBareValue(sink: JsonSink, word: string): boolean {
  const value = bareValue(word);
  if (value === undefined) return false;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    // `1e999`: no JSON number can hold it. The text stays as written (a string) rather than
    // turning into null; validation against the tool's schema then names the argument.
    sink.beginString();
    sink.stringChunk(word);
    sink.endString();
  } else sink.scalar(value);
  return true;
}

/**
 * Between tokens, a bracket, comma or colon: tells the sink about brackets
 * and returns what is expected after it, or why it is not taken here.
 */
function punctuation(sink: JsonSink, stack: boolean[], c: number, expect: Expect): Expect | string {
  const wantsValue = expect === EXPECT_VALUE || expect === EXPECT_VALUE_OR_END;
  const top = stack[stack.length - 1];
  switch (c) {
    case 123: // {
      if (!wantsValue) break;
      // Deeper than anything downstream may walk (depth.ts): not taken as a value.
      if (stack.length >= MAX_NESTING) return `it nests deeper than ${MAX_NESTING} levels`;
      sink.beginObject();
      stack.push(false);
      return EXPECT_KEY_OR_END;
    case 91: // [
      if (!wantsValue) break;
      if (stack.length >= MAX_NESTING) return `it nests deeper than ${MAX_NESTING} levels`;
      sink.beginArray();
      stack.push(true);
      return EXPECT_VALUE_OR_END;
    case 125: // }
      if (top !== false || (expect !== EXPECT_KEY_OR_END && expect !== EXPECT_COMMA_OR_END)) break;
      stack.pop();
      sink.endObject();
      return stack.length === 0 ? EXPECT_DONE : EXPECT_COMMA_OR_END;
    case 93: // ]
      if (top !== true || (expect !== EXPECT_VALUE_OR_END && expect !== EXPECT_COMMA_OR_END)) break;
      stack.pop();
      sink.endArray();
      return stack.length === 0 ? EXPECT_DONE : EXPECT_COMMA_OR_END;
    case 44: // ,
      // "-OrEnd" after a comma is what lets a trailing comma through.
      if (expect === EXPECT_COMMA_OR_END) return top ? EXPECT_VALUE_OR_END : EXPECT_KEY_OR_END;
      break;
    case 58: // :
      if (expect === EXPECT_COLON) return EXPECT_VALUE;
  }
  return unexpected(c);
}

/** Tells `onListItem` that an element of the top-level list begins at `i` (`c` is no `]` closing it). */
function noteListItem(options: JsonReaderOptions, stack: boolean[], c: number, i: number): void {
  if (options.onListItem !== undefined && c !== 93 && stack.length === 1 && stack[0] === true) options.onListItem(i);
}

/** Why `c` is not taken where it stands. */
function unexpected(c: number): string {
  return `unexpected "${String.fromCharCode(c)}"`;
}

export function createJsonReader(sink: JsonSink, options: JsonReaderOptions = {}): JsonReader {
  const halted = options.halted ?? (() => false);
  /** true for an array, false for an object. */
  const stack: boolean[] = [];
  let expect: Expect = EXPECT_VALUE;
  let problem: string | undefined;
  let index = -1;
  /** The open string's quote as a char code, 0 outside strings. */
  let quote = 0;
  let stringIsKey = false;

  // Bare-word state: `word` accumulates across chunks until a non-word char.
  let inWord = false;
  let wordIsKey = false;
  let word = '';

  /** A key, or a value other than a container, is complete. */
  function ended(isKey: boolean): void {
    expect = isKey ? EXPECT_COLON : stack.length === 0 ? EXPECT_DONE : EXPECT_COMMA_OR_END;
  }

  const readString = createStringReader(sink, (isKey) => {
    quote = 0;
    ended(isKey);
  });

  /** Completes a bare word; false if it is not a valid key or value. */
  function finishWord(): boolean {
    inWord = false;
    if (wordIsKey) sink.key(word);
    else if (!sendBareValue(sink, word)) {
      problem = `"${word.slice(0, 40)}" is not a JSON value`;
      return false;
    }
    ended(wordIsKey);
    return true;
  }

  function stop(i: number, why: string): number {
    problem = why;
    return i;
  }

  function write(text: string, from = 0): number {
    const n = text.length;
    let i = from;
    problem = undefined;
    while (i < n) {
      if (quote !== 0) {
        i = readString(text, i, quote, stringIsKey);
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
      if (wantsValue) noteListItem(options, stack, c, i);
      if (c === 34 || c === 39) {
        // " or ': a string begins, a value or a key.
        if (wantsValue) sink.beginString();
        else if (expect !== EXPECT_KEY_OR_END) return stop(i, unexpected(c));
        stringIsKey = !wantsValue;
        quote = c;
      } else if (isWordChar(c)) {
        if (!wantsValue && expect !== EXPECT_KEY_OR_END) return stop(i, unexpected(c));
        inWord = true;
        wordIsKey = !wantsValue;
        word = '';
        continue; // the word loop consumes it
      } else {
        index = i;
        const next = punctuation(sink, stack, c, expect);
        if (typeof next === 'string') return stop(i, next);
        expect = next;
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
    get problem() {
      return problem;
    },
    get index() {
      return index;
    },
    get depth() {
      return stack.length;
    },
    get quote() {
      return quote === 0 ? '' : String.fromCharCode(quote);
    },
  };
}
