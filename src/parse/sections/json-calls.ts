/**
 * JSON tool calls after a trigger: `{"name": …, "arguments": …}` objects or
 * lists of them, as Hermes/Qwen (`<tool_call>…</tool_call>`), Gemma prompted
 * with a ```tool_call fence, Granite, Phi-4-mini, xLAM, Llama 3.x and the
 * older Mistral write them.
 *
 * - `end`: the closing marker, consumed when present; a missing one does not
 *   cost a complete call. Between the value and it: a ```json fence closer,
 *   a stray `}` (small models add one), further calls, or junk on the same
 *   line, which is kept as text after the call.
 * - `repeat`: several values separated by `;`, `,` or newlines (Llama 3.x). Without it, values separated
 *   by `,` are read too (`<tool_call>{…}, {…}</tool_call>`), and with an `end`, by blanks.
 * - `declaredOnly`: the trigger is ordinary text (a bare `{` or `[` opening
 *   the answer), so the JSON only counts when it calls a declared tool;
 *   anything else goes back as prose, silently.
 * - `defaultToolName`: a forced tool; a bare arguments object counts as its call.
 *
 * A value that breaks gives back the raw text since the last completed call
 * (never a completed call's text: no character twice) and the scanner reads
 * the rest as prose. What follows a value (separators, junk, the closing
 * marker) is read by json-calls-after.ts.
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import { type CallObjectReader, createCallObjectReader } from '../call-object.ts';
import { createCallSink } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { afterValueStep, type Step } from './json-calls-after.ts';

export interface JsonCallsOptions {
  /** The marker ends with the `{` or `[` that opens the value (`{`, `[`, `functools[`). */
  markerIsValue?: boolean;
  end?: string;
  repeat?: boolean;
  declaredOnly?: boolean;
  defaultToolName?: string | undefined;
  /** The marker opened a ``` fence: its info string (`json`) and line break come before the value. */
  fenced?: boolean;
  /** Only a list of calls counts (xLAM's form); a lone object is, say, an example in a fence. */
  listOnly?: boolean;
  /** See CallObjectOptions.wrapperKey: `{"tool_calls": […]}` (xLAM v1). */
  wrapperKey?: string;
  /**
   * An empty list (`<TOOLCALL>[]</TOOLCALL>`) is the family's way of calling
   * nothing: its markup is dropped, silently, instead of staying as text. So is
   * a block holding only blanks (`<TOOLCALL> </TOOLCALL>`): its markers are tokens.
   */
  emptyList?: boolean;
}

// The states, each read by the step of the same name below.
const BEFORE_VALUE = 0;
/** Inside the ```json line before a value. */
const FENCE_OPEN = 1;
/** After the value's first `{`: a second one makes it a doubled-brace call (`{{"name": …}}`). */
const OPEN_BRACE = 2;
const VALUE = 3;
/** What follows a value, read by the step afterValueStep makes for it. */
const AFTER_VALUE = 4;
const DONE = 5;

const ENDED_INSIDE = 'the output ended inside the tool call';
type GiveBackCode = 'malformed-tool-call' | 'unclosed-tool-call';

/** The call reader knows first when the JSON stops being calls; the JSON reader stops there too. */
const stopped = (calls: CallObjectReader) => calls.failure !== undefined || calls.rejected;

export function openJsonCalls(env: SectionEnv, marker: string, options: JsonCallsOptions = {}): Section {
  const { context, callbacks } = env;
  const end = options.end ?? '';
  const sink = createCallSink(context, callbacks);
  const raw = createRawBlock(callbacks, marker);
  let state = BEFORE_VALUE;
  /** The info string of a ``` fence before the value. */
  let fenceInfo = '';
  /** `{{"name": …}}` (models that saw Jinja-escaped examples write it, reported for Qwen-family fine-tunes). */
  let doubled = false;
  /** A call has been announced in this section. */
  let started = false;
  let leftover: string | undefined;

  function callReader(first: boolean): CallObjectReader {
    return createCallObjectReader({
      context,
      sink,
      onCallStart: () => {
        started = true;
      },
      // A completed call's text is final: a later failure cannot give it back.
      onCallEnd: () => {
        raw.keepTo(reader.index + 1);
        raw.settle();
      },
      declaredOnly: first && options.declaredOnly === true,
      defaultToolName: options.defaultToolName,
      wrapperKey: options.wrapperKey,
    });
  }
  const halted = () => stopped(calls);
  let calls = callReader(true);
  let reader: JsonReader = createJsonReader(calls, { halted });

  function move(next: number, i: number): number {
    state = next;
    return i;
  }

  /** Another value of the block begins at `i`. */
  function nextValue(i: number): number {
    calls = callReader(false);
    reader = createJsonReader(calls, { halted });
    return move(VALUE, i);
  }

  /** The block is over at `i`; `rest`, matched in earlier chunks, goes back to the scanner. */
  function finish(i: number, rest?: string): number {
    leftover = rest;
    return move(DONE, i);
  }

  /** The text up to `i` is no call: it goes back as prose, with the reason; `rest` is read again (see finish). */
  function giveBack(i: number, reason?: string, code: GiveBackCode = 'malformed-tool-call', rest = ''): number {
    raw.keepTo(i);
    sink.abort();
    // A bare `{` or `[` that never became a call was prose all along: nothing to report.
    const quiet = calls.rejected || (options.declaredOnly === true && !started);
    raw.giveBack(quiet ? undefined : reason, code, undefined, rest.length);
    return finish(i, rest);
  }

  /** What follows the value is read from `i` (json-calls-after.ts); `noValue`: blanks alone came, an empty block? */
  function readAfter(i: number, noValue?: typeof giveBack): number {
    steps[AFTER_VALUE] = afterValueStep(callbacks, raw, end, options.repeat, doubled, nextValue, finish, noValue);
    return move(AFTER_VALUE, i);
  }

  function beforeValue(text: string, i: number): number {
    const c = text.charAt(i);
    if (isSpace(c)) return i + 1;
    // Perhaps an empty block (blanks alone before the closing marker).
    if (options.emptyList && c === end.charAt(0)) return readAfter(i, giveBack);
    if (c === '{' && options.listOnly) return giveBack(i, 'only a list of calls counts here');
    if (c === '{') return move(OPEN_BRACE, i + 1);
    if (c === '[') return move(VALUE, i);
    if (c === '`') return move(FENCE_OPEN, i);
    return giveBack(i, 'no JSON value follows the tool-call marker');
  }

  /** The fence's info string: only ```json (or a bare ```) holds a call. */
  function fenceOpen(text: string, i: number): number {
    const c = text.charAt(i);
    if (c === '{' || c === '[' || c === '\n') {
      const info = fenceInfo.trim().toLowerCase();
      if (info !== '' && info !== 'json') return giveBack(i, `a \`\`\`${info} fence holds no tool call`);
      if (c === '\n') return move(BEFORE_VALUE, i + 1);
      return move(c === '{' && options.listOnly ? BEFORE_VALUE : VALUE, i);
    }
    if (fenceInfo.length > 16) return giveBack(i, 'the fence holds no tool call');
    if (c !== '`') fenceInfo += c;
    return i + 1;
  }

  /** A second `{` doubles the braces: the outer pair is dropped. */
  function openBrace(text: string, i: number): number {
    if (text.charAt(i) === '{') doubled = true;
    else reader.write('{'); // the brace read before was the value's own
    return move(VALUE, i);
  }

  function value(text: string, at: number): number {
    const i = reader.write(text, at);
    if (stopped(calls)) return giveBack(i, calls.failure);
    // `functools[]`, `<tool_call>[]`: a call list with nothing in it is no call; its text stays.
    if (reader.done && calls.completed === 0 && !started && !options.emptyList)
      return giveBack(i, 'the tool-call list is empty');
    // Right after the closing bracket: the reader also skips the blanks after a value, but
    // whether a line break follows it must not depend on the chunking.
    if (reader.done) return readAfter(reader.index + 1);
    if (i < text.length) return giveBack(i, reader.problem ?? 'the JSON is not valid');
    return i;
  }

  /** Each state's step, in the states' order (AFTER_VALUE's is made for each value). */
  const steps: Step[] = [beforeValue, fenceOpen, openBrace, value];

  if (options.fenced) state = FENCE_OPEN;
  else if (options.markerIsValue && marker.endsWith('{')) state = OPEN_BRACE;
  else if (options.markerIsValue) {
    reader.write(marker.slice(Math.max(marker.lastIndexOf('['), marker.lastIndexOf('{'))));
    state = VALUE;
  }

  return {
    write(text, from) {
      let i = from;
      raw.from(text, from);
      while (i < text.length && state !== DONE) i = (steps[state] as Step)(text, i, from);
      if (state !== DONE) raw.keepTo(i);
      return i;
    },
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (state === VALUE && reader.end() && !stopped(calls)) raw.commit();
      else if (state === VALUE)
        giveBack(0, calls.failure ?? `${ENDED_INSIDE}${reader.inString ? ' (in a string)' : ''}`, 'unclosed-tool-call');
      else if (state === AFTER_VALUE) (steps[AFTER_VALUE] as Step)('', 0, 0);
      else if (state === OPEN_BRACE) giveBack(0, ENDED_INSIDE, 'unclosed-tool-call');
      else if (state !== DONE) giveBack(0, 'the output ended before the tool call', 'unclosed-tool-call');
      state = DONE;
    },
  };
}
