/**
 * What follows a value in a block of JSON calls (json-calls.ts): blanks, a
 * ```json fence closer, a stray `}` or `]`, the outer `}` of a doubled-brace
 * call, a separator and another value, and where junk on the same line or
 * the closing marker begins (read on by json-calls-close.ts). The calls are
 * final once a separator, the closing marker or prose follows them; what is
 * no part of the block is prose, which the scanner reads again.
 */
import { isSpace } from '../../json/chars.ts';
import type { ParserCallbacks } from '../engine/events.ts';
import type { RawBlock } from '../engine/raw-block.ts';
import { closingStep } from './json-calls-close.ts';
import type { GiveBack, Step } from './json-calls-shared.ts';

// The states of the step below, until the block's end begins (then json-calls-close.ts reads on).
const AFTER_VALUE = 0;
/** A separator was read; another value may follow. */
const BEFORE_NEXT = 1;

/**
 * The step that reads what follows one value, one state at a time; called
 * with no text (`''`) when the output ends there. One closure rather than a
 * function per state: it is made for every value of every block, and a
 * closure per state (9 allocations) made 128k one-call blocks 8% slower (npm
 * run bench:formats, the junk line). The step of the block's end is a second
 * one, made only when the block gets there.
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
  /** A separator read after a call, and the blanks after it, given back as text if no call follows. */
  let pending = '';
  /** The step that reads the block's end (junk, the closing marker: json-calls-close.ts), once it got there. */
  let closing: Step | undefined;

  return (text, i, from) => {
    if (closing) return closing(text, i, from);
    if (text === '') {
      // The output ended after the calls (a separator after them is text): they count.
      if (pending !== '') callbacks.onText(pending);
      if (state === AFTER_VALUE) raw.commit();
      return 0;
    }
    const c = text.charAt(i);
    if (state === AFTER_VALUE) {
      // The closing marker first: for Gemma it is ``` itself, which must not be eaten as a fence closer.
      if (c === end.charAt(0)) {
        closing = closingStep(callbacks, raw, end, finish, pending, false, noValue);
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
        closing = closingStep(callbacks, raw, end, finish, pending, true, noValue);
        return i;
      }
      return finish(i);
    }
    // BEFORE_NEXT: blanks after the separator, then another value or not.
    if (isSpace(c)) {
      pending += c;
      raw.skipTo(i + 1);
      return i + 1;
    }
    // After a comma only an object is read on, unless the block has its own end or repeats (`[` may be prose).
    if (c === '{' || (c === '[' && (end !== '' || repeat))) {
      raw.keep(pending);
      return nextValue(i);
    }
    // Not another call: in a block with a closing marker the separator is junk before it (on the same line,
    // or right before the marker), as any text there is.
    if (end !== '' && (c === end.charAt(0) || !(gap + pending).includes('\n'))) {
      closing = closingStep(callbacks, raw, end, finish, pending, true, noValue);
      return i;
    }
    if (pending !== '') callbacks.onText(pending);
    return finish(i);
  };
}
