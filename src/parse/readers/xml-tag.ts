/** Reading one XML-ish tag (`<name>`, `</name>`, `<name/>`) that may arrive split across chunks. */
import { isSpace } from '../../json/chars.ts';

/** Longer "tags" are prose or code with a `<` in it, not markup; stops unbounded hold-back. */
export const MAX_TAG_LENGTH = 256;

export interface Tag {
  kind: 'open' | 'close' | 'self-closing';
  name: string;
}

const TAG = /^(\/)?([A-Za-z_][\w.:-]*)(?:\s[\s\S]*?)?\s*(\/)?$/;

/** Parses the text between `<` and `>`; attributes are ignored. Undefined when it is no tag. */
export function parseTag(inner: string): Tag | undefined {
  const match = TAG.exec(inner);
  if (match === null) return undefined;
  const name = match[2] as string;
  if (match[1] !== undefined) return match[3] === undefined ? { kind: 'close', name } : undefined;
  return { kind: match[3] === undefined ? 'open' : 'self-closing', name };
}

/** Whether the character after `<` can begin a tag. */
export function canStartTag(c: string): boolean {
  return c === '/' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

/**
 * Collects a tag's inner text from `text` at `from` until `>`. Returns how far
 * it read and whether the tag ended; `abort` when a `<` or the length limit
 * shows it is not a tag (the caller re-reads from `stop`).
 */
export function collectTag(
  inner: string,
  text: string,
  from: number,
): { inner: string; stop: number; status: 'open' | 'closed' | 'abort' } {
  // Bounded scan: a `<` in prose must not cost a search to the end of a long chunk.
  const limit = Math.min(text.length, from + MAX_TAG_LENGTH + 1 - inner.length);
  let i = from;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 0x3e /* > */) return { inner: inner + text.slice(from, i), stop: i + 1, status: 'closed' };
    if (c === 0x3c /* < */) return { inner: inner + text.slice(from, i), stop: i, status: 'abort' };
    i++;
  }
  const collected = inner + text.slice(from, i);
  return { inner: collected, stop: i, status: collected.length > MAX_TAG_LENGTH ? 'abort' : 'open' };
}

/** `<get_weather   >`: blanks before `>` are fine, but a long run of them is prose. */
const MAX_OPEN_TAG = 64;

/**
 * What character `c` does to the rest of a tool's open tag after `<name` (`rest`, read so far): `>` ends
 * it (true: a `<name/>` call without arguments, false: the body follows); a blank or the `/` of `/>` is
 * part of it (undefined); anything else makes the tag prose (null): `<get_weather_v2>`,
 * `<get_weather city="Paris">` (HTML; calls have no attributes).
 */
export function openTagStep(rest: string, c: string): boolean | null | undefined {
  if (c === '>') return rest.trimEnd().endsWith('/');
  return (!isSpace(c) && c !== '/') || rest.length >= MAX_OPEN_TAG || rest.endsWith('/') ? null : undefined;
}
