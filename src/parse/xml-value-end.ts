/**
 * Finds where a raw-text parameter value ends, as it streams, for the
 * invoke-style XML formats (Qwen3-Coder `<parameter=p>…</parameter>`,
 * MiniMax-M2 `<parameter name="p">…</parameter>`).
 *
 * Values are raw text, and code in them may contain `</parameter>` or
 * `</function>` itself (a parser for this very format, an XML test fixture).
 * So a close tag ends the value only when a valid continuation follows it:
 * blanks, then the next parameter, the call's end or the block's end after
 * the parameter's close tag; the block's end or the next call after the
 * call's close tag (the model forgot the parameter's close tag); or the end
 * of the output. Deciding that needs a bounded look past the close tag (the
 * blanks plus at most one continuation tag), never a re-scan of the value.
 */
import { isSpace } from '../json/chars.ts';
import type { TextStage } from './xml-text.ts';

/** What followed the close tag; the scanner has consumed it. */
export const ValueEnd = {
  /** The parameter's close tag, then the next parameter's opening: read its name. */
  NextParameter: 'next-parameter',
  /** The parameter's close tag, then the call's close tag. */
  CallEnd: 'call-end',
  /** The block's close tag after either close tag: the call and its block end. */
  BlockEnd: 'block-end',
  /** The call's close tag, then the next call's opening in the same block. */
  NextCall: 'next-call',
} as const;
export type ValueEnd = (typeof ValueEnd)[keyof typeof ValueEnd];

/** The tags of one invoke-style format. */
export interface InvokeTags {
  /** Opens a call up to its name, e.g. `<function=` or `<invoke name=`; the name runs to `>`. */
  invoke: string;
  invokeEnd: string;
  /** Opens a parameter up to its name, e.g. `<parameter=` or `<parameter name=`. */
  param: string;
  paramEnd: string;
  /** Closes the whole block. */
  close: string;
}

export interface ValueEndScanner {
  /** Reads from `from`; `end` is set when the value ended, `stop` is just past what ended it. */
  write(text: string, from: number): { stop: number; end: ValueEnd | undefined };
  /** At the end of the output: whether the value was closed (a close tag with nothing after it). */
  finish(): boolean;
}

/** `out` receives the value's text, in order, once it is known to be value. */
export function createValueEndScanner(tags: InvokeTags, sink: TextStage): ValueEndScanner {
  const terminators = [tags.paramEnd, tags.invokeEnd];
  const continuations: Record<string, Array<[string, ValueEnd]>> = {
    [tags.paramEnd]: [
      [tags.param, ValueEnd.NextParameter],
      [tags.invokeEnd, ValueEnd.CallEnd],
      [tags.close, ValueEnd.BlockEnd],
    ],
    [tags.invokeEnd]: [
      [tags.close, ValueEnd.BlockEnd],
      [tags.invoke, ValueEnd.NextCall],
    ],
  };
  /** Value text decided during one write, passed on once at its end: fewer, larger deltas. */
  let pending: string[] = [];
  const out = { write: (text: string) => pending.push(text) };
  function release(): void {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    sink.write(text);
  }

  /** A possible close tag being matched (`</para`), or the whole tag once matched. */
  let close = '';
  let matched: string | undefined;
  /** After a matched close tag: the blanks, then the continuation so far. */
  let blanks = '';
  let continuation = '';

  /** A cut-off tag after `</parameter>` that can only be the next parameter's opening, not a close tag. */
  function opensParameter(partial: string): boolean {
    return partial !== '' && !tags.invokeEnd.startsWith(partial) && !tags.close.startsWith(partial);
  }

  /** The held text was value after all; the close tag and blanks go out, `continuation` is re-read. */
  function reject(): void {
    const again = continuation;
    out.write(close + blanks);
    close = '';
    matched = undefined;
    blanks = '';
    continuation = '';
    // At most 11 characters, and they cannot complete a call's end by themselves, so this stays cheap.
    for (let k = 0; k < again.length; k++) step(again.charAt(k));
  }

  /** One character in the slow path (inside a possible close tag or its continuation). */
  function step(c: string): ValueEnd | undefined {
    if (matched === undefined) {
      if (close === '' && c !== '<') {
        out.write(c);
        return undefined;
      }
      const next = close + c;
      if (terminators.some((t) => t.startsWith(next))) {
        close = next;
        if (terminators.includes(close)) matched = close;
        return undefined;
      }
      // Only the first char of a close tag is `<`, so the mismatch can only restart at `c`.
      out.write(close);
      close = '';
      return step(c);
    }
    if (continuation === '' && isSpace(c)) {
      blanks += c;
      return undefined;
    }
    const next = continuation + c;
    const options = continuations[matched] ?? [];
    const hit = options.find(([text]) => text === next);
    if (hit !== undefined) {
      close = '';
      matched = undefined;
      blanks = '';
      continuation = '';
      return hit[1];
    }
    if (options.some(([text]) => text.startsWith(next))) {
      continuation = next;
      return undefined;
    }
    continuation = next;
    reject();
    return undefined;
  }

  return {
    write(text, from) {
      let i = from;
      while (i < text.length) {
        if (close === '') {
          // Fast path: plain value text up to the next `<` goes out in one piece.
          const lt = text.indexOf('<', i);
          const stop = lt < 0 ? text.length : lt;
          if (stop > i) out.write(text.slice(i, stop));
          i = stop;
          if (lt < 0) break;
        }
        const end = step(text.charAt(i));
        i++;
        if (end !== undefined) {
          release();
          return { stop: i, end };
        }
      }
      release();
      return { stop: i, end: undefined };
    },
    finish() {
      // A close tag at the very end, even with a cut-off continuation after it (`</parameter>\n</func`),
      // ends the value: the model stopped right after it. Not when what was cut off can only be the
      // next parameter (`</parameter>\n<parameter=`): the call was not finished.
      if (matched !== undefined) return !(matched === tags.paramEnd && opensParameter(continuation));
      out.write(close); // a partial close tag is value text
      close = '';
      release();
      return false;
    },
  };
}
