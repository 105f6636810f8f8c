/**
 * Finds where a GLM `<arg_value>` ends, as it streams. Values are verbatim
 * (GLM-4.6's template writes `<arg_value>{{ v }}</arg_value>`), and
 * `</arg_value>` ends one.
 *
 * Models also leave `</arg_value>` out and go straight on to the next key
 * (ollama/ollama model/parsers/glm46_test.go@b517b9bd, TestRepairGLM46XML,
 * "missing </arg_value> before next arg_key": `<arg_value>1<arg_key>b`).
 * So a whole `<arg_key>NAME</arg_key>` followed by `<arg_value>` also ends
 * the value when `startsKey(NAME)` accepts it: the caller admits only a
 * parameter of the tool not given yet, which text inside a value (a doc
 * quoting the format) rarely is. One line break before it goes with it, as
 * the template writes `</arg_value>\n<arg_key>`. Deciding needs a bounded
 * look ahead (one key tag), never a re-scan of the value.
 */
import { isSpace } from '../../json/chars.ts';

const END = '</arg_value>';
const KEY = '<arg_key>';
const KEY_END = '</arg_key>';
const OPEN = '<arg_value>';
/** Longer keys (or blank runs before `<arg_value>`) are value text, not a forgotten close tag. */
const MAX_KEY = 128;

export interface ArgValueScanner {
  /**
   * Reads from `from`; `end` says what ended the value (its close tag, or the
   * next key's tags, `key` naming it), `stop` is just past it.
   */
  write(text: string, from: number): { stop: number; end: 'close' | 'key' | undefined; key?: string };
}

/** What `keyTail` reads after `<arg_key>`: the key, `</arg_key>`, blanks, `<arg_value>`. */
const NAME = 0;
const NAME_END = 1;
const BLANKS = 2;
const VALUE_TAG = 3;

/**
 * Reads, one character at a time, what must follow an `<arg_key>` held in a
 * value for it to end the value: the key, `</arg_key>`, blanks, `<arg_value>`.
 * Each call returns undefined while the text still fits, false once it does
 * not (the held text is value after all), and the key's name once
 * `<arg_value>` completes it.
 */
function keyTail(startsKey: (name: string) => boolean): (c: string) => string | false | undefined {
  let phase = NAME;
  /** The fixed tag being matched in NAME_END and VALUE_TAG, so far. */
  let tag = '';
  let key = '';
  let blanks = 0;

  /** Matches `c` against a fixed tag: false when it does not fit, true once the tag is complete. */
  function matchTag(c: string, full: string): boolean {
    const next = tag + c;
    if (!full.startsWith(next)) return false;
    tag = next;
    return true;
  }

  return (c) => {
    if (phase === NAME) {
      if (c === '<') {
        phase = NAME_END;
        tag = '<';
      } else if (c !== '\n' && key.length < MAX_KEY) key += c;
      else return false;
      return undefined;
    }
    if (phase === NAME_END) {
      if (!matchTag(c, KEY_END) || (tag === KEY_END && !startsKey(key.trim()))) return false;
      if (tag === KEY_END) {
        phase = BLANKS;
        tag = '';
      }
      return undefined;
    }
    if (phase === BLANKS && isSpace(c) && blanks < MAX_KEY) {
      blanks++;
      return undefined;
    }
    phase = VALUE_TAG;
    if (!matchTag(c, OPEN)) return false;
    return tag === OPEN ? key.trim() : undefined;
  };
}

/** `out` receives the value's text, in order, once it is known to be value. */
export function createArgValueScanner(
  out: (text: string) => void,
  startsKey: (name: string) => boolean,
): ArgValueScanner {
  /** The held text that may end the value: everything since its `<` (or the line break before it). */
  let held = '';
  /** The tag after that `<` so far: `</arg_value>` or `<arg_key>`. */
  let tag = '';
  /** Reads the rest once the held text is a whole `<arg_key>`. */
  let tail: ReturnType<typeof keyTail> | undefined;
  /** Value text decided during one write, passed on once at its end: fewer, larger deltas. */
  const pending: string[] = [];

  function reset(): void {
    held = '';
    tag = '';
    tail = undefined;
  }

  /**
   * The held text is not an end after all: its first character is value, the
   * rest is read again. It holds one `<arg_key>` at most, at its start, and no
   * `</arg_value>`, so reading it again cannot end the value, and each
   * character is re-read at most twice.
   */
  function reject(c: string): void {
    const rest = held.slice(1) + c;
    pending.push(held.charAt(0));
    reset();
    for (let k = 0; k < rest.length; k++) step(rest.charAt(k));
  }

  /** One character in the slow path; the next key's name when its tags ended the value. */
  function step(c: string): string | true | undefined {
    if (held === '') {
      if (c === '<' || c === '\n') held = c;
      else pending.push(c);
      return undefined;
    }
    if (tail !== undefined) {
      const name = tail(c);
      if (name === false) reject(c);
      else if (name === undefined) held += c;
      else reset();
      return name === false ? undefined : name;
    }
    if (held === '\n') {
      // Of two line breaks, only the later may be the template's (before the next key).
      if (c === '<') held += c;
      else if (c === '\n') pending.push(c);
      else reject(c);
      return undefined;
    }
    const next = (tag === '' ? '<' : tag) + c;
    if (!END.startsWith(next) && !KEY.startsWith(next)) {
      reject(c);
      return undefined;
    }
    tag = next;
    held += c;
    if (tag === END) {
      if (held.charAt(0) === '\n') pending.push('\n'); // a value's own last line break
      reset();
      return true;
    }
    if (tag === KEY) tail = keyTail(startsKey);
    return undefined;
  }

  return {
    write(text, from) {
      let i = from;
      const n = text.length;
      while (i < n) {
        if (held === '') {
          // Fast path: plain value text up to the next `<` goes out in one piece, but for a line break
          // right before it or at the end of the text (it may be the template's, before the next key).
          const lt = text.indexOf('<', i);
          let stop = lt < 0 ? n : lt;
          if (stop > i && text.charCodeAt(stop - 1) === 10) stop--;
          if (stop > i) pending.push(text.slice(i, stop));
          i = stop;
          if (i === n) break;
        }
        const end = step(text.charAt(i));
        i++;
        if (end !== undefined) {
          if (pending.length > 0) out(pending.splice(0).join(''));
          return end === true ? { stop: i, end: 'close' } : { stop: i, end: 'key', key: end };
        }
      }
      if (pending.length > 0) out(pending.splice(0).join(''));
      return { stop: i, end: undefined };
    },
  };
}
