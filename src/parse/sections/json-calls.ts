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
 * - `repeat`: several values separated by `;`, `,` or newlines (Llama 3.x).
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
}

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
  /** Within the chunk being written: where the raw text not yet kept starts. */
  let segmentStart = 0;
  let chunk = '';
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
    const stop = reader.index + 1;
    raw.keep(chunk.slice(segmentStart, stop));
    segmentStart = stop;
    raw.settle();
  }

  if (options.fenced) state = FENCE_OPEN;
  else if (options.markerIsValue && marker.endsWith('{')) state = OPEN_BRACE;
  else if (options.markerIsValue) {
    reader.write(marker.slice(Math.max(marker.lastIndexOf('['), marker.lastIndexOf('{'))));
    state = VALUE;
  }

  function giveBack(reason: string | undefined, code: 'malformed-tool-call' | 'unclosed-tool-call'): void {
    sink.abort();
    // A bare `{` or `[` that never became a call was prose all along: nothing to report.
    const quiet = calls.rejected || (options.declaredOnly === true && !started);
    raw.giveBack(quiet ? undefined : reason, code);
    state = DONE;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    chunk = text;
    segmentStart = from;
    closeFrom = -1;
    closeCarried = closeMatched;
    const keep = () => {
      raw.keep(text.slice(segmentStart, i));
      segmentStart = i;
    };
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      switch (state) {
        case BEFORE_VALUE:
          if (isSpace(c)) i++;
          else if (c === '{' && options.listOnly === true) {
            keep();
            giveBack('only a list of calls counts here', 'malformed-tool-call');
            return i;
          } else if (c === '{' && values === 1) {
            i++;
            state = OPEN_BRACE;
          } else if (c === '{' || c === '[') state = VALUE;
          else if (c === '`' && values === 1) state = FENCE_OPEN;
          else {
            keep();
            giveBack('no JSON value follows the tool-call marker', 'malformed-tool-call');
            return i;
          }
          break;
        case OPEN_BRACE:
          if (c === '{') doubled = true;
          else reader.write('{'); // the brace read before was the value's own
          state = VALUE;
          break;
        case FENCE_OPEN:
          // The fence's info string: only ```json (or a bare ```) holds a call.
          if (c === '{' || c === '[' || c === '\n') {
            const info = fenceInfo.trim().toLowerCase();
            if (info !== '' && info !== 'json') {
              keep();
              giveBack(`a \`\`\`${info} fence holds no tool call`, 'malformed-tool-call');
              return i;
            }
            state = c === '\n' || (c === '{' && options.listOnly === true) ? BEFORE_VALUE : VALUE;
            if (c === '\n') i++;
          } else if (fenceInfo.length > 16) {
            keep();
            giveBack('the fence holds no tool call', 'malformed-tool-call');
            return i;
          } else {
            if (c !== '`') fenceInfo += c;
            i++;
          }
          break;
        case VALUE:
          i = reader.write(text, i);
          if (calls.rejected || calls.failure !== undefined) {
            keep();
            giveBack(calls.failure, 'malformed-tool-call');
            return i;
          }
          if (reader.done && calls.completed === 0 && !started) {
            // `functools[]`, `<tool_call>[]`: a call list with nothing in it is no call; its text stays.
            keep();
            giveBack('the tool-call list is empty', 'malformed-tool-call');
            return i;
          }
          if (reader.done) {
            // Right after the closing bracket: the reader also skips the blanks after a value, but
            // whether a line break follows it must not depend on the chunking.
            i = reader.index + 1;
            state = AFTER_VALUE;
            gap = '';
          } else if (i < n) {
            keep();
            giveBack(reader.problem ?? 'the JSON is not valid', 'malformed-tool-call');
            return i;
          }
          break;
        case AFTER_VALUE:
          if (end !== '' && c === end.charAt(0)) {
            // The closing marker first: for Gemma it is ``` itself, which must not be eaten as a fence closer.
            state = CLOSING;
            closeMatched = 0;
            closeFrom = i;
          } else if (isSpace(c) || c === '`') {
            gap += c;
            i++;
          } else if (doubled && c === '}') {
            doubled = false;
            i++;
          } else if (end !== '' && (c === '}' || c === ']')) {
            i++;
            callbacks.onError(`Ignored a stray "${c}" after a tool call.`, { code: 'trailing-content' });
          } else if ((end !== '' || options.repeat) && (c === '{' || c === '[')) {
            // Another call in the same block (Qwen writes several objects in one <tool_call>).
            keep();
            raw.settle();
            newValue();
            state = VALUE;
          } else if (options.repeat && (c === ';' || c === ',')) {
            // Llama's `{…}; {…}`: the separator is the block's if a call follows it, text otherwise.
            keep();
            raw.commit();
            i++;
            segmentStart = i;
            pending = c;
            state = BEFORE_NEXT;
          } else if (end !== '' && !gap.includes('\n')) {
            // The call's text is final; the junk is the answer's text, in its place before the closing marker.
            keep();
            raw.commit();
            state = JUNK;
            pending = '';
          } else {
            // Prose follows (the closing marker, if any, was forgotten).
            keep();
            raw.commit();
            state = DONE;
            return i;
          }
          break;
        case JUNK: {
          // Bounded: only the characters that can still be junk are looked at (each once), never the
          // rest of the chunk; a search for the line break without a bound made one long line quadratic.
          const limit = Math.min(n, i + MAX_JUNK - pending.length);
          const first = end.charAt(0);
          let stop = i;
          while (stop < limit && text.charAt(stop) !== first && text.charAt(stop) !== '\n') stop++;
          pending += text.slice(i, stop);
          i = stop;
          segmentStart = i;
          if (stop < limit && text.charAt(stop) === '\n') {
            // The line ended without the closing marker: the junk was prose.
            raw.commit();
            callbacks.onText(pending);
            pending = '';
            state = DONE;
            return i;
          }
          if (pending.length >= MAX_JUNK) {
            raw.commit();
            callbacks.onText(pending);
            pending = '';
            state = DONE;
            return i;
          }
          if (stop < n) {
            state = CLOSING;
            closeMatched = 0;
            closeFrom = i;
          }
          break;
        }
        case CLOSING:
          while (i < n && closeMatched < end.length && text.charAt(i) === end.charAt(closeMatched)) {
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
            keep();
            raw.commit();
            state = DONE;
          } else if (i < n) {
            // Only looked like the closing marker (`<tool_call>` again, the model forgot to close the
            // first): the call stands, and what followed it is read again, from where the match began.
            i = closeFrom >= 0 ? closeFrom : from;
            leftover = closeFrom >= 0 ? '' : end.slice(0, closeCarried);
            keep();
            raw.commit(leftover.length);
            if (pending !== '') callbacks.onText(pending);
            pending = '';
            state = DONE;
            return i;
          }
          break;
        case BEFORE_NEXT:
          if (isSpace(c)) {
            pending += c;
            i++;
            segmentStart = i;
          } else if (c === '{' || c === '[') {
            raw.keep(pending);
            pending = '';
            newValue();
            state = VALUE;
          } else {
            callbacks.onText(pending);
            pending = '';
            state = DONE;
          }
          break;
      }
    }
    if (state !== DONE) keep();
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
          giveBack('the output ended before the tool call', 'unclosed-tool-call');
          break;
        case OPEN_BRACE:
          giveBack('the output ended inside the tool call', 'unclosed-tool-call');
          break;
        case VALUE:
          if (reader.end() && !calls.rejected && calls.failure === undefined) raw.commit();
          else
            giveBack(
              calls.failure ?? `the output ended inside the tool call${reader.inString ? ' (in a string)' : ''}`,
              'unclosed-tool-call',
            );
          break;
        case AFTER_VALUE:
        case CLOSING:
        case JUNK:
          // A missing (or cut-off) closing marker at the very end: the call still counts.
          // A closing marker cut off by the end of the output belongs to the call: it is dropped too.
          raw.commit();
          if (pending !== '') callbacks.onText(pending);
          break;
        case BEFORE_NEXT:
          if (pending !== '') callbacks.onText(pending);
          break;
      }
      state = DONE;
    },
  };
}
