/**
 * A call whose tool name comes in a header before its JSON arguments:
 *   Mistral v11/v13   `[TOOL_CALLS]get_weather[ARGS]{…}`
 *   Kimi K2           `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`
 *   DeepSeek V3/R1    `<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{…}\n```<｜tool▁call▁end｜>`
 *   DeepSeek V3.1     `<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`
 *   gpt-oss Harmony   `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{…}<|call|>`
 *
 * Two steps: the header, read up to its end marker, and then the arguments,
 * which stream through the JSON reader into the call's ArgsStreamer. The call
 * is announced once the header is complete. What a header says is each
 * family's own (`toolName`, in the family's file); this file only reads.
 */
import { isSpace } from '../../json/chars.ts';
import { createJsonReader } from '../../json/json-reader.ts';
import { type CallSink, createCallSink } from '../engine/call-sink.ts';
import { callOpens, type GiveBack, giveBackWith } from '../engine/give-back.ts';
import { createRawBlock, type RawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv, SectionOpener } from '../engine/section.ts';
import { expectStep } from '../engine/tag-steps.ts';

/**
 * What a header says: the name of the tool to call; the markers that end the
 * rest of the header, which is read next and told again (DeepSeek V3 writes
 * `function`, then the name on a line of its own); a section that reads the
 * rest instead (Harmony's messages to no function), its markup dropped, or a
 * RoutedHeader; or undefined when the header is no call, whose text then goes
 * back as prose.
 */
export type HeaderMeaning = string | readonly string[] | SectionOpener | RoutedHeader | undefined;

/**
 * A section that reads the rest, and the header's last `ownText` characters
 * are not markup but text that section writes itself (Harmony's message with
 * no `<|message|>`, whose text is in its header): they are left out of the
 * markup that debug output hears of, so no character is told twice.
 */
export interface RoutedHeader {
  open: SectionOpener;
  ownText: number;
}

export interface NamedJsonOptions {
  /** Ends the header. */
  headerEnd: string;
  /**
   * Markers that end a header before its `headerEnd` without being part of
   * it: the header ends where one comes first, and the marker is left to
   * what reads on (Mistral's `[TOOL_CALLS]name{…}`: the arguments' `{`;
   * Harmony: the stop tokens, so that a broken `<|mesage|>` does not make the
   * next message's header this one's).
   */
  headerStops?: readonly string[];
  /** What the header says (see HeaderMeaning), told which marker ended it. */
  toolName: (header: string, end: string, env: SectionEnv) => HeaderMeaning;
  /** Markers that may close the call after its arguments (consumed when present). */
  end?: readonly string[];
  /** A header that names no tool is ordinary text, not a malformed call. */
  quiet?: boolean;
}

/** Longest header read before giving up, so that prose that merely starts like one is not swallowed. */
const MAX_HEADER = 256;

/** Where the first of `ends` is in `joined`, looking from `before` on (less what may straddle it), and which; -1 when none. */
function firstEnd(joined: string, before: number, ends: readonly string[]): [number, number] {
  let at = -1;
  let which = -1;
  ends.forEach((end, k) => {
    const s = joined.indexOf(end, Math.max(0, before - end.length + 1));
    if (s >= 0 && (at < 0 || s < at)) {
      at = s;
      which = k;
    }
  });
  return [at, which];
}

const routedHeader = (meaning: HeaderMeaning): RoutedHeader | undefined =>
  typeof meaning === 'object' && !Array.isArray(meaning) ? (meaning as RoutedHeader) : undefined;

export function openNamedJson(env: SectionEnv, marker: string, options: NamedJsonOptions): Section {
  const { callbacks } = env;
  const sink = createCallSink(env.context, callbacks, true);
  const raw = createRawBlock(callbacks, marker);
  const fail = giveBackWith(callbacks, sink, raw);
  let ends: readonly string[] = [options.headerEnd, ...(options.headerStops ?? [])];
  let header = '';
  /** Text from earlier chunks that the header read and does not own: read again after it. */
  let leftover = '';
  /** What reads after the header: the arguments, or the section the header routed to. */
  let inner: Section | undefined;
  let over = false;
  callOpens(callbacks);

  /**
   * Reads the header up to the first of `ends`. Looks at no more than
   * MAX_HEADER characters, so prose that merely starts like a header is
   * given back without swallowing the rest of a large chunk.
   */
  function write(text: string, from: number): number {
    if (inner !== undefined) return inner.write(text, from);
    raw.from(text, from);
    const before = header.length;
    const endLength = (ends[0] as string).length;
    const joined = header + text.slice(from, from + Math.max(0, MAX_HEADER + endLength - before));
    const [at, which] = firstEnd(joined, before, ends);
    if ((at < 0 || at > MAX_HEADER) && joined.length < MAX_HEADER + endLength) {
      header = joined;
      raw.keepTo(text.length);
      return text.length;
    }
    // The header ends at `cut`: at its end marker (consumed), at a stop (left to what reads on) or at the
    // length limit; what lies beyond a cut that came in earlier chunks goes back to the scanner.
    const cut = at < 0 || at > MAX_HEADER ? MAX_HEADER : at;
    let i = from + Math.max(0, cut - before);
    if (which === 0 && cut === at) i = from + at + endLength - before;
    else leftover = joined.slice(cut, before);
    header = joined.slice(0, cut);
    raw.keepTo(i);
    const meaning = cut === at ? options.toolName(header, ends[which] as string, env) : undefined;
    header = '';
    const routed = typeof meaning === 'function' ? { open: meaning, ownText: 0 } : routedHeader(meaning);
    if (routed !== undefined) {
      raw.commit(leftover.length + routed.ownText);
      inner = routed.open(env, '');
      // A stop that began in an earlier chunk is the routed section's to read too.
      leftover = leftover.slice(inner.write(leftover, 0));
    } else if (Array.isArray(meaning)) {
      ends = meaning as readonly string[];
      return write(text, i);
    } else if (typeof meaning === 'string' && sink.start(meaning)) {
      inner = openArguments(raw, sink, options.end ?? [], fail);
    } else {
      const reason = cut === at ? 'the header names no tool' : 'the tool-call header never ended';
      fail(options.quiet ? undefined : reason, undefined, leftover.length);
      over = true;
      return i;
    }
    return inner.write(text, i);
  }

  return {
    write,
    get done() {
      return over || (inner?.done ?? false);
    },
    get leftover() {
      return inner?.leftover ?? leftover;
    },
    get restartsAnswer() {
      return inner?.restartsAnswer;
    },
    end() {
      if (inner !== undefined) inner.end();
      else if (!over) fail('the output ended inside the tool call', 'unclosed-tool-call');
      over = true;
    },
  };
}

// What the arguments' reader reads next:
const BEFORE_ARGS = 0;
const FENCE = 1;
const ARGS = 2;
const AFTER_ARGS = 3;
const DONE = 4;

/**
 * The call's arguments after its header: blanks, maybe a ```json fence on a
 * line of its own (DeepSeek V3/R1), one JSON value, then maybe the fence's
 * end and one of the call's end markers.
 */
function openArguments(raw: RawBlock, sink: CallSink, ends: readonly string[], fail: GiveBack): Section {
  const reader = createJsonReader(sink.args);
  const closing = expectStep(ends);
  let state = BEFORE_ARGS;
  let leftover = '';

  function finish(): void {
    if (sink.end()) raw.commit(leftover.length);
    else fail('the arguments are not a JSON object', undefined, leftover.length);
    state = DONE;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      const c = text.charAt(i);
      if (state === BEFORE_ARGS) {
        if (isSpace(c)) i++;
        else state = c === '`' ? FENCE : ARGS;
      } else if (state === FENCE) {
        if (c === '{' || c === '[') state = ARGS;
        else i++;
      } else if (state === ARGS) {
        i = reader.write(text, i);
        if (reader.done) state = AFTER_ARGS;
        else if (i < n) {
          raw.keepTo(i);
          fail(reader.problem ?? 'the arguments are not valid JSON');
          state = DONE;
        }
      } else if (closing.partial === '' && (isSpace(c) || c === '`')) i++;
      else {
        const step = closing.read(text, i);
        i = step.i;
        // No end marker: the call stands, and what follows (a partial marker from earlier chunks too) is read again.
        if (step.tag === false) leftover = step.carried;
        if (step.tag !== undefined) {
          raw.keepTo(i);
          finish();
        }
      }
    }
    raw.keepTo(i);
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
      if (state === ARGS && reader.end()) state = AFTER_ARGS;
      if (state === AFTER_ARGS) finish();
      else if (state !== DONE) {
        fail(
          state === ARGS && reader.quote !== ''
            ? 'the output ended inside a string of the arguments'
            : 'the output ended inside the tool call',
          'unclosed-tool-call',
        );
        state = DONE;
      }
    },
  };
}
