/**
 * Finds where a qwen3-coder parameter value ends, as it streams.
 *
 * Values are raw text, and code in them may contain `</parameter>` or
 * `</function>` itself (a parser for this very format, an XML test fixture).
 * So a close tag ends the value only when a valid continuation follows it:
 * blanks, then `<parameter=`, `</function>` or `</tool_call>` after
 * `</parameter>`; `</tool_call>` or `<function=` after `</function>` (the
 * model forgot `</parameter>`); or the end of the output. Deciding that needs
 * a bounded look past the close tag (the blanks plus at most 12 characters),
 * never a re-scan of the value.
 */
import type { TextStage } from './xml-text.ts';

const PARAMETER_CLOSE = '</parameter>';
const FUNCTION_CLOSE = '</function>';
const TERMINATORS = [PARAMETER_CLOSE, FUNCTION_CLOSE];

/** What followed the close tag; the scanner has consumed it. */
export const ValueEnd = {
  /** `</parameter>` then `<parameter=`: read the next parameter's name. */
  NextParameter: 'next-parameter',
  /** `</parameter>` then `</function>`. */
  FunctionEnd: 'function-end',
  /** `</tool_call>` after either close tag: the call and its block end. */
  BlockEnd: 'block-end',
  /** `</function>` then `<function=`: another call in the same block. */
  NextFunction: 'next-function',
} as const;
export type ValueEnd = (typeof ValueEnd)[keyof typeof ValueEnd];

const CONTINUATIONS: Record<string, Array<[string, ValueEnd]>> = {
  [PARAMETER_CLOSE]: [
    ['<parameter=', ValueEnd.NextParameter],
    [FUNCTION_CLOSE, ValueEnd.FunctionEnd],
    ['</tool_call>', ValueEnd.BlockEnd],
  ],
  [FUNCTION_CLOSE]: [
    ['</tool_call>', ValueEnd.BlockEnd],
    ['<function=', ValueEnd.NextFunction],
  ],
};

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export interface QwenValueScanner {
  /** Reads from `from`; `end` is set when the value ended, `stop` is just past what ended it. */
  write(text: string, from: number): { stop: number; end: ValueEnd | undefined };
  /** At the end of the output: whether the value was closed (a close tag with nothing after it). */
  finish(): boolean;
}

/** `out` receives the value's text, in order, once it is known to be value. */
export function createQwenValueScanner(sink: TextStage): QwenValueScanner {
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
      if (TERMINATORS.some((t) => t.startsWith(next))) {
        close = next;
        if (TERMINATORS.includes(close)) matched = close;
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
    const options = CONTINUATIONS[matched] ?? [];
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
      // ends the value: the model stopped right after it.
      if (matched !== undefined) return true;
      out.write(close); // a partial close tag is value text
      close = '';
      release();
      return false;
    },
  };
}
