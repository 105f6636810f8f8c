/**
 * morph-XML calls: one element per call, named after the tool, one child
 * element per parameter. The trigger is a declared tool's `<get_weather`, so
 * other tags (`<b>`, `<div class="x">`, an undeclared `<launch_rocket>`) are
 * prose, and a `<` is held back only while it can still become a declared
 * tool's tag.
 *
 * A string parameter is raw text up to its own close tag (code with `<`,
 * `&&` and tags is kept), entities decoded, streamed as it arrives; other
 * parameters are read as elements and typed by the schema (xml-args.ts).
 */
import { isSpace } from '../../json/chars.ts';
import { createCallSink } from '../engine/call-sink.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { findDelimiter } from '../engine/tag-steps.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from '../readers/xml-args.ts';
import { collectTag, openTagStep, parseTag } from '../readers/xml-tag.ts';
import { createEntityDecoder, createValueTrimmer, type TextStage } from '../readers/xml-text.ts';
import { createXmlValueReader } from '../readers/xml-value-reader.ts';

/** Rest of the open tag (blanks, attributes, `/`) up to `>`. */
const OPEN_TAG = 0;
/** Between parameter elements. */
const BODY = 1;
/** Reading a tag after `<` inside the call. */
const BODY_TAG = 2;
/** A parameter's value (readValue or readElement). */
const VALUE = 3;
const DONE = 4;

/** Reads a parameter's value from `i`; returns where it stopped. */
type ValueStep = (text: string, i: number) => number;

/**
 * Reads another parameter's content as elements (xml-value-reader.ts) up to
 * its close tag, then gives `writer` the value and calls `ended`.
 */
function readElements(writer: XmlArgsWriter, name: string, ended: () => void): ValueStep {
  const reader = createXmlValueReader(name);
  return (text, i) => {
    const stop = reader.write(text, i);
    if (reader.done) {
      writer.addValue(name, reader.value);
      ended();
    }
    return stop;
  };
}

/**
 * Reads a string parameter's raw text up to its close tag `</name>` (code
 * with `<`, `&&` and tags is kept) into `out` as it arrives, one line break
 * at each end dropped, entities decoded. The returned function reads from `i`
 * and returns where it stopped; at the close tag it ends `out`, then `ended`.
 */
function readRawText(out: TextStage, name: string, ended: () => void): ValueStep {
  const decoder = createEntityDecoder((t) => out.write(t));
  const trimmer = createValueTrimmer((t) => decoder.write(t));
  const closeTag = `</${name}>`;
  let held = '';
  return (text, i) => {
    const search = findDelimiter(held, text, i, closeTag);
    held = search.held;
    if (search.before !== '') trimmer.write(search.before);
    if (search.found) {
      trimmer.end();
      decoder.end();
      out.end();
      ended();
    }
    return search.resumeAt;
  };
}

/**
 * A parameter's element opened: the step that reads its value up to its close tag, then calls `ended`.
 * `<name/>` has an empty value, written (and `ended`) at once.
 */
function paramValue(
  writer: XmlArgsWriter,
  name: string,
  selfClosing: boolean,
  ended: () => void,
): ValueStep | undefined {
  const streamed = writer.modeOf(name) === ParamMode.Stream;
  if (!selfClosing)
    return streamed ? readRawText(writer.beginString(name), name, ended) : readElements(writer, name, ended);
  if (streamed) writer.beginString(name).end();
  else writer.addValue(name, '');
  ended();
}

export function openXmlElement(env: SectionEnv, marker: string): Section {
  const { context, callbacks } = env;
  const toolName = marker.slice(1);
  const sink = createCallSink(context, callbacks);
  const raw = createRawBlock(callbacks, marker);
  let state = OPEN_TAG;
  let openTag = '';
  let args: XmlArgsWriter | undefined;
  let params = 0;
  let tag = '';
  // The open parameter.
  let paramName = '';
  let readValue: ValueStep | undefined;

  /** No reason: the tag was prose, nothing to report. */
  function fail(reason?: string, code?: 'unclosed-tool-call'): void {
    sink.abort();
    raw.giveBack(reason, code, toolName);
    state = DONE;
  }

  function endCall(): void {
    args?.finish();
    sink.end();
    raw.commit();
    state = DONE;
  }

  /** The open parameter's value ended. */
  function endParam(): void {
    params++;
    state = BODY;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < n && state !== DONE) {
      if (state === VALUE) i = (readValue as ValueStep)(text, i);
      else if (state === OPEN_TAG) {
        const step = openTagStep(openTag, text.charAt(i));
        if (step === undefined) openTag += text.charAt(i++);
        else if (step === null) {
          keep();
          fail(); // another tag (`<get_weather_v2>`, HTML): prose
        } else {
          i++;
          sink.start(toolName, true);
          const schema = context.tools.get(toolName)?.inputSchema;
          args = createXmlArgsWriter({ args: sink.args, toolName, schema, onError: callbacks.onError });
          state = BODY;
          if (step) {
            keep();
            endCall(); // `<list_files/>`: a call without arguments
          }
        }
      } else if (state === BODY) {
        const c = text.charAt(i);
        if (isSpace(c)) i++;
        else if (c === '<') {
          state = BODY_TAG;
          tag = '';
          i++;
        } else {
          keep();
          fail(`text "${c}…" where a parameter element was expected`);
        }
      } else {
        // BODY_TAG: a tag after `<` inside the call.
        const got = collectTag(tag, text, i);
        tag = got.inner;
        i = got.stop;
        if (got.status === 'open') continue;
        const parsed = got.status === 'closed' ? parseTag(tag) : undefined;
        if (parsed?.kind === 'open' || parsed?.kind === 'self-closing') {
          paramName = parsed.name;
          state = VALUE; // endParam ends it (at once for `<name/>`)
          readValue = paramValue(args as XmlArgsWriter, paramName, parsed.kind === 'self-closing', endParam);
          continue;
        }
        keep();
        if (parsed?.kind === 'close' && parsed.name === toolName) endCall();
        else if (got.status === 'abort') fail(`"<${tag.slice(0, 20)}" is not a tag`);
        else fail(`unexpected <${tag}> inside the call`);
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
    end() {
      if (state === OPEN_TAG)
        fail(); // `<get_weather` and nothing after it: not a call
      else if (params > 0 && (state === BODY || (state === BODY_TAG && `/${toolName}`.startsWith(tag)))) {
        endCall(); // the outer close tag is missing, or cut off, at the very end: the call counts
      } else if (state === BODY || state === BODY_TAG) {
        fail(
          state === BODY ? 'the output ended right after the opening tag' : 'the output ended inside a tag',
          'unclosed-tool-call',
        );
      } else if (state !== DONE) fail(`the output ended inside <${paramName}>`, 'unclosed-tool-call');
    },
  };
}
