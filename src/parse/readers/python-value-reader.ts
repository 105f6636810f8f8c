/**
 * Reads one Python literal (a keyword argument's value in a pythonic call)
 * into a JsonSink, by rewriting it on the fly into the JSON the shared
 * reader understands:
 *
 * - strings in either quote, with Python's escapes: `'\d+\s'` is the five
 *   characters `\d+\s` (an unknown escape keeps its backslash); `\x41`,
 *   `\u00e9` and the usual `\n`-style escapes are decoded;
 * - a quote followed by something that cannot follow a string (anything but
 *   `,` `)` `]` `}` `:` or the end) is part of the text: LFM2 writes
 *   `'it's'` and `"say "hi" now"`, and that is the only reading that parses;
 * - tuples `(1, 2)` and sets `{1, 2}` become arrays; dicts stay objects;
 * - `None`, `True`, `False` are read by the JSON reader itself.
 *
 * Each source character is rewritten once. What waits for a decision is
 * bounded: a `{` until its first element shows dict or set, a closing quote
 * until the next non-blank character, an escape until its hex digits.
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import { jsonEscape } from '../../json/json-string.ts';

export interface PythonValueReader {
  /** Reads from `from`; returns where the value ended (or broke), or `text.length`. */
  write(text: string, from: number): number;
  /** The input ended: completes a trailing value. Returns `done`. */
  end(): boolean;
  readonly done: boolean;
  readonly problem: string | undefined;
  readonly inString: boolean;
}

const SIMPLE: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  a: '\u0007',
  v: '\u000b',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '\n': '', // a backslash before a line break continues the line
};
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

/** What may follow a string's closing quote in a literal. */
const AFTER_STRING = new Set([',', ')', ']', '}', ':']);

/** Open brackets: `d` a dict, `s` a set (a JSON array closed by `}`), `a` a list or tuple, `?` undecided. */
type Open = 'd' | 's' | 'a' | '?';

/**
 * The JSON text an escape stands for, once `escaping` (the backslash and
 * what follows it so far) is complete; undefined while hex digits are due.
 */
function escapeText(escaping: string): string | undefined {
  const c = escaping.charAt(1);
  const digits = HEX_DIGITS[c];
  // An unknown escape keeps its backslash, as Python does.
  if (digits === undefined) return jsonEscape(SIMPLE[c] ?? `\\${c}`);
  if (escaping.length < digits + 2) return undefined;
  const hex = escaping.slice(2);
  const code = Number.parseInt(hex, 16);
  return jsonEscape(/^[0-9a-fA-F]+$/.test(hex) && code <= 0x10ffff ? String.fromCodePoint(code) : escaping);
}

/**
 * The JSON a character outside strings becomes, with `opens` kept up to
 * date; undefined for a `{`, which waits until it shows a dict or a set.
 */
function charJson(c: string, opens: Open[]): string | undefined {
  switch (c) {
    case '(':
    case '[':
      opens.push('a');
      return '[';
    case '{':
      opens.push('?');
      return undefined;
    case ')':
    case ']':
    case '}':
      if (opens.length === 0) return c; // not ours: the reader ends the value here
      return opens.pop() === 'd' ? '}' : ']';
    case "'":
    case '"':
      return '"';
  }
  return c;
}

export function createPythonValueReader(sink: JsonSink): PythonValueReader {
  const reader: JsonReader = createJsonReader(sink);
  let failed = false;
  const opens: Open[] = [];
  /** Rewritten text held while the innermost `{` is undecided. */
  let held: string[] | undefined;
  // Strings: the quote, an escape being read, a closing quote (plus the blanks after it) not yet decided.
  let quote = '';
  let escaping = '';
  let closing: string | undefined;

  /**
   * String content rewritten during one write(), passed on in one piece (by
   * flush): a string with escapes still streams as one delta per chunk.
   */
  let pending = '';

  function flush(): void {
    if (pending === '') return;
    const json = pending;
    pending = '';
    out(json);
  }

  /** Passes rewritten text to the reader; false when the reader did not take it all (value over, or broken). */
  function out(json: string): boolean {
    flush();
    if (held !== undefined) {
      held.push(json);
      return true;
    }
    const taken = reader.write(json);
    if (taken < json.length && !reader.done) failed = true;
    return taken === json.length;
  }

  /** The undecided `{` is a dict or a set: send it, then what was held behind it. */
  function decide(kind: 'd' | 's'): void {
    const pieces = held ?? [];
    held = undefined;
    opens[opens.length - 1] = kind;
    out(kind === 'd' ? '{' : '[');
    for (const piece of pieces) if (!out(piece)) return;
  }

  /** A character outside strings; false when the value ended before it (it is not the value's). */
  function structural(c: string): boolean {
    if (held !== undefined && opens[opens.length - 1] === '?') {
      if (c === ':') decide('d');
      else if (c === ',' || c === '[' || c === '{')
        decide('s'); // lists and dicts cannot be dict keys
      else if (c === '}') decide(held.join('').trim() === '' ? 'd' : 's'); // `{}` is a dict, `{1}` a set
    }
    if (c === "'" || c === '"') quote = c;
    const json = charJson(c, opens);
    if (json !== undefined) return out(json);
    held = []; // a `{`: dict or set, not known yet
    return true;
  }

  /**
   * The closing quote held back is decided: it closed the string (the blanks
   * after it are layout), or it and the blanks are text.
   */
  function settleClosing(closed: boolean): void {
    if (closed) {
      quote = '';
      out('"');
    } else pending += jsonEscape(quote + (closing as string).slice(1));
    closing = undefined;
  }

  /** One character inside a string. */
  function stringChar(c: string): void {
    if (escaping !== '') {
      escaping += c;
      const json = escapeText(escaping);
      if (json === undefined) return;
      pending += json;
      escaping = '';
    } else if (c === '\\') escaping = c;
    else if (c === quote) closing = c;
    else pending += jsonEscape(c);
  }

  return {
    write(text, from) {
      let i = from;
      const n = text.length;
      while (i < n && !reader.done && !failed) {
        const c = text.charAt(i);
        if (closing !== undefined) {
          if (isSpace(c)) {
            closing += c;
            i++;
            continue;
          }
          // Only what may follow a string ends it; otherwise `c` is text too. Either way, `c` is read again below.
          settleClosing(AFTER_STRING.has(c));
          continue;
        }
        if (quote !== '') {
          if (escaping === '') {
            // A run of ordinary characters goes to the reader in one piece, so a long
            // string streams as one delta per chunk, not one per character.
            let j = i;
            while (j < n && text.charCodeAt(j) !== 0x5c /* \\ */ && text.charAt(j) !== quote) j++;
            if (j > i) {
              pending += jsonEscape(text.slice(i, j));
              i = j;
              continue;
            }
          }
          stringChar(c);
          i++;
          continue;
        }
        if (!structural(c)) return i;
        i++;
      }
      flush();
      return i;
    },
    end() {
      flush();
      if (closing !== undefined) settleClosing(true);
      while (held !== undefined) decide('s');
      return reader.end();
    },
    get done() {
      return reader.done;
    },
    get problem() {
      return failed ? (reader.problem ?? 'the value is not a Python literal') : undefined;
    },
    get inString() {
      return quote !== '';
    },
  };
}
