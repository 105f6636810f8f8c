/**
 * Reads the JSON-like argument objects of the Gemma formats, where strings
 * are wrapped in a special token instead of quotes and keys are bare:
 *   Gemma 4        {location:<|"|>London<|"|>,days:3}
 *   FunctionGemma  {location:<escape>London<escape>}
 *
 * It rewrites the text on the fly into forgiving JSON for the shared JSON
 * reader: the quote token becomes `"`, and `"` and `\` inside strings are
 * escaped (string content is raw, never escaped, in these formats). Each
 * character is rewritten once; only a partial quote token is held back.
 *
 * Gemma 4 also writes its arguments in parentheses, Python-style, under heavy
 * prompts: `call:terminal(command:<|"|>ls<|"|>)` (vllm-project/vllm#53657)
 * and `call:name(key=value)` (jundot/omlx#1886). With `parens`, the reader is
 * already inside `(`: at the top level `=` reads as `:` and `)` closes the
 * object; inside nested values and strings both are ordinary characters.
 */
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import { findDelimiter } from '../engine/tag-steps.ts';

export interface QuotedValueReader {
  /** Reads from `from`; returns where it stopped (the value's end, or a problem). */
  write(text: string, from: number): number;
  end(): boolean;
  readonly done: boolean;
  readonly problem: string | undefined;
  readonly inString: boolean;
  /**
   * After the value ended or broke: characters from an earlier chunk (held as
   * a possible quote token) that come after the stop. They are not the
   * value's; the caller reads them first (they may open the next call).
   */
  readonly carried: string;
}

function escapeRaw(text: string): string {
  return text.replace(/[\\"]/g, (c) => `\\${c}`);
}

export interface QuotedValueOptions {
  /** The arguments opened with `(` (already read): see the header. */
  parens?: boolean;
}

export function createQuotedValueReader(
  quote: string,
  sink: JsonSink,
  options: QuotedValueOptions = {},
): QuotedValueReader {
  const reader: JsonReader = createJsonReader(sink);
  const parens = options.parens === true;
  if (parens) reader.write('{');
  let inString = false;
  let held = '';
  let failed = false;
  let carried = '';

  function write(text: string, from: number): number {
    let i = from;
    const n = text.length;
    while (i < n && !reader.done && !failed) {
      const heldBefore = held.length;
      const search = findDelimiter(held, text, i, quote);
      held = search.held;
      if (inString) {
        if (search.before !== '') reader.write(escapeRaw(search.before));
        i = search.resumeAt;
        if (search.found) {
          reader.write('"');
          inString = false;
        }
        continue;
      }
      // Outside strings the text is passed through as it is (parenthesised arguments: see writeOutside).
      const before = search.before;
      const stop = parens ? writeOutside(before) : reader.write(before);
      if (stop < before.length || reader.done) {
        // The value ended (or broke) inside `before`; map the stop back into this chunk,
        // and leave any held tail to whoever reads after the value.
        if (!reader.done) failed = true;
        held = '';
        if (stop < heldBefore) {
          carried = before.slice(stop, heldBefore);
          return from;
        }
        return i + stop - heldBefore;
      }
      i = search.resumeAt;
      if (search.found) {
        if (reader.write('"') === 0) {
          // A string where none may stand (`{city:<Q>A<Q><Q>B<Q>}`): the value breaks at the token.
          failed = true;
          const tokenStart = i - quote.length;
          if (tokenStart < from) {
            carried = quote.slice(0, from - tokenStart);
            return from;
          }
          return tokenStart;
        }
        inString = true;
      }
    }
    return i;
  }

  /** Writes text outside quote tokens, with the top-level `=` and `)` of parenthesised arguments read as `:` and `}`. */
  function writeOutside(text: string): number {
    let k = 0;
    while (k < text.length) {
      let j = k;
      while (j < text.length && text.charCodeAt(j) !== 0x29 /* ) */ && text.charCodeAt(j) !== 0x3d /* = */) j++;
      const stop = reader.write(text.slice(k, j));
      if (stop < j - k || reader.done) return k + stop;
      if (j === text.length) return j;
      const top = reader.depth === 1 && reader.quote === '';
      const c = text.charAt(j);
      if (reader.write(top ? (c === ')' ? '}' : ':') : c) === 0) return j;
      k = j + 1;
      if (reader.done) return k;
    }
    return k;
  }

  return {
    write,
    end() {
      if (held !== '' && !inString) reader.write(held);
      held = '';
      return reader.end();
    },
    get done() {
      return reader.done;
    },
    get problem() {
      return failed ? (reader.problem ?? 'the arguments are not valid') : undefined;
    },
    get inString() {
      return inString;
    },
    get carried() {
      return carried;
    },
  };
}
