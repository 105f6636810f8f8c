/** The whitespace every reader skips: space, tab, CR, LF (and a BOM, which some engines leave in). */
export function isSpace(c: string): boolean {
  return isSpaceCode(c.charCodeAt(0));
}

/** `isSpace` on a char code, for the hot loops that read codes. */
export function isSpaceCode(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
}

/** A numeral as models write it: JSON's, plus a leading `+`, `1.` and `.5`. */
export const NUMERAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A character that may start an identifier (a tool or argument name): ASCII letters and `_`. */
export function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}
