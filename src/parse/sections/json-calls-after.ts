/**
 * What follows a value in a block of JSON calls (json-calls.ts): blanks, a
 * ```json fence closer, a stray `}` or `]`, the outer `}` of a doubled-brace
 * call, a separator and another value, junk on the same line, and the
 * closing marker. The calls are final once a separator, the closing marker
 * or prose follows them; junk inside the block goes out as text, reported;
 * what is no part of the block is prose, which the scanner reads again.
 *
 * Bounded: only characters that can still be junk or the marker are looked
 * at, each once, never the rest of the chunk.
 */
import { isSpace } from '../../json/chars.ts';
import type { ParserCallbacks } from '../events.ts';
import type { RawBlock } from '../raw-block.ts';

/**
 * Reads the text being written from `i` in one state and returns where it
 * stopped; `from` is where the section's write began in that text.
 */
export type Step = (text: string, i: number, from: number) => number;

/** Gives the block back as text, reported, and `rest` to the scanner (json-calls.ts's giveBack). */
type GiveBack = (i: number, reason: string, code?: 'unclosed-tool-call', rest?: string) => number;

// The states, each read by the step of the same name below.
const AFTER_VALUE = 0;
/** A separator was read; another value may follow. */
const BEFORE_NEXT = 1;
/** Text after the value on the same line, waiting for the closing marker. */
const JUNK = 2;
/** Matching the closing marker. */
const CLOSING = 3;

/** Junk longer than this is prose after a call whose closing marker was forgotten. */
const MAX_JUNK = 256;

/**
 * The step that reads what follows one value, one state at a time; called
 * with no text (`''`) when the output ends there. One closure with a switch
 * rather than a function per state: it is made for every value of every
 * block, and a closure per state (9 allocations) made 128k one-call blocks
 * 8% slower (npm run bench:formats, the junk line).
 */
export function afterValueStep(
  callbacks: ParserCallbacks,
  raw: RawBlock,
  end: string,
  repeat: boolean | undefined,
  /** The value's braces were doubled (`{{"name": …}}`): its outer `}` is dropped. */
  doubled: boolean,
  /** Another value begins at `i`. */
  nextValue: (i: number) => number,
  /** The block is over at `i`; `leftover` goes back to the scanner. */
  finish: (i: number, leftover?: string) => number,
  /** No value came (blanks alone after the block's marker): anything but the closing marker gives it back. */
  noValue?: GiveBack,
): Step {
  let state = AFTER_VALUE;
  /** Whitespace skipped after the value; a newline in it means what follows is a new line. */
  let gap = '';
  /** Junk or a separator read after a call, given back as text if nothing else claims it. */
  let pending = '';
  /** How much of the closing marker was matched. */
  let matched = 0;

  /** What was held goes out as text, and the block is over. */
  const flush = (i: number, leftover?: string): number => {
    if (pending !== '') callbacks.onText(pending);
    return finish(i, leftover);
  };

  return (text, i, from) => {
    if (text === '') {
      // The output ended. Blanks, then a closing marker cut off: no call came.
      if (noValue) return noValue(0, 'the output ended before the tool call', 'unclosed-tool-call');
      // A missing (or cut-off) closing marker at the very end: the calls still count, and a cut-off marker
      // belongs to them. The junk before it goes out first, so that debug output replays the text in its order.
      if (pending !== '') callbacks.onText(pending);
      if (state !== BEFORE_NEXT) raw.commit();
      return 0;
    }
    const c = text.charAt(i);
    switch (state) {
      case AFTER_VALUE:
        // The closing marker first: for Gemma it is ``` itself, which must not be eaten as a fence closer.
        if (c === end.charAt(0)) {
          state = CLOSING;
          return i;
        }
        if (isSpace(c) || c === '`') {
          gap += c;
          return i + 1;
        }
        if (doubled && c === '}') {
          doubled = false;
          return i + 1;
        }
        if (end !== '' && (c === '}' || c === ']')) {
          callbacks.onError(`Ignored a stray "${c}" after a tool call.`, { code: 'trailing-content' });
          return i + 1;
        }
        if ((end !== '' || repeat) && (c === '{' || c === '[')) {
          // Another call in the same block (Qwen writes several objects in one <tool_call>).
          raw.keepTo(i);
          raw.settle();
          return nextValue(i);
        }
        // The calls are final up to `i`; what follows is the answer's (with the junk held as `pending`).
        raw.keepTo(i);
        raw.commit();
        if (c === ',' || (repeat && c === ';')) {
          // Llama's `{…}; {…}`, and `{…}, {…}` in any block (Qwen puts several objects in one <tool_call>,
          // issue 27): the separator is the block's if a call follows it, text otherwise.
          raw.skipTo(i + 1);
          pending = c;
          state = BEFORE_NEXT;
          return i + 1;
        }
        // Junk on the same line is the answer's text, in its place before the closing marker. Otherwise prose
        // follows (the closing marker, if any, was forgotten).
        if (end !== '' && !gap.includes('\n')) {
          state = JUNK;
          return i;
        }
        return finish(i);
      case BEFORE_NEXT:
        if (isSpace(c)) {
          pending += c;
          raw.skipTo(i + 1);
          return i + 1;
        }
        // After a comma only an object is read on, unless the block has its own end or repeats (`[` may be
        // prose).
        if (c === '{' || (c === '[' && (end !== '' || repeat))) {
          raw.keep(pending);
          return nextValue(i);
        }
        // Not another call: in a block with a closing marker the separator is junk before it (on the same line,
        // or right before the marker), as any text there is.
        if (end !== '' && (c === end.charAt(0) || !(gap + pending).includes('\n'))) {
          state = JUNK;
          return i;
        }
        return flush(i);
      case JUNK: {
        // A search for the line break without a bound made one long line quadratic.
        const n = text.length;
        const limit = Math.min(n, i + MAX_JUNK - pending.length);
        const first = end.charAt(0);
        let stop = i;
        while (stop < limit && text.charAt(stop) !== first && text.charAt(stop) !== '\n') stop++;
        pending += text.slice(i, stop);
        raw.skipTo(stop);
        // The line ended without the closing marker, or the junk grew too long: the junk was prose.
        if ((stop < limit && text.charAt(stop) === '\n') || pending.length >= MAX_JUNK) return flush(stop);
        if (stop < n) state = CLOSING;
        return stop;
      }
      default: {
        let at = i;
        while (at < text.length && matched < end.length && text.charAt(at) === end.charAt(matched)) {
          at++;
          matched++;
        }
        if (matched === end.length) {
          if (pending !== '') {
            callbacks.onText(pending);
            callbacks.onError('Kept text the model wrote after a tool call but inside its delimiters.', {
              code: 'trailing-content',
              text: pending,
            });
          }
          raw.keepTo(at);
          raw.commit();
          return finish(at);
        }
        if (at === text.length) return at;
        // Only looked like the closing marker (`<tool_call>` again, the model forgot to close the first): the
        // calls stand, and what followed them is read again from where the match began; the part of the match
        // that came in earlier chunks goes back to the scanner.
        const leftover = end.slice(0, Math.max(from - (at - matched), 0));
        at = Math.max(at - matched, from);
        if (noValue) return noValue(at, 'no JSON value follows the tool-call marker', undefined, leftover);
        raw.keepTo(at);
        raw.commit(leftover.length);
        return flush(at, leftover);
      }
    }
  };
}
