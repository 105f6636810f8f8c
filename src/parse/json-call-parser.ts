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

const State = {
  /** Prose, looking for `start`. */
  Text: 0,
  /** After a bare-JSON call: everything else is prose. */
  PlainText: 1,
  /** After `start`, before the JSON value. */
  BeforeValue: 2,
  /** Inside a ```json fence line that opens the value. */
  FenceOpen: 3,
  Value: 4,
  /** The value is complete; waiting for `end`. */
  AfterValue: 5,
  /** Part of `end` has been matched. */
  Closing: 6,
  /** The body is broken; looking for `end` to know how much text to give back. */
  Failed: 7,
} as const;
type State = (typeof State)[keyof typeof State];

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
  let state: State = format.start === '' ? State.BeforeValue : State.Text;
  /** A partial delimiter from the end of the previous chunk (Text and Failed states). */
  let held = '';
  let closeMatched = 0;
  let reader: JsonReader = createJsonReader(noSink());
  let assembler: CallAssembler | undefined;
  let failure: string | undefined;
  /** The raw text of the current call block, kept to give it back verbatim if it fails. */
  let rawParts: TextParts = createTextParts();
  /** Non-space text after the value and before `end` (e.g. a stray `}`). */
  let junk = '';

  function beginBody(): void {
    assembler = createCallAssembler({ context, callbacks, defaultToolName: options.defaultToolName });
    reader = createJsonReader(assembler);
    rawParts = createTextParts(start);
    junk = '';
    failure = undefined;
    state = State.BeforeValue;
  }

  function raw(): string {
    return rawParts.join();
  }

  function giveBack(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call'): void {
    const text = raw();
    const open = assembler?.openCallId;
    if (open !== undefined) callbacks.onToolCallAbort({ id: open });
    if (text !== '') callbacks.onText(text);
    callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
  }

  function finishBody(): void {
    const nextState = end === '' && start === '' ? State.PlainText : State.Text;
    state = nextState;
    const failed = failure ?? assembler?.failure;
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
    state = State.Failed;
  }

  function feed(text: string): void {
    const n = text.length;
    let i = 0;
    /** Start of the part of this chunk that belongs to the current call block. */
    let segmentStart = 0;
    const inBody = () => state !== State.Text && state !== State.PlainText;

    while (i < n) {
      switch (state) {
        case State.Text: {
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
        case State.PlainText:
          callbacks.onText(text.slice(i));
          i = n;
          break;
        case State.BeforeValue: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else state = c === '`' ? State.FenceOpen : State.Value;
          if (assembler === undefined) beginBodyBare();
          break;
        }
        case State.FenceOpen: {
          // ```json (or ``` then a language word) before the value; ends at a newline or the value.
          const c = text.charAt(i);
          if (c === '{' || c === '[') state = State.Value;
          else {
            i++;
            if (c === '\n') state = State.BeforeValue;
          }
          break;
        }
        case State.Value: {
          const stop = reader.write(text, i);
          i = stop;
          if (reader.done) state = State.AfterValue;
          else if (stop < n) fail(reader.problem ?? 'the JSON is not valid');
          break;
        }
        case State.AfterValue: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else if (end !== '' && c === end.charAt(0)) {
            state = State.Closing;
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
        case State.Closing: {
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
            state = State.AfterValue;
            if (closeMatched === 0) {
              junk += text.charAt(i);
              i++;
            }
          }
          break;
        }
        case State.Failed: {
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
            state = State.Text;
            giveBack(failure ?? 'the JSON is not valid', 'malformed-tool-call');
          }
          break;
        }
      }
    }
    if (inBody()) rawParts.push(text.slice(segmentStart, n));
  }

  /** Bare JSON has no opening delimiter, so the body begins with the input. */
  function beginBodyBare(): void {
    assembler = createCallAssembler({ context, callbacks, defaultToolName: options.defaultToolName });
    reader = createJsonReader(assembler);
    rawParts = createTextParts();
  }

  function flush(): void {
    switch (state) {
      case State.Text:
        if (held !== '') callbacks.onText(held);
        break;
      case State.PlainText:
        break;
      case State.BeforeValue:
      case State.FenceOpen:
        // Bare JSON that never started is no call at all; the caller reports that.
        if (start !== '' || raw().trim() !== '')
          giveBack('the output ended before the tool call', 'unclosed-tool-call');
        break;
      case State.Value:
        if (reader.end()) finishBody();
        else
          giveBack(
            `the output ended inside the tool call (${reader.inString ? 'in a string' : 'JSON incomplete'})`,
            'unclosed-tool-call',
          );
        break;
      case State.AfterValue:
      case State.Closing:
        // A missing (or cut-off) closing delimiter at the very end: the call still counts.
        finishBody();
        break;
      case State.Failed:
        if (held !== '') rawParts.push(held);
        giveBack(failure ?? 'the JSON is not valid', 'malformed-tool-call');
        break;
    }
    held = '';
    state = start === '' ? State.PlainText : State.Text;
  }

  return { feed, flush };
}

function noSink() {
  const ignore = () => {};
  return {
    beginObject: ignore,
    endObject: ignore,
    beginArray: ignore,
    endArray: ignore,
    key: ignore,
    beginString: ignore,
    stringChunk: ignore,
    endString: ignore,
    scalar: ignore,
  };
}
