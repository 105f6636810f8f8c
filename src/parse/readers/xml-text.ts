/**
 * Text helpers shared by the XML-family parsers: trimming the line break that
 * models put around a value, and decoding XML entities, both in streaming
 * form (hold back only a short undecided tail) and whole-string form.
 */

/** A streaming text stage: `write` pieces, then `end` once. */
export interface TextStage {
  write(text: string): void;
  end(): void;
}

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t';
}

/**
 * Removes one leading line break (with blanks before it) and one trailing line
 * break (with the indentation after it) from a value, as it streams:
 * `<city>\n  Seoul\n</city>` and `<parameter=city>\nSeoul\n</parameter>`
 * both give "  Seoul" / "Seoul". Everything else passes through at once,
 * except blanks at the very start (until we know whether a line break follows)
 * and a final `\n` + blanks (until we know whether more text follows).
 */
export function createValueTrimmer(emit: (text: string) => void): TextStage {
  let atStart = true;
  /** Blanks (and a `\r`) at the start, held until a line break or other text. */
  let lead = '';
  /** The pieces of a trailing `\r?\n[ \t]*` held back; the first holds the line break. */
  let tail: string[] = [];

  function writeBody(piece: string): void {
    let text = piece;
    if (tail.length > 0) {
      // Blank-only text extends the held tail; anything else releases it.
      let allBlank = true;
      for (let i = 0; i < piece.length && allBlank; i++) allBlank = isBlank(piece.charAt(i));
      if (allBlank) {
        tail.push(piece);
        return;
      }
      text = tail.join('') + text; // one delta, not two
      tail = [];
    }
    // Scan back over blanks to see whether the text ends with a line break + blanks.
    let k = text.length;
    while (k > 0 && isBlank(text.charAt(k - 1))) k--;
    const c = text.charAt(k - 1);
    let cut = -1;
    if (c === '\n') cut = k > 1 && text.charAt(k - 2) === '\r' ? k - 2 : k - 1;
    else if (c === '\r' && k === text.length) cut = k - 1; // the `\n` may come next
    if (cut < 0) {
      if (text !== '') emit(text);
      return;
    }
    if (cut > 0) emit(text.slice(0, cut));
    tail.push(text.slice(cut));
  }

  return {
    write(text) {
      if (!atStart) {
        writeBody(text);
        return;
      }
      let i = 0;
      while (i < text.length && atStart) {
        const c = text.charAt(i);
        if (isBlank(c) || (c === '\r' && !lead.endsWith('\r'))) {
          lead += c;
          i++;
        } else if (c === '\n') {
          lead = '';
          atStart = false;
          i++;
        } else {
          atStart = false;
          const held = lead;
          lead = '';
          if (held !== '') writeBody(held);
        }
      }
      if (i < text.length) writeBody(text.slice(i));
    },
    end() {
      // A held leading run with no line break after it is real content (`<a>  </a>`).
      if (atStart && lead !== '') emit(lead);
      atStart = false;
      lead = '';
      tail = [];
    },
  };
}

/** `target` behind a createValueTrimmer: the value loses one line break at each end. */
export function trimmedStage(target: TextStage): TextStage {
  const trimmer = createValueTrimmer((t) => target.write(t));
  return {
    write: (t) => trimmer.write(t),
    end() {
      trimmer.end();
      target.end();
    },
  };
}

const CDATA_OPEN = '<![CDATA[';

/**
 * `target` behind a CDATA unwrapper: a value written whole as
 * `<![CDATA[…]]>` (MiniCPM 5's multiline values) loses the wrapper, as an XML
 * reader would take it; any other value passes through. The start is held
 * until it shows whether the wrapper opens it (at most 9 characters), and
 * inside one the last 3 until the end shows whether they close it; a wrapper
 * never closed loses only its opener.
 */
export function cdataStage(target: TextStage): TextStage {
  /** The undecided start, or inside the wrapper the last 3 characters. */
  let held = '';
  /** 0: undecided; 1: no wrapper, all passes; 2: inside the wrapper. */
  let mode = 0;
  return {
    write(text) {
      if (mode === 1) return target.write(text);
      held += text;
      if (mode === 0) {
        if (held.length < CDATA_OPEN.length && CDATA_OPEN.startsWith(held)) return;
        mode = held.startsWith(CDATA_OPEN) ? 2 : 1;
        if (mode === 1) {
          target.write(held);
          held = '';
          return;
        }
        held = held.slice(CDATA_OPEN.length);
      }
      const cut = held.length - 3;
      if (cut > 0) target.write(held.slice(0, cut));
      held = held.slice(Math.max(cut, 0));
    },
    end() {
      if (held !== '' && !(mode === 2 && held === ']]>')) target.write(held);
      target.end();
    },
  };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(amp|lt|gt|quot|apos|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});/g;
/** A tail that could still grow into an entity: `&`, `&am`, `&#x3`. */
const PARTIAL_ENTITY = /&(?:[a-z]{0,4}|#\d{0,7}|#[xX][0-9a-fA-F]{0,6})$/;
const LONGEST_ENTITY = 10; // `&#x10FFFF;`

function decodeOne(_match: string, body: string): string {
  if (body.charAt(0) !== '#') return NAMED_ENTITIES[body] ?? `&${body};`;
  const hex = body.charAt(1) === 'x' || body.charAt(1) === 'X';
  const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
  return code > 0x10ffff ? `&${body};` : String.fromCodePoint(code);
}

/** Decodes `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references; any other `&` stays as is. */
export function decodeEntities(text: string): string {
  return text.indexOf('&') < 0 ? text : text.replace(ENTITY, decodeOne);
}

/**
 * Streaming entity decoding: a `&lt` at the end of a piece is held until the
 * next piece says whether it is `&lt;`. At most 10 characters are held.
 */
export function createEntityDecoder(emit: (text: string) => void): TextStage {
  let held = '';
  return {
    write(piece) {
      const text = held + piece;
      held = '';
      const amp = text.lastIndexOf('&');
      if (amp >= 0 && text.length - amp < LONGEST_ENTITY && PARTIAL_ENTITY.test(text.slice(amp))) {
        held = text.slice(amp);
        if (amp > 0) emit(decodeEntities(text.slice(0, amp)));
        return;
      }
      if (text !== '') emit(decodeEntities(text));
    },
    end() {
      if (held !== '') emit(held);
      held = '';
    },
  };
}

/** The whole-string form of createValueTrimmer. */
export function trimValueText(text: string): string {
  const parts: string[] = [];
  const trimmer = createValueTrimmer((t) => parts.push(t));
  trimmer.write(text);
  trimmer.end();
  return parts.join('');
}
