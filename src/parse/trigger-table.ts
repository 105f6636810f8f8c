/**
 * The scanner's lookup of markers: which trigger's marker starts at a
 * position of the text, or whether the text ends inside one. A format has a
 * handful of markers; morph-XML has one per declared tool (`<get_weather`),
 * and auto has all of them, so an agent's request with thousands of tools
 * makes thousands of markers that share their first character. Comparing
 * each against the text was work per `<` that grew with the tools, and
 * building the lists by copying grew with their square (16,000 tools: 7.6 s
 * of one request's 9.4 s). So a long list is indexed once, when the table is
 * built: its markers by text (one lookup per distinct marker length) and in
 * sorted order (a binary search for a marker the text may yet complete).
 */
import type { Trigger } from './section.ts';

/** A list this long or longer is indexed; shorter ones are compared directly, which is faster for a few. */
const INDEX_FROM = 16;

interface MarkerIndex {
  byMarker: Map<string, Trigger>;
  /** The distinct marker lengths, longest first. */
  lengths: number[];
  /** Every marker, in code-unit order (the order `<` on strings compares). */
  sorted: string[];
}

interface Candidates {
  /** Longest marker first, so `<|tool_calls_section_begin|>` wins over a marker that is its prefix. */
  triggers: Trigger[];
  longest: number;
  index?: MarkerIndex;
}

/** Triggers grouped by their first character. */
export interface TriggerTable {
  byFirst: Map<string, Candidates>;
  /** Char codes below 128 that start some marker; markers starting beyond ASCII are looked up always. */
  firstAscii: Uint8Array;
  hasNonAscii: boolean;
}

function indexOf(triggers: readonly Trigger[]): MarkerIndex {
  const byMarker = new Map<string, Trigger>();
  const lengths = new Set<number>();
  for (const trigger of triggers) {
    // Merged lists hold one trigger per marker; should one come twice, the first (the longest-first order's) wins.
    if (!byMarker.has(trigger.marker)) byMarker.set(trigger.marker, trigger);
    lengths.add(trigger.marker.length);
  }
  const sorted = [...byMarker.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { byMarker, lengths: [...lengths].sort((a, b) => b - a), sorted };
}

export function tableOf(triggers: readonly Trigger[]): TriggerTable {
  const byFirst = new Map<string, Candidates>();
  const firstAscii = new Uint8Array(128);
  let hasNonAscii = false;
  for (const trigger of triggers) {
    if (trigger.marker === '') throw new Error('toolshim: a trigger marker must not be empty.');
    const first = trigger.marker.charAt(0);
    const candidates = byFirst.get(first);
    if (candidates === undefined) byFirst.set(first, { triggers: [trigger], longest: 0 });
    else candidates.triggers.push(trigger);
    const code = first.charCodeAt(0);
    if (code < 128) firstAscii[code] = 1;
    else hasNonAscii = true;
  }
  for (const candidates of byFirst.values()) {
    candidates.triggers.sort((a, b) => b.marker.length - a.marker.length);
    candidates.longest = candidates.triggers[0]?.marker.length ?? 0;
    if (candidates.triggers.length >= INDEX_FROM) candidates.index = indexOf(candidates.triggers);
  }
  return { byFirst, firstAscii, hasNonAscii };
}

/** Some marker longer than `rest` starts with it: the next chunk may complete it. */
function completable(rest: string, sorted: readonly string[]): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < rest) low = mid + 1;
    else high = mid;
  }
  // The first marker not below `rest`; past `rest` itself, the next is the only longer one that can start with it.
  if (sorted[low] === rest) low++;
  return sorted[low]?.startsWith(rest) === true;
}

function matchIndexed(text: string, i: number, candidates: Candidates, index: MarkerIndex) {
  const rest = text.length - i;
  // A longer marker that the next chunk may still complete wins over a shorter one that matches now.
  if (rest < candidates.longest && completable(text.slice(i), index.sorted)) return 'partial';
  for (const length of index.lengths) {
    if (length > rest) continue;
    const trigger = index.byMarker.get(text.substr(i, length));
    if (trigger !== undefined) return trigger;
  }
  return undefined;
}

/** The trigger whose marker starts at `i`; `partial` when the text ends inside a possible marker. */
export function match(text: string, i: number, table: TriggerTable): Trigger | 'partial' | undefined {
  const candidates = table.byFirst.get(text.charAt(i));
  if (candidates === undefined) return undefined;
  if (candidates.index !== undefined) return matchIndexed(text, i, candidates, candidates.index);
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
