/**
 * The streaming parser for morph-XML calls: one element per call, named after
 * the tool, one child element per parameter.
 *
 * Only a declared tool name opens a call, so prose with HTML (`<b>`, `<div>`)
 * passes straight through: a `<` is held back only while what follows it is
 * still a prefix of some `<tool_name`. Inside a call, a string parameter is
 * raw text up to its own close tag (code with `<`, `&&` and tags is kept),
 * streamed as it arrives; other parameters are read as elements.
 *
 * A call that proves malformed is given back as text, verbatim, and onError
 * says why.
 */
import type { ParserCallbacks, ParserContext, StreamingParser } from '../protocols/protocol.ts';
import type { ToolshimErrorCode } from '../types.ts';
import { searchDelimiter } from './delimiter.ts';
import { createTextParts, type TextParts } from './text-parts.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from './xml-args.ts';
import { collectTag, parseTag } from './xml-tag.ts';
import { createEntityDecoder, createValueTrimmer, type TextStage } from './xml-text.ts';
import { createXmlValueReader, type XmlValueReader } from './xml-value-reader.ts';

const State = {
  /** Prose. */
  Text: 0,
  /** After a `<` in prose: could still become `<tool_name>`. */
  MaybeCall: 1,
  /** Inside a call, between parameter elements. */
  Body: 2,
  /** Inside a call, reading a tag after `<`. */
  BodyTag: 3,
  /** A string parameter's raw text, up to its close tag. */
  RawValue: 4,
  /** Another parameter's content, read as elements. */
  ElementValue: 5,
} as const;
type State = (typeof State)[keyof typeof State];

/** `<get_weather   >`: blanks before `>` are fine, but a `<name` followed by a long run of them is prose. */
const MAX_CALL_TAG_LENGTH = 64;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export function createMorphXmlParser(context: ParserContext, callbacks: ParserCallbacks): StreamingParser {
  const toolNames = [...context.tools.keys()];
  let state: State = State.Text;
  /** MaybeCall: the text since `<`, the name part, and whether the name is complete. */
  let look = '';
  let candidate = '';
  let nameDone = false;

  // The open call.
  let toolName = '';
  let id = '';
  let writer: XmlArgsWriter | undefined;
  let params = 0;
  /** The call's raw text so far (earlier chunks), to give back verbatim if it fails. */
  let rawParts: TextParts = createTextParts();
  /** Where the call's text in the current chunk starts. */
  let segmentStart = 0;
  let tag = '';

  // The open parameter.
  let closeTag = '';
  let held = '';
  let stage: TextStage | undefined;
  let reader: XmlValueReader | undefined;
  let paramName = '';

  function isPrefixOfTool(name: string): boolean {
    return toolNames.some((tool) => tool.startsWith(name));
  }

  function startCall(selfClosing: boolean): void {
    toolName = candidate;
    id = context.generateId();
    params = 0;
    callbacks.onToolCallStart({ id, toolName });
    writer = createXmlArgsWriter({ id, toolName, schema: context.tools.get(toolName)?.inputSchema, callbacks });
    rawParts = createTextParts(look);
    if (selfClosing) endCall('');
    else state = State.Body;
  }

  function endCall(lastPiece: string): void {
    const input = (writer as XmlArgsWriter).finish();
    callbacks.onToolCallEnd({ id, toolName, input });
    callbacks.onCallSegment?.(rawParts.join() + lastPiece);
    reset();
  }

  function reset(): void {
    writer = undefined;
    stage = undefined;
    reader = undefined;
    rawParts = createTextParts();
    held = '';
    tag = '';
    state = State.Text;
  }

  /** Gives the call's text back as prose; `lastPiece` is its text in the current chunk. */
  function giveBack(lastPiece: string, reason: string, code: ToolshimErrorCode): void {
    const text = rawParts.join() + lastPiece;
    callbacks.onToolCallAbort({ id });
    callbacks.onText(text);
    callbacks.onError(`Kept a malformed <${toolName}> call as text: ${reason}.`, { code, text, toolName });
    reset();
  }

  function beginParam(name: string, selfClosing: boolean): void {
    const w = writer as XmlArgsWriter;
    paramName = name;
    if (w.modeOf(name) === ParamMode.Stream) {
      const out = w.beginString(name);
      const decoder = createEntityDecoder((t) => out.write(t));
      const trimmer = createValueTrimmer((t) => decoder.write(t));
      stage = {
        write: (t) => trimmer.write(t),
        end() {
          trimmer.end();
          decoder.end();
          out.end();
        },
      };
      if (selfClosing) {
        endParam();
        return;
      }
      closeTag = `</${name}>`;
      held = '';
      state = State.RawValue;
      return;
    }
    if (selfClosing) {
      w.addValue(name, '');
      params++;
      return;
    }
    reader = createXmlValueReader(name);
    state = State.ElementValue;
  }

  function endParam(): void {
    if (reader !== undefined) (writer as XmlArgsWriter).addValue(paramName, reader.value);
    else stage?.end();
    reader = undefined;
    stage = undefined;
    params++;
    state = State.Body;
  }

  function feed(text: string): void {
    const n = text.length;
    let i = 0;
    segmentStart = 0;
    while (i < n) {
      switch (state) {
        case State.Text: {
          const lt = text.indexOf('<', i);
          const stop = lt < 0 ? n : lt;
          if (stop > i) callbacks.onText(text.slice(i, stop));
          i = stop;
          if (lt >= 0) {
            state = State.MaybeCall;
            look = '<';
            candidate = '';
            nameDone = false;
            i++;
          }
          break;
        }
        case State.MaybeCall: {
          const c = text.charAt(i);
          const known = context.tools.has(candidate);
          if (!nameDone && c !== '>' && c !== '/' && !isSpace(c) && isPrefixOfTool(candidate + c)) {
            candidate += c;
          } else if (known && c === '>' && !look.endsWith('/')) {
            look += c;
            i++;
            segmentStart = i;
            startCall(false);
            break;
          } else if (known && c === '>') {
            look += c;
            i++;
            segmentStart = i;
            startCall(true);
            break;
          } else if (known && !look.endsWith('/') && (c === '/' || (isSpace(c) && look.length < MAX_CALL_TAG_LENGTH))) {
            nameDone = true;
          } else {
            // Not a declared tool's tag: the `<…` so far is prose; re-read `c` as prose.
            callbacks.onText(look);
            state = State.Text;
            break;
          }
          look += c;
          i++;
          break;
        }
        case State.Body: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else if (c === '<') {
            state = State.BodyTag;
            tag = '';
            i++;
          } else {
            giveBack(
              text.slice(segmentStart, i),
              `text "${c}…" where a parameter element was expected`,
              'malformed-tool-call',
            );
          }
          break;
        }
        case State.BodyTag: {
          const got = collectTag(tag, text, i);
          tag = got.inner;
          if (got.status === 'open') {
            i = got.stop;
            break;
          }
          if (got.status === 'abort') {
            giveBack(text.slice(segmentStart, got.stop), `"<${tag.slice(0, 20)}" is not a tag`, 'malformed-tool-call');
            i = got.stop;
            break;
          }
          i = got.stop;
          const parsed = parseTag(tag);
          if (parsed?.kind === 'close' && parsed.name === toolName) endCall(text.slice(segmentStart, i));
          else if (parsed?.kind === 'open' || parsed?.kind === 'self-closing') {
            state = State.Body;
            beginParam(parsed.name, parsed.kind === 'self-closing');
          } else giveBack(text.slice(segmentStart, i), `unexpected <${tag}> inside the call`, 'malformed-tool-call');
          break;
        }
        case State.RawValue: {
          const search = searchDelimiter(held, text, i, closeTag);
          held = search.held;
          if (search.before !== '') stage?.write(search.before);
          i = search.resumeAt;
          if (search.found) endParam();
          break;
        }
        case State.ElementValue: {
          i = (reader as XmlValueReader).write(text, i);
          if ((reader as XmlValueReader).done) endParam();
          break;
        }
      }
    }
    if (state === State.MaybeCall) return; // `look` holds the chars
    if (writer !== undefined) rawParts.push(text.slice(segmentStart, n));
  }

  function flush(): void {
    switch (state) {
      case State.Text:
        break;
      case State.MaybeCall:
        callbacks.onText(look);
        break;
      case State.Body:
        // The outer close tag is missing at the very end: the call counts if a parameter was read.
        if (params > 0) endCall('');
        else giveBack('', 'the output ended right after the opening tag', 'unclosed-tool-call');
        break;
      case State.BodyTag:
        if (`/${toolName}`.startsWith(tag) && params > 0) endCall('');
        else giveBack('', 'the output ended inside a tag', 'unclosed-tool-call');
        break;
      case State.RawValue:
      case State.ElementValue:
        // `held` and a partial tag are already in rawParts: every consumed char is.
        giveBack('', `the output ended inside <${paramName}>`, 'unclosed-tool-call');
        break;
    }
    reset();
  }

  return { feed, flush };
}
