/**
 * The streaming parser for JSON tool calls between fixed delimiters
 * (`<tool_call>…</tool_call>`, a ```tool_call fence) or, with empty
 * delimiters, for a bare JSON answer (the tool-choice path).
 *
 * Text outside calls streams straight through; only a tail that could be the
 * start of the opening delimiter is held back. Inside a call, each character
 * goes once through the JSON reader, which knows when it is inside a string,
 * so a closing delimiter written inside a string value does not end the call.
 *
 * A body that is not a valid call is emitted as text, verbatim, and onError
 * says why.
 */
import type { ParserCallbacks, ParserContext, StreamingParser } from '../protocols/protocol.ts';
import { type CallAssembler, createCallAssembler } from './call-assembler.ts';
import { searchDelimiter } from './delimiter.ts';
import { createJsonReader, type JsonReader } from './json-reader.ts';
import { createTextParts, type TextParts } from './text-parts.ts';

export interface JsonCallFormat {
  /** Opens a call. Empty: the input starts with the call (bare JSON). */
  start: string;
  /** Closes a call. Empty: the call ends with its JSON value. */
  end: string;
}

/** Prose, looking for `start`. */
const STATE_TEXT = 0;
/** After a bare-JSON call: everything else is prose. */
const STATE_PLAIN_TEXT = 1;
/** After `start`, before the JSON value. */
const STATE_BEFORE_VALUE = 2;
/** Inside a ```json fence line that opens the value. */
const STATE_FENCE_OPEN = 3;
const STATE_VALUE = 4;
/** The value is complete; waiting for `end`. */
const STATE_AFTER_VALUE = 5;
/** Part of `end` has been matched. */
const STATE_CLOSING = 6;
/** The body is broken; looking for `end` to know how much text to give back. */
const STATE_FAILED = 7;
type State =
  | typeof STATE_TEXT
  | typeof STATE_PLAIN_TEXT
  | typeof STATE_BEFORE_VALUE
  | typeof STATE_FENCE_OPEN
  | typeof STATE_VALUE
  | typeof STATE_AFTER_VALUE
  | typeof STATE_CLOSING
  | typeof STATE_FAILED;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export function createJsonCallParser(
  format: JsonCallFormat,
  context: ParserContext,
  callbacks: ParserCallbacks,
  options: { defaultToolName?: string | undefined } = {},
): StreamingParser {
  const { start, end } = format;
  let state: State = format.start === '' ? STATE_BEFORE_VALUE : STATE_TEXT;
  /** A partial delimiter from the end of the previous chunk (Text and Failed states). */
  let held = '';
  let closeMatched = 0;
  // Bare JSON has no opening delimiter: its body begins with the input, so it needs these at once.
  let assembler: CallAssembler = newAssembler();
  let reader: JsonReader = createJsonReader(assembler);
  let failure: string | undefined;
  /** The raw text of the current call block, kept to give it back verbatim if it fails. */
  let rawParts: TextParts = createTextParts();
  /** Non-space text after the value and before `end` (e.g. a stray `}`). */
  let junk = '';

  function newAssembler(): CallAssembler {
    return createCallAssembler({ context, callbacks, defaultToolName: options.defaultToolName });
  }

  function beginBody(): void {
    assembler = newAssembler();
    reader = createJsonReader(assembler);
    rawParts = createTextParts(start);
    junk = '';
    failure = undefined;
    state = STATE_BEFORE_VALUE;
  }

  function raw(): string {
    return rawParts.join();
  }

  function giveBack(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call'): void {
    const text = raw();
    const open = assembler.openCallId;
    if (open !== undefined) callbacks.onToolCallAbort({ id: open });
    if (text !== '') callbacks.onText(text);
    callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
  }

  function finishBody(): void {
    const nextState = end === '' && start === '' ? STATE_PLAIN_TEXT : STATE_TEXT;
    state = nextState;
    const failed = failure ?? assembler.failure;
    if (failed !== undefined) {
      giveBack(failed, 'malformed-tool-call');
      return;
    }
    // Joining the raw text costs a copy of the call; only pay it when someone reads it.
    if (callbacks.onCallSegment === undefined && junk === '') return;
    const text = raw();
    callbacks.onCallSegment?.(text);
    if (junk !== '') {
      const onlyBrackets = /^[\]}`]+$/.test(junk);
      callbacks.onError(
        onlyBrackets
          ? `Ignored stray "${junk}" after a tool call.`
          : 'Kept text the model wrote after a tool call but inside its delimiters.',
        { code: 'trailing-content', text },
      );
      if (!onlyBrackets) callbacks.onText(junk);
    }
  }

  function fail(reason: string): void {
    failure = reason;
    state = STATE_FAILED;
  }

  function feed(text: string): void {
    const n = text.length;
    let i = 0;
    /** Start of the part of this chunk that belongs to the current call block. */
    let segmentStart = 0;
    const inBody = () => state !== STATE_TEXT && state !== STATE_PLAIN_TEXT;

    while (i < n) {
      switch (state) {
        case STATE_TEXT: {
          const search = searchDelimiter(held, text, i, start);
          held = search.held;
          if (search.before !== '') callbacks.onText(search.before);
          i = search.resumeAt;
          if (search.found) {
            beginBody();
            segmentStart = i;
          }
          break;
        }
        case STATE_PLAIN_TEXT:
          callbacks.onText(text.slice(i));
          i = n;
          break;
        case STATE_BEFORE_VALUE: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else state = c === '`' ? STATE_FENCE_OPEN : STATE_VALUE;
          break;
        }
        case STATE_FENCE_OPEN: {
          // ```json (or ``` then a language word) before the value; ends at a newline or the value.
          const c = text.charAt(i);
          if (c === '{' || c === '[') state = STATE_VALUE;
          else {
            i++;
            if (c === '\n') state = STATE_BEFORE_VALUE;
          }
          break;
        }
        case STATE_VALUE: {
          const stop = reader.write(text, i);
          i = stop;
          if (reader.done) state = STATE_AFTER_VALUE;
          else if (stop < n) fail(reader.problem ?? 'the JSON is not valid');
          break;
        }
        case STATE_AFTER_VALUE: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else if (end !== '' && c === end.charAt(0)) {
            state = STATE_CLOSING;
            closeMatched = 0;
          } else if (c === '`' && end !== '') {
            i++; // the ``` that closes a ```json fence inside the delimiters
          } else if (end === '') {
            if (c === '`') i++;
            else {
              rawParts.push(text.slice(segmentStart, i));
              segmentStart = i;
              finishBody();
            }
          } else {
            junk += c;
            i++;
          }
          break;
        }
        case STATE_CLOSING: {
          while (i < n && closeMatched < end.length && text.charAt(i) === end.charAt(closeMatched)) {
            i++;
            closeMatched++;
          }
          if (closeMatched === end.length) {
            rawParts.push(text.slice(segmentStart, i));
            segmentStart = i;
            finishBody();
          } else if (i < n) {
            // It only looked like the closing delimiter.
            junk += end.slice(0, closeMatched);
            state = STATE_AFTER_VALUE;
            if (closeMatched === 0) {
              junk += text.charAt(i);
              i++;
            }
          }
          break;
        }
        case STATE_FAILED: {
          if (end === '') {
            i = n;
            break;
          }
          const search = searchDelimiter(held, text, i, end);
          held = search.held;
          i = search.resumeAt;
          if (search.found) {
            rawParts.push(text.slice(segmentStart, i));
            segmentStart = i;
            state = STATE_TEXT;
            giveBack(failure ?? 'the JSON is not valid', 'malformed-tool-call');
          }
          break;
        }
      }
    }
    if (inBody()) rawParts.push(text.slice(segmentStart, n));
  }

  function flush(): void {
    switch (state) {
      case STATE_TEXT:
        if (held !== '') callbacks.onText(held);
        break;
      case STATE_PLAIN_TEXT:
        break;
      case STATE_BEFORE_VALUE:
      case STATE_FENCE_OPEN:
        // Bare JSON that never started is no call at all; the caller reports that.
        if (start !== '' || raw().trim() !== '')
          giveBack('the output ended before the tool call', 'unclosed-tool-call');
        break;
      case STATE_VALUE:
        if (reader.end()) finishBody();
        else
          giveBack(
            `the output ended inside the tool call (${reader.inString ? 'in a string' : 'JSON incomplete'})`,
            'unclosed-tool-call',
          );
        break;
      case STATE_AFTER_VALUE:
      case STATE_CLOSING:
        // A missing (or cut-off) closing delimiter at the very end: the call still counts.
        finishBody();
        break;
      case STATE_FAILED:
        if (held !== '') rawParts.push(held);
        giveBack(failure ?? 'the JSON is not valid', 'malformed-tool-call');
        break;
    }
    held = '';
    state = start === '' ? STATE_PLAIN_TEXT : STATE_TEXT;
  }

  return { feed, flush };
}
