/**
 * Small incremental pieces for tag-driven formats (GLM, MiniMax): find a
 * closing tag, giving what comes before it; and expect one of a few tags
 * next. Both keep their partial state across chunks, so a tag split anywhere
 * by the chunking is still recognised, and neither re-reads input.
 */
import { type DelimiterSearch, partialDelimiterLength } from './delimiter.ts';

/**
 * Searches for a delimiter, but never copies the rest of the chunk before it is
 * consumed: `indexOf` runs on the chunk itself, and only the short `held`
 * tail is joined with the chunk's first characters. So a text with many
 * delimiters is read in linear time even when it arrives as one chunk.
 */
export function findDelimiter(
  held: string,
  text: string,
  from: number,
  delimiter: string,
): DelimiterSearch & { held: string } {
  if (held !== '') {
    const straddle = held + text.slice(from, from + delimiter.length - 1);
    const k = straddle.indexOf(delimiter);
    if (k >= 0) {
      return {
        before: straddle.slice(0, k),
        found: true,
        resumeAt: from + k + delimiter.length - held.length,
        held: '',
      };
    }
  }
  const at = text.indexOf(delimiter, from);
  if (at >= 0) return { before: held + text.slice(from, at), found: true, resumeAt: at + delimiter.length, held: '' };
  const rest = held + text.slice(from);
  const keep = partialDelimiterLength(rest, delimiter);
  return {
    before: rest.slice(0, rest.length - keep),
    found: false,
    resumeAt: text.length,
    held: rest.slice(rest.length - keep),
  };
}

export interface ExpectStep {
  /**
   * Skips whitespace, then matches one of the tags. Returns the index after
   * what was consumed and the result: the tag, `undefined` while undecided,
   * or `false` when the text is none of them. On `false`, `i` is rewound to
   * where the partial tag began in this text, and `carried` holds the part of
   * it that came in earlier chunks: neither belongs to the step, and a caller
   * whose section ends there hands both back to the scanner to read again
   * (`}<|tool_call>` after a call whose closing token was left out must still
   * open the next call).
   */
  read(text: string, i: number): { i: number; tag: string | undefined | false; carried: string };
  /** The part of a tag matched so far (to give back on failure). */
  readonly partial: string;
}

export function expectStep(tags: readonly string[]): ExpectStep {
  let got = '';
  return {
    read(text, i) {
      const n = text.length;
      /** How much of `got` came from earlier texts. */
      const carriedLength = got.length;
      const from = i;
      while (i < n) {
        const c = text.charAt(i);
        if (got === '' && (c === ' ' || c === '\n' || c === '\r' || c === '\t')) {
          i++;
          continue;
        }
        const next = got + c;
        const full = tags.find((t) => t === next);
        if (full !== undefined) {
          got = '';
          return { i: i + 1, tag: full, carried: '' };
        }
        if (!tags.some((t) => t.startsWith(next))) {
          const here = Math.min(got.length - carriedLength, i - from);
          const carried = got.slice(0, got.length - here);
          got = '';
          return { i: i - here, tag: false, carried };
        }
        got = next;
        i++;
      }
      return { i, tag: undefined, carried: '' };
    },
    get partial() {
      return got;
    },
  };
}
