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
import { createCallSink } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { findDelimiter } from '../tag-steps.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from '../xml-args.ts';
import { collectTag, openTagStep, parseTag } from '../xml-tag.ts';
import { createEntityDecoder, createValueTrimmer, type TextStage } from '../xml-text.ts';
import { createXmlValueReader, type XmlValueReader } from '../xml-value-reader.ts';

/** Rest of the open tag (blanks, attributes, `/`) up to `>`. */
const OPEN_TAG = 0;
/** Between parameter elements. */
const BODY = 1;
/** Reading a tag after `<` inside the call. */
const BODY_TAG = 2;
/** A string parameter's raw text, up to its close tag. */
const RAW_VALUE = 3;
/** Another parameter's content, read as elements. */
const ELEMENT_VALUE = 4;
const DONE = 5;

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
  let closeTag = '';
  let held = '';
  let stage: TextStage | undefined;
  let reader: XmlValueReader | undefined;

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    raw.giveBack(reason, code, toolName);
    state = DONE;
  }

  function startCall(): void {
    sink.start(toolName, true);
    args = createXmlArgsWriter({
      args: sink.args,
      toolName,
      schema: context.tools.get(toolName)?.inputSchema,
      onError: callbacks.onError,
    });
  }

  function endCall(): void {
    args?.finish();
    sink.end();
    raw.commit();
    state = DONE;
  }

  function beginParam(name: string, selfClosing: boolean): void {
    const writer = args as XmlArgsWriter;
    paramName = name;
    state = BODY;
    if (writer.modeOf(name) === ParamMode.Stream) {
      const out = writer.beginString(name);
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
      state = RAW_VALUE;
      return;
    }
    if (selfClosing) {
      writer.addValue(name, '');
      params++;
      return;
    }
    reader = createXmlValueReader(name);
    state = ELEMENT_VALUE;
  }

  function endParam(): void {
    if (reader !== undefined) (args as XmlArgsWriter).addValue(paramName, reader.value);
    else stage?.end();
    reader = undefined;
    stage = undefined;
    params++;
    state = BODY;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < n && state !== DONE) {
      switch (state) {
        case OPEN_TAG: {
          const step = openTagStep(openTag, text.charAt(i));
          if (step === undefined) openTag += text.charAt(i++);
          else if (step === null) {
            keep();
            raw.giveBack(undefined);
            state = DONE;
            return i;
          } else {
            i++;
            startCall();
            if (step) {
              keep();
              endCall(); // `<list_files/>`: a call without arguments
              return i;
            }
            state = BODY;
          }
          break;
        }
        case BODY: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else if (c === '<') {
            state = BODY_TAG;
            tag = '';
            i++;
          } else {
            keep();
            fail(`text "${c}…" where a parameter element was expected`);
            return i;
          }
          break;
        }
        case BODY_TAG: {
          const got = collectTag(tag, text, i);
          tag = got.inner;
          i = got.stop;
          if (got.status === 'open') break;
          if (got.status === 'abort') {
            keep();
            fail(`"<${tag.slice(0, 20)}" is not a tag`);
            return i;
          }
          const parsed = parseTag(tag);
          if (parsed?.kind === 'close' && parsed.name === toolName) {
            keep();
            endCall();
            return i;
          }
          if (parsed?.kind === 'open' || parsed?.kind === 'self-closing') {
            beginParam(parsed.name, parsed.kind === 'self-closing');
          } else {
            keep();
            fail(`unexpected <${tag}> inside the call`);
            return i;
          }
          break;
        }
        case RAW_VALUE: {
          const search = findDelimiter(held, text, i, closeTag);
          held = search.held;
          if (search.before !== '') stage?.write(search.before);
          i = search.resumeAt;
          if (search.found) endParam();
          break;
        }
        case ELEMENT_VALUE: {
          const element = reader as XmlValueReader;
          i = element.write(text, i);
          if (element.done) endParam();
          break;
        }
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
      if (state === DONE) return;
      if (state === OPEN_TAG) {
        // `<get_weather` and nothing after it: not a call.
        raw.giveBack(undefined);
      } else if (state === BODY && params > 0) {
        endCall(); // the outer close tag is missing at the very end: the call counts
      } else if (state === BODY_TAG && `/${toolName}`.startsWith(tag) && params > 0) {
        endCall();
      } else if (state === BODY || state === BODY_TAG) {
        fail(
          state === BODY ? 'the output ended right after the opening tag' : 'the output ended inside a tag',
          'unclosed-tool-call',
        );
      } else fail(`the output ended inside <${paramName}>`, 'unclosed-tool-call');
      state = DONE;
    },
  };
}
