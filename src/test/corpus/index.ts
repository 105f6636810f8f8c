/** The whole corpus by family, and the negative samples. */
import { cohereCorpus } from '../../protocols/cohere/test/corpus.ts';
import { hermesCorpus, hermesMoreCorpus } from '../../protocols/hermes/test/corpus.ts';
import { hermesSourcedCorpus } from '../../protocols/hermes/test/peer-tests-corpus.ts';
import { jambaCorpus } from '../../protocols/jamba/test/corpus.ts';
import { mistralCorpus, mistralMoreCorpus } from '../../protocols/mistral/test/corpus.ts';
import { nemotronCorpus } from '../../protocols/nemotron/test/corpus.ts';
import { qwen3CoderCorpus } from '../../protocols/qwen3-coder/test/corpus.ts';
import { seedOssCorpus } from '../../protocols/seed-oss/test/corpus.ts';
import { yamlXmlCorpus } from '../../protocols/yaml-xml/test/corpus.ts';
import { functionGemmaMoreCorpus, gemma4MoreCorpus, gemmaMoreCorpus } from './gemma-family-peer-tests.ts';
import { graniteCorpus, llama3Corpus, phi4Corpus, xlamCorpus } from './json-families.ts';
import { graniteMoreCorpus, llama3MoreCorpus, phi4MoreCorpus, xlamMoreCorpus } from './json-families-peer-tests.ts';
import { framedNegativeCorpus as negativeCorpus } from './negative-framed.ts';
import {
  argumentsPeerCorpus,
  endTokenPeerCorpus,
  gemma4PeerCorpus,
  harmonyPeerCorpus,
  llama3PeerCorpus,
  mistralPeerCorpus,
  pythonicPeerCorpus,
  xlamPeerCorpus,
} from './peer-reports.ts';
import { functionGemmaCorpus, gemma4Corpus, gemmaCorpus, olmo3Corpus, pythonicCorpus } from './python-families.ts';
import { olmo3MoreCorpus, pythonicMoreCorpus } from './python-families-peer-tests.ts';
import { reasoningCorpus } from './reasoning.ts';
import { reasoningMoreCorpus } from './reasoning-peer-tests.ts';
import { deepseekCorpus, harmonyCorpus, kimiCorpus } from './special-token.ts';
import {
  crossFamilyCorpus,
  deepseekMoreCorpus,
  harmonyMoreCorpus,
  kimiMoreCorpus,
} from './special-token-peer-tests.ts';
import type { CorpusCase, NegativeCase } from './types.ts';
import { glmCorpus, minimaxCorpus, morphXmlCorpus } from './xml-families.ts';
import { glmMoreCorpus, minimaxMoreCorpus, morphXmlMoreCorpus } from './xml-families-peer-tests.ts';

export type { CorpusCase, NegativeCase } from './types.ts';

export const CORPUS: Record<string, CorpusCase[]> = {
  hermes: [...hermesCorpus, ...hermesMoreCorpus, ...hermesSourcedCorpus, ...argumentsPeerCorpus],
  gemma: [...gemmaCorpus, ...gemmaMoreCorpus],
  'morph-xml': [...morphXmlCorpus, ...morphXmlMoreCorpus],
  'qwen3-coder': qwen3CoderCorpus,
  'yaml-xml': yamlXmlCorpus,
  'llama3-json': [...llama3Corpus, ...llama3MoreCorpus, ...llama3PeerCorpus],
  mistral: [...mistralCorpus, ...mistralMoreCorpus, ...mistralPeerCorpus],
  granite: [...graniteCorpus, ...graniteMoreCorpus],
  'phi4-mini': [...phi4Corpus, ...phi4MoreCorpus],
  xlam: [...xlamCorpus, ...xlamMoreCorpus, ...xlamPeerCorpus],
  deepseek: [...deepseekCorpus, ...deepseekMoreCorpus],
  'kimi-k2': [...kimiCorpus, ...kimiMoreCorpus],
  harmony: [...harmonyCorpus, ...harmonyMoreCorpus, ...harmonyPeerCorpus],
  glm: [...glmCorpus, ...glmMoreCorpus],
  'minimax-m2': [...minimaxCorpus, ...minimaxMoreCorpus],
  gemma4: [...gemma4Corpus, ...gemma4MoreCorpus, ...gemma4PeerCorpus],
  'function-gemma': [...functionGemmaCorpus, ...functionGemmaMoreCorpus],
  pythonic: [...pythonicCorpus, ...pythonicMoreCorpus, ...pythonicPeerCorpus],
  olmo3: [...olmo3Corpus, ...olmo3MoreCorpus],
  nemotron: nemotronCorpus,
  cohere: cohereCorpus,
  jamba: jambaCorpus,
  'seed-oss': seedOssCorpus,
  reasoning: [...reasoningCorpus, ...reasoningMoreCorpus],
  'end-of-turn tokens': endTokenPeerCorpus,
  'cross-family (no call)': crossFamilyCorpus,
};

export const NEGATIVE: NegativeCase[] = negativeCorpus;
