/** The whole corpus by family, and the negative samples. */
import { hermesCorpus } from './hermes.ts';
import { mistralCorpus } from './mistral.ts';
import { negativeCorpus } from './negative.ts';
import { reasoningCorpus } from './reasoning.ts';
import type { CorpusCase, NegativeCase } from './types.ts';

export type { CorpusCase, NegativeCase } from './types.ts';

export const CORPUS: Record<string, CorpusCase[]> = {
  hermes: hermesCorpus,
  mistral: mistralCorpus,
  reasoning: reasoningCorpus,
};

export const NEGATIVE: NegativeCase[] = negativeCorpus;
