/**
 * A call whose tool name comes in a header before its JSON arguments:
 *   Mistral v11/v13   `[TOOL_CALLS]get_weather[ARGS]{…}`
 *   Kimi K2           `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`
 *   DeepSeek V3/R1    `<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{…}\n```<｜tool▁call▁end｜>`
 *   DeepSeek V3.1     `<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`
 *   gpt-oss Harmony   `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{…}<|call|>`
 *
 * The call is announced once the header is complete; the arguments then
 * stream through the JSON reader into the call's ArgsStreamer.
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import { createCallSink } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { noteCallText } from './lone-end.ts';

export interface NamedJsonOptions {
  /** Ends the header. */
  headerEnd: string;
  /**
   * The tool name from the header, or undefined when the header is not a call
   * (then the text goes back as prose; `quiet` says whether that is an error).
   */
  toolName: (header: string) => string | undefined;
  /** DeepSeek V3: a header equal to `when` means the name follows, up to `end`. */
  nameAfter?: { when: string; end: string };
  /** Markers that may close the call after its arguments (consumed when present). */
  end?: readonly string[];
  /** A header that names no tool is ordinary text, not a malformed call. */
  quiet?: boolean;
  /** Longest header accepted before giving up. Default 256. */
  maxHeader?: number;
  /**
   * Markers that cannot be inside a header: where one appears first, the
   * header was not a call's (Harmony: a broken `<|mesage|>` must not make the
   * next message's header this one's), and the marker is read again as prose.
   * For `headerOnly`, the first one begins the next message and the others end
   * this one.
   */
  headerStops?: readonly string[];
  /**
   * A header that is not a call may still open something else (Harmony's
   * `analysis` channel opens thinking, `final` the answer text): the section
   * it returns reads the rest. The header's markup is then dropped.
   */
  route?: (header: string, env: SectionEnv) => ((env: SectionEnv, marker: string) => Section) | undefined;
  /** The arguments' `{` may end the header without `headerEnd` (Mistral `[TOOL_CALLS]name{…}`). */
  valueEndsHeader?: boolean;
  /**
   * A header that runs into a header stop before `headerEnd` came may be a
   * message by itself (Harmony's `<|channel|>analysis I must refuse<|end|>`,
   * which harmony's own non-strict reader accepts): when this pattern matches
   * the header and `route` routes it, its first group is the message, read by
   * the routed section. A stop that ends the message is its markup and is
   * consumed; the one that begins the next message is left to the scanner.
   */
  headerOnly?: RegExp;
}

// What the section reads next:
const HEADER = 0;
const NAME = 1;
const BEFORE_ARGS = 2;
const FENCE = 3;
const ARGS = 4;
const AFTER_ARGS = 5;
const CLOSING = 6;
const DONE = 7;
/** The header routed the rest to another section. */
const ROUTED = 8;

export function openNamedJson(env: SectionEnv, marker: string, options: NamedJsonOptions): Section {
  const { context, callbacks } = env;
  const sink = createCallSink(context, callbacks);
  const raw = createRawBlock(callbacks, marker);
  const ends = options.end ?? [];
  const maxHeader = options.maxHeader ?? 256;
  let state = HEADER;
  let header = '';
  /** The end marker being matched, and how much of it. */
  let closing = '';
  let closeMatched = 0;
  /** Where matching the end marker began in the text being written; -1: in an earlier chunk. */
  let closeFrom = -1;
  /** How much of the end marker was matched in earlier chunks. */
  let closeCarried = 0;
  let leftover = '';
  let inner: Section | undefined;
  let reader: JsonReader | undefined;
  noteCallText(callbacks, false);

  function fail(
    reason: string | undefined,
    code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call',
  ) {
    noteCallText(callbacks, true);
    sink.abort();
    raw.giveBack(reason, code, undefined, leftover.length);
    state = DONE;
  }

  /**
   * Reads up to `delimiter` into `header`; true once it was found. Looks at
   * no more than `maxHeader` characters, so prose that merely starts like a
   * header is given back without swallowing the rest of a large chunk.
   */
  function readHeader(
    text: string,
    i: number,
    delimiter: string,
  ): { i: number; found: boolean; gaveUp: boolean; stop?: string } {
    const before = header.length;
    const joined = header + text.slice(i, i + Math.max(0, maxHeader + delimiter.length - before));
    const delimiterAt = joined.indexOf(delimiter, Math.max(0, before - delimiter.length + 1));
    const braceAt = options.valueEndsHeader === true && state === HEADER ? joined.indexOf('{', before) : -1;
    // The `{` ends the header first: it is the arguments', so it is not consumed.
    const byBrace = braceAt >= 0 && (delimiterAt < 0 || braceAt < delimiterAt);
    const at = byBrace ? braceAt : delimiterAt;
    // Where the header must end at the latest: a stop marker, or the length limit.
    let cut = at >= 0 && at <= maxHeader ? at : maxHeader;
    let stopped: string | undefined;
    for (const stop of options.headerStops ?? []) {
      const s = joined.indexOf(stop, Math.max(0, before - stop.length + 1));
      if (s >= 0 && s < cut) {
        cut = s;
        stopped = stop;
      }
    }
    if (at >= 0 && at === cut && !stopped) {
      header = joined.slice(0, at);
      return { i: i + at + (byBrace ? 0 : delimiter.length) - before, found: true, gaveUp: false };
    }
    if (stopped !== undefined || joined.length >= maxHeader + delimiter.length) {
      // Giving up at `cut`: what lies beyond it is not this header's. The part from this text is
      // simply not consumed; the part from earlier chunks goes back to the scanner.
      leftover = joined.slice(cut, before);
      header = joined.slice(0, cut);
      return { i: i + Math.max(0, cut - before), found: false, gaveUp: true, stop: stopped };
    }
    header = joined;
    return { i: i + joined.length - before, found: false, gaveUp: false };
  }

  /** Opens the call; false (and the text given back) when the header names no tool. */
  function begin(name: string | undefined): boolean {
    if (name === undefined || !sink.start(name)) {
      fail(options.quiet ? undefined : 'the header names no tool');
      return false;
    }
    reader = createJsonReader(sink.args);
    state = BEFORE_ARGS;
    return true;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    closeFrom = -1;
    closeCarried = closeMatched;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < n && state !== DONE) {
      if (state === ROUTED) return (inner as Section).write(text, i);
      switch (state) {
        case HEADER:
        case NAME: {
          const delimiter = state === HEADER ? options.headerEnd : (options.nameAfter?.end ?? '');
          const read = readHeader(text, i, delimiter);
          i = read.i;
          if (!read.found) {
            const message = read.stop === undefined ? undefined : options.headerOnly?.exec(header)?.[1];
            const routed = message === undefined ? undefined : options.route?.(header, env);
            if (routed !== undefined) {
              const stop = read.stop as string;
              if (stop !== options.headerStops?.[0]) {
                // Only part of the stop may be in this text (the rest came before, as `leftover`).
                i += stop.length - leftover.length;
                leftover = '';
              }
              keep();
              raw.commit(leftover.length);
              const section = routed(env, '');
              section.write(message as string, 0);
              section.end();
              state = DONE;
              return i;
            }
            if (read.gaveUp) {
              keep();
              fail(options.quiet ? undefined : 'the tool-call header never ended');
              return i;
            }
            break;
          }
          const value = header;
          header = '';
          keep();
          const routed = state === HEADER ? options.route?.(value, env) : undefined;
          if (routed !== undefined) {
            raw.commit();
            inner = routed(env, '');
            state = ROUTED;
            break;
          }
          if (state === HEADER && options.nameAfter !== undefined && value.trim() === options.nameAfter.when) {
            state = NAME;
          } else if (!begin(state === NAME ? value : options.toolName(value))) return i;
          break;
        }
        case BEFORE_ARGS: {
          const c = text.charAt(i);
          if (isSpace(c)) i++;
          else if (c === '`') state = FENCE;
          else state = ARGS;
          break;
        }
        case FENCE: {
          // ```json on its own line before the arguments (DeepSeek V3/R1).
          const c = text.charAt(i);
          if (c === '{' || c === '[') state = ARGS;
          else i++;
          break;
        }
        case ARGS: {
          const args = reader as JsonReader;
          i = args.write(text, i);
          if (args.done) state = AFTER_ARGS;
          else if (i < n) {
            keep();
            fail(args.problem ?? 'the arguments are not valid JSON');
            return i;
          }
          break;
        }
        case AFTER_ARGS: {
          const c = text.charAt(i);
          const endMarker = ends.find((e) => e.charAt(0) === c);
          if (isSpace(c) || c === '`') i++;
          else if (endMarker !== undefined) {
            closing = endMarker;
            closeMatched = 0;
            closeFrom = i;
            state = CLOSING;
          } else {
            keep();
            finish();
            return i;
          }
          break;
        }
        case CLOSING: {
          while (i < n && closeMatched < closing.length && text.charAt(i) === closing.charAt(closeMatched)) {
            i++;
            closeMatched++;
          }
          if (closeMatched === closing.length) {
            keep();
            finish();
            return i;
          }
          if (i < n) {
            const other = ends.find((e) => e !== closing && e.startsWith(closing.slice(0, closeMatched)));
            if (other !== undefined && other.charAt(closeMatched) === text.charAt(i)) {
              closing = other; // two end markers share a prefix (`<|call|>`, `<|end|>`)
              break;
            }
            // Only looked like an end marker: the call stands, and what followed it is read again.
            i = closeFrom >= 0 ? closeFrom : from;
            leftover = closeFrom >= 0 ? '' : closing.slice(0, closeCarried);
            keep();
            finish();
            return i;
          }
          break;
        }
      }
    }
    keep();
    return i;
  }

  function finish(): void {
    if (sink.end()) raw.commit(leftover.length);
    else {
      noteCallText(callbacks, true);
      raw.giveBack('the arguments are not a JSON object', 'malformed-tool-call', undefined, leftover.length);
    }
    state = DONE;
  }

  return {
    write,
    get done() {
      return state === DONE || (inner?.done ?? false);
    },
    get leftover() {
      return inner === undefined ? leftover : inner.leftover;
    },
    get restartsAnswer() {
      return inner?.restartsAnswer;
    },
    end() {
      if (inner !== undefined) {
        inner.end();
        state = DONE;
        return;
      }
      if (state === ARGS && reader?.end()) state = AFTER_ARGS;
      if (state === AFTER_ARGS || state === CLOSING) finish();
      else if (state !== DONE) {
        fail(
          state === ARGS && reader?.inString
            ? 'the output ended inside a string of the arguments'
            : 'the output ended inside the tool call',
          'unclosed-tool-call',
        );
      }
    },
  };
}
