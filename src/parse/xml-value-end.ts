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
 *
 * Models also leave the close tag out and go straight on to the next
 * parameter (vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py@049d8df2,
 * test_extract_tool_calls_missing_closing_parameter_tag:
 * `Dallas\n<parameter=state>`). So a parameter tag at the start of a line
 * also ends the value when `opens` accepts its header: the caller admits only
 * a parameter of the tool not given yet, which text inside a value (code
 * that writes this very format, a doc quoting it) rarely is. The line break
 * before it goes with it, as the one before a close tag would.
 */

import { isSpace } from '../json/chars.ts';
import { MAX_TAG_LENGTH } from './xml-tag.ts';
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
  /** No close tag: the next parameter's whole opening tag, on a line of its own; its header is given. */
  OpenedParameter: 'opened-parameter',
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
  /**
   * Reads from `from`; `end` is set when the value ended, `stop` is just past
   * what ended it, and `header` is the next parameter's (OpenedParameter).
   */
  write(text: string, from: number): { stop: number; end: ValueEnd | undefined; header?: string };
  /** At the end of the output: whether the value was closed (a close tag with nothing after it). */
  finish(): boolean;
}

/**
 * `sink` receives the value's text, in order, once it is known to be value.
 * `opens`, when given, says whether a parameter tag with this header, at the
 * start of a line, opens the next parameter (see above).
 */
export function createValueEndScanner(
  tags: InvokeTags,
  sink: TextStage,
  opens?: (header: string) => boolean,
): ValueEndScanner {
  /** A line break, then the next parameter's tag up to its name: the start of an implied end. */
  const opener = opens === undefined ? undefined : `\n${tags.param}`;
  const terminators = [tags.paramEnd, tags.invokeEnd];
  const starts = [...terminators, ...(opener === undefined ? [] : [opener])];
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

  /** A possible close tag or opener being matched (`</para`, `\n<param`), or the whole tag once matched. */
  let close = '';
  let matched: string | undefined;
  /** After a whole opener: the next parameter's header so far. */
  let header: string | undefined;
  /** The header of the parameter that ended the value (OpenedParameter). */
  let opened: string | undefined;
  /** After a matched close tag: the blanks, then the continuation so far. */
  let blanks = '';
  let continuation = '';

  /** A cut-off tag after `</parameter>` that can only be the next parameter's opening, not a close tag. */
  function opensParameter(partial: string): boolean {
    return partial !== '' && !tags.invokeEnd.startsWith(partial) && !tags.close.startsWith(partial);
  }

  /**
   * Reads held text again. It is at most a tag plus one character and never
   * holds a whole close tag or opener, so it cannot end the value and stays cheap.
   */
  function again(text: string): void {
    for (let k = 0; k < text.length; k++) step(text.charAt(k));
  }

  /** The held text was value after all; the close tag and blanks go out, `continuation` is re-read. */
  function reject(): void {
    const rest = continuation;
    out.write(close + blanks);
    close = '';
    matched = undefined;
    blanks = '';
    continuation = '';
    again(rest);
  }

  /** One character of the next parameter's header, after a whole opener. */
  function stepHeader(c: string, name: string): ValueEnd | undefined {
    if (c === '>' && (opens as (header: string) => boolean)(name)) {
      close = '';
      header = undefined;
      opened = name;
      return ValueEnd.OpenedParameter;
    }
    if (c !== '>' && c !== '<' && c !== '\n' && close.length + name.length < MAX_TAG_LENGTH) {
      header = name + c;
      return undefined;
    }
    // Not the next parameter: the tag so far is value, and a `<` or line break may start another.
    out.write(close + name);
    close = '';
    header = undefined;
    return step(c);
  }

  /** One character in the slow path (inside a possible close tag, opener or continuation). */
  function step(c: string): ValueEnd | undefined {
    if (header !== undefined) return stepHeader(c, header);
    if (matched === undefined) {
      if (close === '' && c !== '<' && (c !== '\n' || opener === undefined)) {
        out.write(c);
        return undefined;
      }
      const next = close + c;
      if (starts.some((t) => t.startsWith(next))) {
        close = next;
        if (close === opener) header = '';
        else if (terminators.includes(close)) matched = close;
        return undefined;
      }
      // Its first character is value; the rest may still start a tag (`\n</parameter>`).
      out.write(close.charAt(0));
      const rest = close.slice(1);
      close = '';
      again(rest);
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
          // Fast path: plain value text up to the next `<` goes out in one piece, but for a line break
          // right before it or at the end of the text (it may begin the next parameter's tag).
          const lt = text.indexOf('<', i);
          let stop = lt < 0 ? text.length : lt;
          if (opener !== undefined && stop > i && text.charCodeAt(stop - 1) === 10) stop--;
          if (stop > i) out.write(text.slice(i, stop));
          i = stop;
          if (i === text.length) break;
        }
        const end = step(text.charAt(i));
        i++;
        if (end !== undefined) {
          release();
          return { stop: i, end, header: opened };
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
      out.write(close + (header ?? '')); // a partial close tag or opener is value text
      close = '';
      header = undefined;
      release();
      return false;
    },
  };
}
