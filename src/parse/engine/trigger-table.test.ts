/**
 * The marker lookup, indexed (16 markers or more on one first character,
 * triggers that bring trigger-index.ts, as an agent's tools do under
 * morph-XML or auto) and direct, against the rule
 * written out plainly: at a position, a longer marker the text ends inside
 * wins ('partial'), else the longest marker that starts there. Seeded random
 * marker sets with shared prefixes, and every position of random texts.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random.ts';
import { mergeTriggers } from './scanner.ts';
import type { Trigger } from './section.ts';
import { indexMarkers } from './trigger-index.ts';
import { match, tableOf } from './trigger-table.ts';

const open = (() => ({ done: true })) as unknown as Trigger['open'];

/** The rule, by brute force over every marker. */
function expected(text: string, i: number, markers: readonly string[]): string | undefined {
  const rest = text.slice(i);
  if (markers.some((m) => m.length > rest.length && m.startsWith(rest))) return 'partial';
  return [...markers].sort((a, b) => b.length - a.length).find((m) => rest.startsWith(m));
}

function markerSet(random: () => number, count: number): string[] {
  const alphabet = 'ab_<|';
  const set = new Set<string>();
  while (set.size < count) {
    let marker = '<';
    const length = 1 + Math.floor(random() * 6);
    for (let k = 0; k < length; k++) marker += alphabet.charAt(Math.floor(random() * alphabet.length));
    set.add(marker);
  }
  return [...set];
}

describe('trigger table lookup', () => {
  it.each([3, 15, 16, 40, 400])('%i markers sharing "<": every position of 200 random texts', (count) => {
    const random = seededRandom(count);
    const markers = markerSet(random, count);
    // The per-tool triggers of morph-XML and the like bring their index; the lookup must answer as the direct one does.
    const table = tableOf(markers.map((marker) => ({ marker, open, indexWith: indexMarkers })));
    const direct = tableOf(markers.map((marker) => ({ marker, open })));
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = 1 + Math.floor(random() * 12);
      for (let k = 0; k < length; k++) text += '<ab_|x'.charAt(Math.floor(random() * 6));
      for (let i = 0; i < text.length; i++) {
        const want = expected(text, i, markers);
        for (const lookup of [table, direct]) {
          const found = match(text, i, lookup);
          expect(found === 'partial' ? 'partial' : found?.marker, `${JSON.stringify(text)} at ${i}`).toBe(want);
        }
      }
    }
  });
});

describe('merged per-tool triggers', () => {
  it('two formats sharing a per-tool marker (morph-XML and YAML-XML under auto) keep its index', () => {
    const other = (() => ({ done: true })) as unknown as Trigger['open'];
    const merged = mergeTriggers([
      { marker: '<get_weather', open, indexWith: indexMarkers },
      { marker: '<get_weather', open: other, indexWith: indexMarkers },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.indexWith).toBe(indexMarkers);
  });
});
