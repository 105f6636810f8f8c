/**
 * Per-family scores on the corpus: a case counts as correct when calls, text
 * and reasoning are exact in all three chunkings (for toolshim, its onError
 * codes too; @ai-sdk-tool/parser's reports are not compared). The auto column
 * reads `n/m` when some cases run through their presets only (`notAuto`).
 * Compares toolshim's preset, toolshim's auto and @ai-sdk-tool/parser's
 * middleware where it has the format. Run: `npx node src/test/corpus/report.ts`.
 */

import { isDeepStrictEqual } from 'node:util';
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import * as reference from '@ai-sdk-tool/parser';
import { chunkings } from '../harness.ts';
import { CORPUS, NEGATIVE } from './index.ts';
import { type CorpusResult, runCorpus, runMiddleware, squash } from './run-case.ts';
import type { CorpusCase } from './types.ts';

/** @ai-sdk-tool/parser's middlewares by our registry name (its other protocols have no preset of ours). */
const THEIRS: Record<string, LanguageModelV4Middleware> = {
  hermes: reference.hermesToolMiddleware as unknown as LanguageModelV4Middleware,
  'morph-xml': reference.morphXmlToolMiddleware as unknown as LanguageModelV4Middleware,
  'qwen3-coder': reference.qwen3CoderToolMiddleware as unknown as LanguageModelV4Middleware,
  'yaml-xml': reference.yamlXmlToolMiddleware as unknown as LanguageModelV4Middleware,
};

/** Exact calls, text and reasoning in all three chunkings; with `errors`, the onError codes too (toolshim only). */
async function correct(
  c: CorpusCase,
  run: (chunks: string[]) => Promise<CorpusResult>,
  errors: boolean,
): Promise<boolean> {
  const want = { calls: c.calls, text: squash(c.text_out), reasoning: squash(c.reasoning ?? '') };
  for (const { chunks } of chunkings(c.text)) {
    try {
      const { errors: got, ...visible } = await run(chunks);
      if (!isDeepStrictEqual(visible, want)) return false;
      if (errors && !isDeepStrictEqual(got, c.errors ?? [])) return false;
    } catch {
      return false;
    }
  }
  return true;
}

const rows: string[][] = [['family', 'cases', 'preset', 'auto', '@ai-sdk-tool/parser']];
for (const [family, cases] of Object.entries(CORPUS)) {
  let preset = 0;
  let auto = 0;
  let autoCases = 0;
  let theirs = 0;
  let theirsCases = 0;
  for (const c of cases) {
    const main = c.presets[0] as string;
    if (await correct(c, (chunks) => runCorpus(main, c.tools, chunks, c.reasoningOption), true)) preset++;
    if (c.notAuto === undefined) {
      autoCases++;
      if (await correct(c, (chunks) => runCorpus('auto', c.tools, chunks, c.reasoningOption, c), true)) auto++;
    }
    const ref = THEIRS[main];
    if (ref !== undefined) {
      theirsCases++;
      if (await correct(c, (chunks) => runMiddleware(ref, c.tools, chunks), false)) theirs++;
    }
  }
  const autoCell = autoCases === 0 ? '—' : autoCases === cases.length ? `${auto}` : `${auto}/${autoCases}`;
  rows.push([family, `${cases.length}`, `${preset}`, autoCell, theirsCases ? `${theirs}/${theirsCases}` : '—']);
}
let clean = 0;
let theirsClean = 0;
for (const n of NEGATIVE) {
  const ours = await runCorpus('auto', n.tools, [n.text]);
  if (ours.calls.length === 0) clean++;
  const ref = await runMiddleware(THEIRS.hermes as LanguageModelV4Middleware, n.tools, [n.text]).catch(() => undefined);
  if (ref !== undefined && ref.calls.length === 0) theirsClean++;
}
rows.push(['negative (no call)', `${NEGATIVE.length}`, '—', `${clean}`, `${theirsClean} (hermes)`]);

const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
rows.splice(
  1,
  0,
  widths.map((w) => '-'.repeat(w)),
);
for (const row of rows) console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`);
