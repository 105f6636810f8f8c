/**
 * The end of a block of JSON calls (json-calls.ts), from where its closing
 * marker may begin: junk on the last value's line, which goes out as text
 * (reported) when the marker follows it and is prose when the line ends
 * first, then the marker itself. json-calls-after.ts reads up to here.
 *
 * Bounded: only characters that can still be junk or the marker are looked
 * at, each once, never the rest of the chunk.
 */
import type { ParserCallbacks } from '../engine/events.ts';
import type { RawBlock } from '../engine/raw-block.ts';
import type { GiveBack, Step } from './json-calls-shared.ts';

/** Junk longer than this is prose after a call whose closing marker was forgotten. */
const MAX_JUNK = 256;

/**
 * The step that reads the end of a block from `i` (where the marker may
 * begin, or with `junk`, the junk before it); called with no text (`''`)
 * when the output ends there. Made once per block, when the block gets here.
 */
export function closingStep(
  callbacks: ParserCallbacks,
  raw: RawBlock,
  end: string,
  /** The block is over at `i`; `leftover` goes back to the scanner. */
  finish: (i: number, leftover?: string) => number,
  /** Text read after the calls (a separator and blanks) that goes out before the junk. */
  held: string,
  junk: boolean,
  /** No value came (blanks alone after the block's marker): anything but the closing marker gives it back. */
  noValue?: GiveBack,
): Step {
  /** Junk or a separator read after a call, given back as text if nothing else claims it. */
  let pending = held;
  /** How much of the closing marker was matched. */
  let matched = 0;
  return (text, i, from) => {
    if (text === '') {
      // Blanks, then a closing marker cut off: no call came.
      if (noValue) return noValue(0, 'the output ended before the tool call', 'unclosed-tool-call');
      // A missing (or cut-off) closing marker at the very end: the calls still count, and a cut-off marker
      // belongs to them. The junk before it goes out first, so that debug output replays the text in its order.
      if (pending !== '') callbacks.onText(pending);
      raw.commit();
      return 0;
    }
    let at = i;
    if (junk) {
      // A search for the line break without a bound made one long line quadratic.
      const limit = Math.min(text.length, i + MAX_JUNK - pending.length);
      const first = end.charAt(0);
      while (at < limit && text.charAt(at) !== first && text.charAt(at) !== '\n') at++;
      pending += text.slice(i, at);
      raw.skipTo(at);
      // The line ended without the closing marker, or the junk grew too long: the junk was prose.
      if ((at < limit && text.charAt(at) === '\n') || pending.length >= MAX_JUNK) {
        if (pending !== '') callbacks.onText(pending);
        return finish(at);
      }
      if (at === text.length) return at;
      junk = false;
    }
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
    if (pending !== '') callbacks.onText(pending);
    return finish(at, leftover);
  };
}
