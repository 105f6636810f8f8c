/**
 * The lookup of a long list of markers that share a first character: a
 * format that makes one trigger per declared tool (`<get_weather` for
 * morph-XML) gets thousands from an agent's request, and auto has all of
 * them. Comparing each marker against the text was work per `<` that grew
 * with the tools, so such a list is indexed once, when its table is built:
 * its markers by text (one lookup per distinct marker length) and in sorted
 * order (a binary search for a marker the text may yet complete). In its own
 * module, reached through `Trigger.indexWith`, so that the formats without
 * such triggers do not ship it.
 */
import type { MarkerLookup, Trigger } from './section.ts';

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

/** The lookup for `triggers`, the same answers as trigger-table.ts's direct comparison gives. */
export function indexMarkers(triggers: readonly Trigger[]): MarkerLookup {
  const byMarker = new Map<string, Trigger>();
  const lengthSet = new Set<number>();
  for (const trigger of triggers) {
    // Merged lists hold one trigger per marker; should one come twice, the first (the longest-first order's) wins.
    if (!byMarker.has(trigger.marker)) byMarker.set(trigger.marker, trigger);
    lengthSet.add(trigger.marker.length);
  }
  const lengths = [...lengthSet].sort((a, b) => b - a);
  const longest = lengths[0] ?? 0;
  const sorted = [...byMarker.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return (text, i) => {
    const rest = text.length - i;
    // A longer marker that the next chunk may still complete wins over a shorter one that matches now.
    if (rest < longest && completable(text.slice(i), sorted)) return 'partial';
    for (const length of lengths) {
      if (length > rest) continue;
      const trigger = byMarker.get(text.substr(i, length));
      if (trigger !== undefined) return trigger;
    }
    return undefined;
  };
}
