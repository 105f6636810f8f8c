/**
 * JSON strings. The JSON reader's string state: a string's content, key or
 * value, read across chunks; escapes are decoded here, a value's text goes
 * to the sink as it arrives, a key's is collected and given whole. And the
 * other way, jsonEscape: text written as a string's content.
 */
import type { JsonSink } from './json-sink.ts';

const ESCAPE_NONE = 0;
/** The chunk ended right after a backslash. */
const ESCAPE_AFTER_BACKSLASH = 1;
/** Inside \uXXXX; `hex` holds the digits seen so far, possibly from an earlier chunk. */
const ESCAPE_UNICODE = 2;
type Escape = typeof ESCAPE_NONE | typeof ESCAPE_AFTER_BACKSLASH | typeof ESCAPE_UNICODE;

/** Escapes that stand for another character; any other escaped character (`\"`, `\\`, `\/`, `\'`) is itself. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** `text` as it stands between a JSON string's quotes. */
export function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * Returns the string reader: it reads content from `i` up to the closing
 * `quote` (a char code) and returns the index after what it consumed. When
 * the string closes it tells the sink (`key` or `endString`), then `closed`.
 */
export function createStringReader(
  sink: JsonSink,
  closed: (isKey: boolean) => void,
): (text: string, i: number, quote: number, isKey: boolean) => number {
  let escapeState: Escape = ESCAPE_NONE;
  let hex = '';
  let key = '';

  function piece(text: string, isKey: boolean): void {
    if (isKey) key += text;
    else if (text !== '') sink.stringChunk(text);
  }

  return (text, i, quote, isKey) => {
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
        piece(out + text.slice(runStart, i), isKey);
        if (isKey) {
          sink.key(key);
          key = '';
        } else sink.endString();
        closed(isKey);
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
    piece(out + text.slice(runStart, n), isKey);
    return n;
  };
}
