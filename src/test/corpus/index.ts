/** The whole corpus by family, and the negative samples. */
import { hermesCorpus, hermesMoreCorpus } from './hermes.ts';
import { graniteCorpus, llama3Corpus, phi4Corpus, xlamCorpus } from './json-families.ts';
import { mistralCorpus, mistralMoreCorpus } from './mistral.ts';
import { framedNegativeCorpus as negativeCorpus } from './negative-framed.ts';
import { functionGemmaCorpus, gemma4Corpus, gemmaCorpus, olmo3Corpus, pythonicCorpus } from './python-families.ts';
import { qwen3CoderCorpus } from './qwen3-coder.ts';
import { reasoningCorpus } from './reasoning.ts';
import { reasoningMoreCorpus } from './reasoning-more.ts';
import { deepseekCorpus, harmonyCorpus, kimiCorpus } from './special-token.ts';
import type { CorpusCase, NegativeCase } from './types.ts';
import { glmCorpus, minimaxCorpus, morphXmlCorpus } from './xml-families.ts';

export type { CorpusCase, NegativeCase } from './types.ts';

export const CORPUS: Record<string, CorpusCase[]> = {
  hermes: [...hermesCorpus, ...hermesMoreCorpus],
  gemma: gemmaCorpus,
  'morph-xml': morphXmlCorpus,
  'qwen3-coder': qwen3CoderCorpus,
  'llama3-json': llama3Corpus,
  mistral: [...mistralCorpus, ...mistralMoreCorpus],
  granite: graniteCorpus,
  'phi4-mini': phi4Corpus,
  xlam: xlamCorpus,
  deepseek: deepseekCorpus,
  'kimi-k2': kimiCorpus,
  harmony: harmonyCorpus,
  glm: glmCorpus,
  'minimax-m2': minimaxCorpus,
  gemma4: gemma4Corpus,
  'function-gemma': functionGemmaCorpus,
  pythonic: pythonicCorpus,
  olmo3: olmo3Corpus,
  reasoning: [...reasoningCorpus, ...reasoningMoreCorpus],
};

export const NEGATIVE: NegativeCase[] = negativeCorpus;
