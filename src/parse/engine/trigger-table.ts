/**
 * The scanner's lookup of markers: which trigger's marker starts at a
 * position of the text, or whether the text ends inside one. Triggers are
 * grouped by their first character and compared directly, longest first; a
 * list that a format makes per declared tool, which can be thousands long, is
 * looked up through the index its triggers bring (`Trigger.indexWith`,
 * trigger-index.ts). The lists are built by pushing: copying them on every
 * append made 16,000 tools cost 7.6 s of one request's 9.4 s.
 */
import type { MarkerLookup, Trigger } from './section.ts';

/** A list this long or longer is indexed when its triggers bring an index; a few are faster compared directly. */
const INDEX_FROM = 16;

interface Candidates {
  /** Longest marker first, so `<|tool_calls_section_begin|>` wins over a marker that is its prefix. */
  triggers: Trigger[];
  indexed?: MarkerLookup;
}

/** Triggers grouped by their first character. */
export interface TriggerTable {
  byFirst: Map<string, Candidates>;
  /** Char codes below 128 that start some marker; markers starting beyond ASCII are looked up always. */
  firstAscii: Uint8Array;
  hasNonAscii: boolean;
}

export function tableOf(triggers: readonly Trigger[]): TriggerTable {
  const byFirst = new Map<string, Candidates>();
  const firstAscii = new Uint8Array(128);
  let hasNonAscii = false;
  for (const trigger of triggers) {
    if (trigger.marker === '') throw new Error('toolshim: a trigger marker must not be empty.');
    const first = trigger.marker.charAt(0);
    const candidates = byFirst.get(first);
    if (candidates === undefined) byFirst.set(first, { triggers: [trigger] });
    else candidates.triggers.push(trigger);
    const code = first.charCodeAt(0);
    if (code < 128) firstAscii[code] = 1;
    else hasNonAscii = true;
  }
  for (const candidates of byFirst.values()) {
    const list = candidates.triggers.sort((a, b) => b.marker.length - a.marker.length);
    const indexWith = list.length >= INDEX_FROM ? list.find((t) => t.indexWith)?.indexWith : undefined;
    if (indexWith !== undefined) candidates.indexed = indexWith(list);
  }
  return { byFirst, firstAscii, hasNonAscii };
}

/** The trigger whose marker starts at `i`; `partial` when the text ends inside a possible marker. */
export function match(text: string, i: number, table: TriggerTable): Trigger | 'partial' | undefined {
  const candidates = table.byFirst.get(text.charAt(i));
  if (candidates === undefined) return undefined;
  if (candidates.indexed !== undefined) return candidates.indexed(text, i);
  let partial = false;
  for (const trigger of candidates.triggers) {
    const { marker } = trigger;
    // A longer marker that the next chunk may still complete wins over a shorter one that matches
    // now (`[` then `THINK]`): the answer must not depend on where the chunks were cut.
    if (text.startsWith(marker, i)) return partial ? 'partial' : trigger;
    // Only the chunk's tail can be a partial marker; this compares fewer than marker.length chars.
    if (text.length - i < marker.length && marker.startsWith(text.slice(i))) partial = true;
  }
  return partial ? 'partial' : undefined;
}

/** Index of the next character at or after `i` that may start a marker of `table`. */
export function nextCandidate(text: string, i: number, table: TriggerTable): number {
  const n = text.length;
  const { firstAscii, hasNonAscii } = table;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code < 128 ? firstAscii[code] === 1 : hasNonAscii) return i;
    i++;
  }
  return n;
}
