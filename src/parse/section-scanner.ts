/**
 * The text loop shared by every marker-opened format: prose streams through
 * as text until one of several trigger markers (`[TOOL_CALLS]`,
 * `<|tool_call>`, `<｜tool▁calls▁begin｜>`, …) appears; the trigger's section
 * then reads the call(s) and hands control back when it is over.
 *
 * A single-format protocol runs it with its own triggers; the auto-detecting
 * protocol runs it with the triggers of every format, which is why sections
 * are small objects instead of whole parsers.
 *
 * Linear: each character is looked at once here (only characters that start a
 * marker are compared against markers), and only a possible partial marker at
 * the end of a chunk is held back.
 */
import type { ParserCallbacks, ParserContext, StreamingParser } from '../protocols/protocol.ts';

/** A section reads the text after its trigger until its call block is over. */
export interface Section {
  /**
   * Consumes `text` from `from` and returns where it stopped: `text.length`
   * when it took everything, or the first index that is not its own once it
   * is `done` (that text goes back to the prose loop).
   */
  write(text: string, from: number): number;
  readonly done: boolean;
  /** The output ended inside the section: finish the call or give the text back. */
  end(): void;
}

export interface SectionEnv {
  context: ParserContext;
  callbacks: ParserCallbacks;
  /** Nothing but whitespace came before this trigger in the output. */
  atStart: boolean;
}

export interface Trigger {
  /** The text that opens the section; it is consumed before `open` runs. */
  marker: string;
  /**
   * Only at the start of the output (after whitespace), e.g. a bare `{` or `[`:
   * such characters are everywhere in prose, so they only count as a call
   * when the whole answer begins with one.
   */
  atStart?: boolean;
  /**
   * Not a call: the marker stays text, and what follows counts as the start
   * of the answer again. `</think>` does this, since reasoning models write
   * their bare-JSON or pythonic answer after their thoughts.
   */
  restartsAnswer?: boolean;
  open(env: SectionEnv, marker: string): Section;
}

/** `</think>`: the answer of a reasoning model (DeepSeek R1, Qwen3, …) starts after it. */
export const thinkEndTrigger: Trigger = {
  marker: '</think>',
  restartsAnswer: true,
  open: () => {
    throw new Error('toolshim: </think> opens no section.');
  },
};

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export function createSectionScanner(
  triggers: readonly Trigger[],
  context: ParserContext,
  callbacks: ParserCallbacks,
): StreamingParser {
  const anywhere = new Map<string, Trigger[]>();
  const atStartOnly = new Map<string, Trigger[]>();
  for (const trigger of triggers) {
    const table = trigger.atStart ? atStartOnly : anywhere;
    const first = trigger.marker.charAt(0);
    table.set(first, [...(table.get(first) ?? []), trigger]);
  }
  // Longer markers first, so `<|tool_calls_section_begin|>` wins over a shorter prefix marker.
  for (const list of [...anywhere.values(), ...atStartOnly.values()]) {
    list.sort((a, b) => b.marker.length - a.marker.length);
  }

  let section: Section | undefined;
  /** A possible partial marker kept from the end of the previous chunk. */
  let held = '';
  let sawNonSpace = false;

  /** The trigger whose marker starts at `i`; `partial` when the text ends inside a possible marker. */
  function match(text: string, i: number, table: Map<string, Trigger[]>): Trigger | 'partial' | undefined {
    const candidates = table.get(text.charAt(i));
    if (candidates === undefined) return undefined;
    let partial = false;
    for (const trigger of candidates) {
      const { marker } = trigger;
      if (text.startsWith(marker, i)) return trigger;
      if (text.length - i < marker.length && marker.startsWith(text.slice(i))) partial = true;
    }
    return partial ? 'partial' : undefined;
  }

  function feed(chunk: string): void {
    const text = held === '' ? chunk : held + chunk;
    held = '';
    const n = text.length;
    let i = 0;
    let runStart = 0;
    while (i < n) {
      if (section !== undefined) {
        i = section.write(text, i);
        if (section.done) section = undefined;
        runStart = i;
        continue;
      }
      const c = text.charAt(i);
      let found: Trigger | 'partial' | undefined;
      if (!sawNonSpace) {
        if (isSpace(c)) {
          i++;
          continue;
        }
        // Specific markers first: `[TOOL_CALLS]` at the start is Mistral, not a bare `[` list.
        found = match(text, i, anywhere) ?? match(text, i, atStartOnly);
      } else {
        found = match(text, i, anywhere);
      }
      if (found === 'partial') {
        // The chunk ends inside what may become a marker: hold it back.
        if (i > runStart) callbacks.onText(text.slice(runStart, i));
        held = text.slice(i);
        return;
      }
      if (found?.restartsAnswer) {
        i += found.marker.length;
        sawNonSpace = false;
        continue;
      }
      if (found !== undefined) {
        if (i > runStart) callbacks.onText(text.slice(runStart, i));
        const atStart = !sawNonSpace;
        sawNonSpace = true;
        i += found.marker.length;
        section = found.open({ context, callbacks, atStart }, found.marker);
        runStart = i;
        continue;
      }
      sawNonSpace = true;
      i++;
    }
    if (n > runStart && section === undefined) callbacks.onText(text.slice(runStart, n));
  }

  function flush(): void {
    if (section !== undefined) {
      section.end();
      section = undefined;
    }
    if (held !== '') {
      // No more text can complete the marker; it was prose after all.
      callbacks.onText(held);
      held = '';
    }
  }

  return { feed, flush };
}
