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
 * the rest as prose.
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import { type CallObjectReader, createCallObjectReader } from '../call-object.ts';
import { createCallSink } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';

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

// The states, each read by the step function of the same name below.
const BEFORE_VALUE = 0;
/** Inside the ```json line before a value. */
const FENCE_OPEN = 1;
const VALUE = 2;
const AFTER_VALUE = 3;
/** Matching the closing marker. */
const CLOSING = 4;
/** Text after the value on the same line, waiting for the closing marker. */
const JUNK = 5;
/** A separator was read; another value may follow. */
const BEFORE_NEXT = 6;
const DONE = 7;
/** After the value's first `{`: a second one makes it a doubled-brace call (`{{"name": …}}`). */
const OPEN_BRACE = 8;

/** Junk longer than this is prose after a call whose closing marker was forgotten. */
const MAX_JUNK = 256;

export function openJsonCalls(env: SectionEnv, marker: string, options: JsonCallsOptions = {}): Section {
  const { context, callbacks } = env;
  const end = options.end ?? '';
  const sink = createCallSink(context, callbacks);
  const raw = createRawBlock(callbacks, marker);
  let state = BEFORE_VALUE;
  let values = 0;
  let closeMatched = 0;
  /** Where matching the closing marker began in the text being written; -1: in an earlier chunk. */
  let closeFrom = -1;
  /** How much of the closing marker was matched in earlier chunks. */
  let closeCarried = 0;
  /** Where the text being written was entered (the closing marker's match may go back to it). */
  let writeFrom = 0;
  let leftover = '';
  /** The info string of a ``` fence before the value. */
  let fenceInfo = '';
  /**
   * `{{"name": …}}`: models that saw Jinja-escaped examples double the braces
   * (reported for Qwen-family fine-tunes); the outer pair is dropped.
   */
  let doubled = false;
  /** Whitespace skipped after the value; a newline in it means what follows is a new line. */
  let gap = '';
  /** Junk or a separator read after a call, given back as text if nothing else claims it. */
  let pending = '';
  /** A call has been announced in this section. */
  let started = false;

  function callReader(): CallObjectReader {
    values++;
    return createCallObjectReader({
      context,
      sink,
      onCallStart: () => {
        started = true;
      },
      onCallEnd: callEnded,
      declaredOnly: options.declaredOnly === true && values === 1,
      defaultToolName: options.defaultToolName,
      wrapperKey: options.wrapperKey,
    });
  }
  /** The call reader knows first when the JSON stops being calls; the JSON reader stops there too. */
  const halted = () => calls.failure !== undefined || calls.rejected;
  let calls = callReader();
  let reader: JsonReader = createJsonReader(calls, { halted });

  function newValue(): void {
    calls = callReader();
    reader = createJsonReader(calls, { halted });
  }

  /** A call completed: its text is final, so a later failure cannot give it back. */
  function callEnded(): void {
    raw.keepTo(reader.index + 1);
    raw.settle();
  }

  if (options.fenced) state = FENCE_OPEN;
  else if (options.markerIsValue && marker.endsWith('{')) state = OPEN_BRACE;
  else if (options.markerIsValue) {
    reader.write(marker.slice(Math.max(marker.lastIndexOf('['), marker.lastIndexOf('{'))));
    state = VALUE;
  }

  /** The text read so far (up to `i`) is no call: it goes back as prose, with the reason. */
  function giveBack(
    i: number,
    reason: string | undefined,
    code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call',
    handBack = 0,
  ): number {
    raw.keepTo(i);
    sink.abort();
    // A bare `{` or `[` that never became a call was prose all along: nothing to report.
    const quiet = calls.rejected || (options.declaredOnly === true && !started);
    raw.giveBack(quiet ? undefined : reason, code, undefined, handBack);
    state = DONE;
    return i;
  }

  /** The calls are final up to `i`; what follows is the answer's (with the junk held as `pending`). */
  function commitAt(i: number): void {
    raw.keepTo(i);
    raw.commit();
  }

  function beforeValue(text: string, i: number): number {
    const c = text.charAt(i);
    if (isSpace(c)) return i + 1;
    if (options.emptyList && c === end.charAt(0)) {
      // Perhaps an empty block (blanks alone before the closing marker), read as the closing marker is.
      state = CLOSING;
      closeMatched = 0;
      closeFrom = i;
      return i;
    }
    if (c === '{' && options.listOnly === true) return giveBack(i, 'only a list of calls counts here');
    if (c === '{' && values === 1) {
      state = OPEN_BRACE;
      return i + 1;
    }
    if (c === '{' || c === '[') state = VALUE;
    else if (c === '`' && values === 1) state = FENCE_OPEN;
    else return giveBack(i, 'no JSON value follows the tool-call marker');
    return i;
  }

  function openBrace(text: string, i: number): number {
    if (text.charAt(i) === '{') doubled = true;
    else reader.write('{'); // the brace read before was the value's own
    state = VALUE;
    return i;
  }

  /** The fence's info string: only ```json (or a bare ```) holds a call. */
  function fenceOpen(text: string, i: number): number {
    const c = text.charAt(i);
    if (c === '{' || c === '[' || c === '\n') {
      const info = fenceInfo.trim().toLowerCase();
      if (info !== '' && info !== 'json') return giveBack(i, `a \`\`\`${info} fence holds no tool call`);
      state = c === '\n' || (c === '{' && options.listOnly === true) ? BEFORE_VALUE : VALUE;
      return c === '\n' ? i + 1 : i;
    }
    if (fenceInfo.length > 16) return giveBack(i, 'the fence holds no tool call');
    if (c !== '`') fenceInfo += c;
    return i + 1;
  }

  function value(text: string, from: number): number {
    const i = reader.write(text, from);
    if (calls.rejected || calls.failure !== undefined) return giveBack(i, calls.failure);
    // `functools[]`, `<tool_call>[]`: a call list with nothing in it is no call; its text stays.
    if (reader.done && calls.completed === 0 && !started && options.emptyList !== true)
      return giveBack(i, 'the tool-call list is empty');
    if (reader.done) {
      // Right after the closing bracket: the reader also skips the blanks after a value, but
      // whether a line break follows it must not depend on the chunking.
      state = AFTER_VALUE;
      gap = '';
      return reader.index + 1;
    }
    if (i < text.length) return giveBack(i, reader.problem ?? 'the JSON is not valid');
    return i;
  }

  function afterValue(text: string, i: number): number {
    const c = text.charAt(i);
    if (end !== '' && c === end.charAt(0)) {
      // The closing marker first: for Gemma it is ``` itself, which must not be eaten as a fence closer.
      state = CLOSING;
      closeMatched = 0;
      closeFrom = i;
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
    if ((end !== '' || options.repeat) && (c === '{' || c === '[')) {
      // Another call in the same block (Qwen writes several objects in one <tool_call>).
      raw.keepTo(i);
      raw.settle();
      newValue();
      state = VALUE;
      return i;
    }
    if (c === ',' || (options.repeat && c === ';')) {
      // Llama's `{…}; {…}`, and `{…}, {…}` in any block (Qwen puts several objects in one <tool_call>, issue 27):
      // the separator is the block's if a call follows it, text otherwise.
      commitAt(i);
      raw.skipTo(i + 1);
      pending = c;
      state = BEFORE_NEXT;
      return i + 1;
    }
    commitAt(i);
    // The call's text is final; junk on the same line is the answer's text, in its place before the closing
    // marker. Otherwise prose follows (the closing marker, if any, was forgotten).
    pending = '';
    state = end !== '' && !gap.includes('\n') ? JUNK : DONE;
    return i;
  }

  /** The junk was prose after all: it goes out as text and the section is over. */
  function junkIsProse(i: number): number {
    callbacks.onText(pending);
    pending = '';
    state = DONE;
    return i;
  }

  function junk(text: string, i: number): number {
    // Bounded: only the characters that can still be junk are looked at (each once), never the
    // rest of the chunk; a search for the line break without a bound made one long line quadratic.
    const n = text.length;
    const limit = Math.min(n, i + MAX_JUNK - pending.length);
    const first = end.charAt(0);
    let stop = i;
    while (stop < limit && text.charAt(stop) !== first && text.charAt(stop) !== '\n') stop++;
    pending += text.slice(i, stop);
    raw.skipTo(stop);
    // The line ended without the closing marker, or the junk grew too long: the junk was prose.
    if ((stop < limit && text.charAt(stop) === '\n') || pending.length >= MAX_JUNK) return junkIsProse(stop);
    if (stop < n) {
      state = CLOSING;
      closeMatched = 0;
      closeFrom = stop;
    }
    return stop;
  }

  function closing(text: string, from: number): number {
    let i = from;
    while (i < text.length && closeMatched < end.length && text.charAt(i) === end.charAt(closeMatched)) {
      i++;
      closeMatched++;
    }
    if (closeMatched === end.length) {
      if (pending !== '') {
        callbacks.onText(pending);
        callbacks.onError('Kept text the model wrote after a tool call but inside its delimiters.', {
          code: 'trailing-content',
          text: pending,
        });
        pending = '';
      }
      commitAt(i);
      state = DONE;
      return i;
    }
    if (i === text.length) return i;
    // Only looked like the closing marker (`<tool_call>` again, the model forgot to close the first): the
    // call stands, and what followed it is read again, from where the match began.
    i = closeFrom >= 0 ? closeFrom : writeFrom;
    leftover = closeFrom >= 0 ? '' : end.slice(0, closeCarried);
    // No value came before it: the marker is followed by no call.
    if (!reader.done) return giveBack(i, 'no JSON value follows the tool-call marker', undefined, leftover.length);
    raw.keepTo(i);
    raw.commit(leftover.length);
    if (pending !== '') callbacks.onText(pending);
    pending = '';
    state = DONE;
    return i;
  }

  function beforeNext(text: string, i: number): number {
    const c = text.charAt(i);
    if (isSpace(c)) {
      pending += c;
      raw.skipTo(i + 1);
      return i + 1;
    }
    // After a comma only an object is read on, unless the block has its own end or repeats (`[` may be prose).
    if (c === '{' || (c === '[' && (end !== '' || options.repeat))) {
      raw.keep(pending);
      pending = '';
      newValue();
      state = VALUE;
      return i;
    }
    // Not another call: in a block with a closing marker the separator is junk before it (on the same line, or
    // right before the marker), as any text there is.
    if (end !== '' && (c === end.charAt(0) || !(gap + pending).includes('\n'))) {
      state = JUNK;
      return i;
    }
    callbacks.onText(pending);
    pending = '';
    state = DONE;
    return i;
  }

  /** Each state's step, in the states' order (DONE has none). */
  const steps = [beforeValue, fenceOpen, value, afterValue, closing, junk, beforeNext, undefined, openBrace];

  function write(text: string, from: number): number {
    let i = from;
    raw.from(text, from);
    writeFrom = from;
    closeFrom = -1;
    closeCarried = closeMatched;
    while (i < text.length && state !== DONE) i = (steps[state] as typeof value)(text, i);
    if (state !== DONE) raw.keepTo(i);
    return i;
  }

  return {
    write,
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      switch (state) {
        case BEFORE_VALUE:
        case FENCE_OPEN:
          giveBack(0, 'the output ended before the tool call', 'unclosed-tool-call');
          break;
        case OPEN_BRACE:
          giveBack(0, 'the output ended inside the tool call', 'unclosed-tool-call');
          break;
        case VALUE:
          if (reader.end() && !calls.rejected && calls.failure === undefined) raw.commit();
          else
            giveBack(
              0,
              calls.failure ?? `the output ended inside the tool call${reader.inString ? ' (in a string)' : ''}`,
              'unclosed-tool-call',
            );
          break;
        case CLOSING:
          // Blanks, then a closing marker cut off by the end of the output: no call came.
          if (!reader.done) {
            giveBack(0, 'the output ended before the tool call', 'unclosed-tool-call');
            break;
          }
          if (pending !== '') callbacks.onText(pending);
          raw.commit();
          break;
        case AFTER_VALUE:
        case JUNK:
          // A missing (or cut-off) closing marker at the very end: the call still counts.
          // A closing marker cut off by the end of the output belongs to the call: it is dropped too. The
          // junk before it goes out first, so that debug output replays the text in its order.
          if (pending !== '') callbacks.onText(pending);
          raw.commit();
          break;
        case BEFORE_NEXT:
          if (pending !== '') callbacks.onText(pending);
          break;
      }
      state = DONE;
    },
  };
}
