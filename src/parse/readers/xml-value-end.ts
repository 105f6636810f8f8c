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

import { isSpace } from '../../json/chars.ts';
import { MAX_TAG_LENGTH } from './xml-tag.ts';
import type { TextStage } from './xml-text.ts';

// What ended a value (a ValueEnd), after it or its close tag; the scanner has consumed it.
/** The parameter's close tag, then the next parameter's opening: read its name. */
export const NEXT_PARAMETER = 'next-parameter';
/** The parameter's close tag, then the call's close tag. */
export const CALL_END = 'call-end';
/** The block's close tag after either close tag: the call and its block end. */
export const BLOCK_END = 'block-end';
/** The call's close tag, then the next call's opening in the same block. */
export const NEXT_CALL = 'next-call';
/** No close tag: the next parameter's whole opening tag, on a line of its own; its header is given. */
export const OPENED_PARAMETER = 'opened-parameter';
export type ValueEnd =
  | typeof NEXT_PARAMETER
  | typeof CALL_END
  | typeof BLOCK_END
  | typeof NEXT_CALL
  | typeof OPENED_PARAMETER;

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
   * what ended it, and `header` is the next parameter's (OPENED_PARAMETER).
   */
  write(text: string, from: number): { stop: number; end: ValueEnd | undefined; header?: string };
  /** At the end of the output: whether the value was closed (a close tag with nothing after it). */
  finish(): boolean;
}

/** A cut-off tag after a parameter's close tag that can only be the next parameter's opening, not a close tag. */
export function opensParameter(tags: InvokeTags, partial: string): boolean {
  return partial !== '' && !tags.invokeEnd.startsWith(partial) && !tags.close.startsWith(partial);
}

/**
 * Reads a held candidate for the value's end, one character at a time, from
 * its `<` (or the line break before an opener): a close tag, then its blanks
 * and what follows them; or an opener, then the next parameter's header.
 * Each call returns undefined while the held text may still end the value,
 * the ValueEnd once it does, or else how many of the held characters are
 * value: those go out, the rest and `c` are read again. After either verdict
 * it is ready for the next candidate.
 */
function endReader(
  tags: InvokeTags,
  opens?: (header: string) => boolean,
): (c: string) => ValueEnd | number | undefined {
  /** A line break, then the next parameter's tag up to its name: the start of an implied end. */
  const opener = opens === undefined ? undefined : `\n${tags.param}`;
  /** After each close tag, what may follow it (blanks first). */
  const continuations: Record<string, Array<[string, ValueEnd]>> = {
    [tags.paramEnd]: [
      [tags.param, NEXT_PARAMETER],
      [tags.invokeEnd, CALL_END],
      [tags.close, BLOCK_END],
    ],
    [tags.invokeEnd]: [
      [tags.close, BLOCK_END],
      [tags.invoke, NEXT_CALL],
    ],
  };
  const starts = [tags.paramEnd, tags.invokeEnd, ...(opener === undefined ? [] : [opener])];
  /** The close tag or opener so far. */
  let tag = '';
  /** After a whole close tag: what may follow it. */
  let matched: Array<[string, ValueEnd]> | undefined;
  /** After a whole opener: the next parameter's header so far. */
  let header: string | undefined;
  /** After a whole close tag: how many blanks, then the continuation so far. */
  let blanks = 0;
  let continuation = '';

  function verdict<V>(value: V): V {
    tag = '';
    matched = undefined;
    header = undefined;
    blanks = 0;
    continuation = '';
    return value;
  }

  return (c) => {
    if (header !== undefined) {
      if (c === '>' && (opens as (header: string) => boolean)(header)) return verdict(OPENED_PARAMETER);
      if (c !== '>' && c !== '<' && c !== '\n' && tag.length + header.length < MAX_TAG_LENGTH) {
        header += c;
        return undefined;
      }
      // Not the next parameter: the tag so far is value, and a `<` or line break may start another.
      return verdict(tag.length + header.length);
    }
    if (matched === undefined) {
      const next = tag + c;
      // Its first character is value; the rest may still start a tag (`\n</parameter>`).
      if (!starts.some((t) => t.startsWith(next))) return verdict(1);
      tag = next;
      if (tag === opener) header = '';
      else matched = continuations[tag];
      return undefined;
    }
    if (continuation === '' && isSpace(c)) {
      blanks++;
      return undefined;
    }
    const next = continuation + c;
    const hit = matched.find(([text]) => text === next);
    if (hit !== undefined) return verdict(hit[1]);
    if (!matched.some(([text]) => text.startsWith(next))) return verdict(tag.length + blanks);
    continuation = next;
    return undefined;
  };
}

/**
 * `sink` receives the value's text, in order, once it is known to be value,
 * and its `end` once the value ended (not when the output cut it off).
 * `opens`, when given, says whether a parameter tag with this header, at the
 * start of a line, opens the next parameter (see above).
 */
export function createValueEndScanner(
  tags: InvokeTags,
  sink: TextStage,
  opens?: (header: string) => boolean,
): ValueEndScanner {
  const read = endReader(tags, opens);
  /** A possible end being read (`</para`, `\n<param`, `</parameter>\n</fun`); read again when it is none. */
  let held = '';
  /** The header of the parameter that ended the value (OPENED_PARAMETER). */
  let opened: string | undefined;
  /** Value text decided during one write, passed on once at its end: fewer, larger deltas. */
  const pending: string[] = [];
  function release(): void {
    if (pending.length > 0) sink.write(pending.splice(0).join(''));
  }

  /** One character in the slow path (inside a possible close tag, opener or continuation). */
  function step(c: string): ValueEnd | undefined {
    if (held === '' && c !== '<' && (c !== '\n' || opens === undefined)) {
      pending.push(c);
      return undefined;
    }
    const end = read(c);
    if (end === undefined) held += c;
    else if (typeof end === 'number') {
      // Held text that is no end. What is read again is at most a tag plus one character and holds no
      // whole close tag or opener, so it cannot end the value and stays cheap.
      const rest = held.slice(end) + c;
      pending.push(held.slice(0, end));
      held = '';
      let last: ValueEnd | undefined;
      for (let k = 0; k < rest.length; k++) last = step(rest.charAt(k));
      return last;
    } else {
      if (end === OPENED_PARAMETER) opened = held.slice(tags.param.length + 1);
      held = '';
    }
    return end;
  }

  return {
    write(text, from) {
      let i = from;
      while (i < text.length) {
        if (held === '') {
          // Fast path: plain value text up to the next `<` goes out in one piece, but for a line break
          // right before it or at the end of the text (it may begin the next parameter's tag).
          const lt = text.indexOf('<', i);
          let stop = lt < 0 ? text.length : lt;
          if (opens !== undefined && stop > i && text.charCodeAt(stop - 1) === 10) stop--;
          if (stop > i) pending.push(text.slice(i, stop));
          i = stop;
          if (i === text.length) break;
        }
        const end = step(text.charAt(i));
        i++;
        if (end !== undefined) {
          release();
          sink.end();
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
      const closed =
        held.startsWith(tags.invokeEnd) ||
        (held.startsWith(tags.paramEnd) && !opensParameter(tags, held.slice(tags.paramEnd.length).trimStart()));
      if (closed) sink.end();
      else if (!held.startsWith(tags.paramEnd)) {
        pending.push(held); // a partial close tag or opener is value text
        release();
      }
      return closed;
    },
  };
}
