/**
 * The real-output corpus (see README.md): every case through each of its
 * presets and through auto, whole, one character at a time and at random
 * splits, with exact calls, text and reasoning. Negative samples must give no
 * call in any preset. The `onError` codes are compared too (none unless the
 * case lists them). Cases toolshim gets wrong today carry `known` (what
 * comes out instead) and run as `it.fails`, so the gap stays visible.
 */
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../protocols/registry.ts';
import { chunkings } from '../harness.ts';
import { CORPUS, NEGATIVE } from './index.ts';
import { runCorpus, squash } from './run-case.ts';

for (const [family, cases] of Object.entries(CORPUS)) {
  describe(family, () => {
    for (const c of cases) {
      for (const preset of c.notAuto === undefined ? [...c.presets, 'auto'] : c.presets) {
        const test = c.known?.[preset] === undefined ? it : it.fails;
        test(`${c.name} [${preset}]`, async () => {
          for (const [i, { chunks }] of chunkings(c.text, 7 + i_seed(c.name)).entries()) {
            const out = await runCorpus(preset, c.tools, chunks, c.reasoningOption, c);
            expect(out, `chunking ${i}`).toEqual({
              calls: c.calls,
              text: squash(c.text_out),
              reasoning: squash(c.reasoning ?? ''),
              errors: c.errors ?? [],
            });
          }
        });
      }
    }
  });
}

/** A stable seed per case, so random splits differ between cases but not between runs. */
function i_seed(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return h;
}

describe('negative: prose gives no call in any preset', () => {
  for (const n of NEGATIVE) {
    const test = n.known === undefined ? it : it.fails;
    test(n.name, async () => {
      for (const preset of FORMAT_NAMES) {
        for (const { chunks } of chunkings(n.text, i_seed(n.name))) {
          const out = await runCorpus(preset, n.tools, chunks);
          expect(out.calls, `${preset}`).toEqual([]);
        }
      }
    });
  }
});
