/** Small sections that route or drop text between the format-specific ones. */
import type { Section, SectionEnv } from './section-scanner.ts';

export type SectionOpener = (env: SectionEnv, rawPrefix: string) => Section;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

/**
 * Waits for the first non-space character after a marker that two formats
 * share, then hands over to the section `choose` picks for it: `<tool_call>{`
 * is Hermes JSON, `<tool_call>get_weather` is GLM; `[TOOL_CALLS] [` is the
 * older Mistral, `[TOOL_CALLS]name` v13.
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
    end() {
      ended = true;
      if (inner !== undefined) inner.end();
      else {
        env.callbacks.onText(prefix);
        if (!quiet)
          env.callbacks.onError(
            'Kept a malformed tool call as text: the output ended right after the tool-call marker.',
            {
              code: 'unclosed-tool-call',
              text: prefix,
            },
          );
      }
    },
  };
}

/**
 * A structural marker with nothing to read, like Kimi's
 * `<|tool_calls_section_begin|>`: dropped, with the whitespace after it, so
 * the calls it wraps leave no stray text behind.
 */
export function openSilentMarker(): Section {
  let done = false;
  return {
    write(text, from) {
      let i = from;
      while (i < text.length && isSpace(text.charAt(i))) i++;
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
