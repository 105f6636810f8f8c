/**
 * Streams a custom (freeform) tool's plain-text input out of the JSON
 * arguments the parser emits for it, `{"input":"…"}`, as they arrive: each
 * argument delta is decoded once (linear in the input), and only a JSON
 * escape cut by a chunk boundary is held back.
 *
 * It decodes only while the arguments start the canonical way the argument
 * streamer writes them (`{"input":"`). Anything else (another key, an
 * upstream in native mode that spaces its JSON) yields nothing here, and the
 * writer sends the whole input when the call completes.
 */

const PREFIX = '{"input":"';
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export interface CustomInputStream {
  /** The decoded text this delta adds ('' while undecided or after the string closed). */
  push(delta: string): string;
  /** Everything decoded so far. */
  readonly decoded: string;
}

export function createCustomInputStream(): CustomInputStream {
  /** 'prefix': matching PREFIX; 'string': inside the value; 'done': closed or not canonical. */
  let state: 'prefix' | 'string' | 'done' = 'prefix';
  let matched = 0;
  /** An escape cut by a chunk boundary (`\`, `\u12`), or a high surrogate waiting for its pair. */
  let pending = '';
  const out: string[] = [];

  function decode(text: string): string {
    let piece = '';
    let i = 0;
    let source = pending + text;
    pending = '';
    while (i < source.length) {
      const char = source[i] as string;
      if (char === '"') {
        state = 'done';
        break;
      }
      if (char !== '\\') {
        // Runs of plain characters are copied in one slice.
        let end = i + 1;
        while (end < source.length && source[end] !== '"' && source[end] !== '\\') end++;
        piece += source.slice(i, end);
        i = end;
        continue;
      }
      const kind = source[i + 1];
      if (kind === undefined) {
        pending = source.slice(i);
        break;
      }
      if (kind !== 'u') {
        piece += ESCAPES[kind] ?? kind;
        i += 2;
        continue;
      }
      if (i + 6 > source.length) {
        pending = source.slice(i);
        break;
      }
      piece += String.fromCharCode(Number.parseInt(source.slice(i + 2, i + 6), 16));
      i += 6;
    }
    source = '';
    // A lone high surrogate cannot be sent on its own: strict JSON readers (Codex's serde) refuse it.
    const last = piece.charCodeAt(piece.length - 1);
    if (state === 'string' && last >= 0xd800 && last <= 0xdbff) {
      pending = `\\u${last.toString(16)}${pending}`;
      piece = piece.slice(0, -1);
    }
    return piece;
  }

  return {
    push(delta) {
      if (state === 'done') return '';
      let rest = delta;
      if (state === 'prefix') {
        const need = PREFIX.slice(matched, matched + rest.length);
        if (!rest.startsWith(need) && !need.startsWith(rest)) {
          state = 'done';
          return '';
        }
        const used = Math.min(rest.length, PREFIX.length - matched);
        matched += used;
        rest = rest.slice(used);
        if (matched < PREFIX.length) return '';
        state = 'string';
      }
      const piece = decode(rest);
      if (piece !== '') out.push(piece);
      return piece;
    },
    get decoded() {
      return out.join('');
    },
  };
}
