/// <reference types="node" />
/**
 * The "Corpus cases" line of each format's README (`src/protocols/<format>/README.md`,
 * under "Checked against"): how many corpus cases the family has and how many
 * are known failures, counted from the corpus itself, so the line cannot go
 * stale when a case is added or fixed. `npm run sync` writes it;
 * registry.node.test.ts checks it is current.
 */
import { CORPUS } from '../../src/test/corpus/index.ts';

const LINE = /^- \*\*Corpus cases\*\*: .*$/m;

/** The line for `format`; undefined when the corpus has no case of it. */
export function corpusLine(format: string): string | undefined {
  const cases = CORPUS[format];
  if (cases === undefined || cases.length === 0) return undefined;
  const known = cases.filter((c) => c.known !== undefined).length;
  const verdict =
    known === 0
      ? 'all right through the preset and through auto'
      : `${known} known, all right through the preset and through auto but the known ones (the corpus README's "Known failures")`;
  return `- **Corpus cases**: ${cases.length}, ${verdict}`;
}

/** `readme` with its corpus line current (unchanged when it has none, or the corpus no case). */
export function withCorpusLine(readme: string, format: string): string {
  const line = corpusLine(format);
  return line === undefined || !LINE.test(readme) ? readme : readme.replace(LINE, line);
}
