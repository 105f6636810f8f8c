/** Helpers for finding fixed delimiters in streamed text without re-scanning it. */

/**
 * The length of the longest suffix of `text` that is a proper prefix of
 * `delimiter`: the part that must be held back because the next chunk may
 * complete the delimiter. Costs O(delimiter²), independent of `text`.
 */
export function partialDelimiterLength(text: string, delimiter: string): number {
  const max = Math.min(delimiter.length - 1, text.length);
  for (let k = max; k > 0; k--) {
    if (text.endsWith(delimiter.slice(0, k))) return k;
  }
  return 0;
}

export interface DelimiterSearch {
  /** Text known not to be part of the delimiter. */
  before: string;
  /** Whether the delimiter was found; `rest` starts right after it. */
  found: boolean;
  /** Index in the searched chunk just past the delimiter (when found). */
  resumeAt: number;
}

/**
 * Searches `chunk` from `from` for `delimiter`, given `held` (a partial
 * delimiter kept from the previous chunk). Returns what lies before the match
 * and the new held tail. Only `held` (shorter than the delimiter) is
 * re-examined, so the total work stays linear in the stream length.
 */
export function searchDelimiter(
  held: string,
  chunk: string,
  from: number,
  delimiter: string,
): DelimiterSearch & { held: string } {
  const text = held + chunk.slice(from);
  const index = text.indexOf(delimiter);
  if (index >= 0) {
    return {
      before: text.slice(0, index),
      found: true,
      resumeAt: from + index + delimiter.length - held.length,
      held: '',
    };
  }
  const keep = partialDelimiterLength(text, delimiter);
  return {
    before: text.slice(0, text.length - keep),
    found: false,
    resumeAt: chunk.length,
    held: text.slice(text.length - keep),
  };
}
