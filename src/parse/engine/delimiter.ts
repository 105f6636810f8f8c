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
