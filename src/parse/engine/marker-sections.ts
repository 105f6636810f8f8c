/** Small sections that route or drop text between the format-specific ones. */
import { isSpace } from '../../json/chars.ts';
import type { Section, SectionEnv, SectionOpener } from './section.ts';

/**
 * Waits for the first non-space character after a marker that several
 * formats share, then hands over to the section `choose` picks for it:
 * `<tool_call>{` is Hermes JSON, `<tool_call><function=` Qwen3-Coder,
 * `<tool_call>get_weather` GLM; `[TOOL_CALLS] [` is the older Mistral,
 * `[TOOL_CALLS]name` v11+.
 */
export function openByFirstChar(
  env: SectionEnv,
  marker: string,
  choose: (c: string) => SectionOpener,
  /** The marker is ordinary text (a bare `[`): ending right after it is no error. */
  quiet = false,
): Section {
  let prefix = marker;
  let inner: Section | undefined;
  let ended = false;
  return {
    write(text, from) {
      let i = from;
      if (inner === undefined) {
        while (i < text.length && isSpace(text.charAt(i))) i++;
        prefix += text.slice(from, i);
        if (i === text.length) return i;
        inner = choose(text.charAt(i))(env, prefix);
      }
      return inner.write(text, i);
    },
    get done() {
      return ended || (inner?.done ?? false);
    },
    get restartsAnswer() {
      return inner?.restartsAnswer;
    },
    get leftover() {
      return inner?.leftover;
    },
    end() {
      ended = true;
      if (inner !== undefined) inner.end();
      else endedAfterMarker(env, prefix, quiet);
    },
  };
}

/** The output ended right after a marker (and what was read with it): it goes back as text, reported unless `quiet`. */
function endedAfterMarker(env: SectionEnv, prefix: string, quiet: boolean): void {
  env.callbacks.onText(prefix);
  if (!quiet)
    env.callbacks.onError('Kept a malformed tool call as text: the output ended right after the tool-call marker.', {
      code: 'unclosed-tool-call',
      text: prefix,
    });
}

/**
 * A structural marker with nothing to read, like Kimi's
 * `<|tool_calls_section_begin|>` after its calls: dropped, with the
 * whitespace after it, so the calls it wrapped leave no stray text behind.
 */
export function openSilentMarker(env: SectionEnv, marker: string): Section {
  let done = false;
  env.callbacks.onCallSegment?.(marker);
  return {
    write(text, from) {
      let i = from;
      while (i < text.length && isSpace(text.charAt(i))) i++;
      if (i > from) env.callbacks.onCallSegment?.(text.slice(from, i));
      if (i < text.length) done = true;
      return i;
    },
    get done() {
      return done;
    },
    end() {
      done = true;
    },
  };
}

/**
 * A shared marker followed by something no format reads (`<tool_call>oops`):
 * the marker and the blanks after it go back as text, with the reason unless
 * the marker is ordinary text anyway (a bare `[`).
 */
export function notACall(env: SectionEnv, prefix: string, quiet = false): Section {
  env.callbacks.onText(prefix);
  if (!quiet)
    env.callbacks.onError('Kept a malformed tool call as text: the tool-call marker is not followed by a call.', {
      code: 'malformed-tool-call',
      text: prefix,
    });
  return { write: (_text, from) => from, done: true, end() {} };
}

/** A marker that is ordinary text here: it goes out as text and the section is over. */
export function keepMarkerAsText(env: SectionEnv, marker: string, restartsAnswer = false): Section {
  env.callbacks.onText(marker);
  return { write: (_text, from) => from, done: true, end() {}, restartsAnswer };
}

/**
 * Answer text wrapped in markup (gpt-oss Harmony's `final` channel): the text
 * goes out as text as it arrives, the markup around it is dropped, and only a
 * possible partial end marker at the end of a chunk is held back. With
 * `reasoning`, it is a thinking block instead (Harmony's `analysis` channel,
 * which several markers may end): the text goes out as reasoning.
 */
export function openWrappedText(env: SectionEnv, marker: string, ends: readonly string[], reasoning = false): Section {
  const { callbacks } = env;
  callbacks.onCallSegment?.(marker);
  const longest = Math.max(...ends.map((e) => e.length));
  let held = '';
  let done = false;

  function emit(text: string): void {
    if (text !== '') (reasoning ? callbacks.onReasoning : callbacks.onText)(text);
  }

  function finish(end: string): void {
    callbacks.onCallSegment?.(end);
    close();
  }

  function close(): void {
    if (reasoning) callbacks.onReasoningEnd();
    done = true;
  }

  return {
    write(chunk, from) {
      let i = from;
      if (held !== '') {
        // A possible end marker split across chunks: decide it with the next few characters only.
        const probe = held + chunk.slice(from, from + longest);
        const end = ends.find((e) => probe.startsWith(e));
        if (end !== undefined) {
          finish(end);
          return from + end.length - held.length;
        }
        if (ends.some((e) => e.length > probe.length && e.startsWith(probe))) {
          held = probe;
          return chunk.length;
        }
        emit(held);
        held = '';
      }
      const runStart = i;
      for (;;) {
        const lt = chunk.indexOf('<', i);
        if (lt < 0) break;
        const end = ends.find((e) => chunk.startsWith(e, lt));
        if (end !== undefined) {
          emit(chunk.slice(runStart, lt));
          finish(end);
          return lt + end.length;
        }
        if (chunk.length - lt < longest && ends.some((e) => e.startsWith(chunk.slice(lt)))) {
          emit(chunk.slice(runStart, lt));
          held = chunk.slice(lt);
          return chunk.length;
        }
        i = lt + 1;
      }
      emit(chunk.slice(runStart));
      return chunk.length;
    },
    get done() {
      return done;
    },
    restartsAnswer: reasoning,
    end() {
      emit(held);
      held = '';
      close();
    },
  };
}

/**
 * Like openByFirstChar, but the choice may need the first two significant
 * characters (Llama 4's `<|python_start|>[` then `{` is a JSON list, then a
 * name a pythonic one). `choose` sees the characters read so far (blanks
 * left out) and returns an opener, or undefined to read one more; the chosen
 * section gets the marker and everything read as its own marker.
 */
export function openByPrefix(
  env: SectionEnv,
  marker: string,
  choose: (significant: string) => SectionOpener | undefined,
): Section {
  let prefix = marker;
  let significant = '';
  let inner: Section | undefined;
  let ended = false;
  return {
    write(text, from) {
      let i = from;
      while (inner === undefined && i < text.length) {
        const c = text.charAt(i);
        if (isSpace(c)) {
          prefix += c;
          i++;
          continue;
        }
        const opener = choose(significant + c);
        if (opener !== undefined) {
          inner = opener(env, prefix);
          break;
        }
        significant += c;
        prefix += c;
        i++;
      }
      return inner === undefined ? i : inner.write(text, i);
    },
    get done() {
      return ended || (inner?.done ?? false);
    },
    get leftover() {
      return inner?.leftover;
    },
    end() {
      ended = true;
      if (inner !== undefined) inner.end();
      else endedAfterMarker(env, prefix, false);
    },
  };
}
