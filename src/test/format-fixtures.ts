/**
 * Every format's fixtures, by registry name. The format's own test file, the
 * preset/auto parity suite and the provider composition tests all read them
 * from here. Data only: safe to import outside a test runner.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { cohereFixtures, cohereTools } from './fixtures/cohere.ts';
import { deepseekFixtures, deepseekTools } from './fixtures/deepseek.ts';
import { functionGemmaFixtures, functionGemmaTools } from './fixtures/function-gemma.ts';
import { gemma4Fixtures, gemma4Tools } from './fixtures/gemma4.ts';
import { glmFixtures, glmTools } from './fixtures/glm.ts';
import { graniteFixtures, graniteTools } from './fixtures/granite.ts';
import { harmonyFixtures, harmonyTools } from './fixtures/harmony.ts';
import { gemmaFixtures, hermesFixtures, hermesTools } from './fixtures/hermes.ts';
import { jambaFixtures, jambaTools } from './fixtures/jamba.ts';
import { kimiK2Fixtures, kimiK2Tools } from './fixtures/kimi-k2.ts';
import { llama3JsonFixtures, llama3JsonTools } from './fixtures/llama3-json.ts';
import { minimaxM2Fixtures, minimaxM2Tools } from './fixtures/minimax-m2.ts';
import { mistralFixtures, mistralTools } from './fixtures/mistral.ts';
import { morphXmlFixtures, morphXmlTools } from './fixtures/morph-xml.ts';
import { nemotronFixtures, nemotronTools } from './fixtures/nemotron.ts';
import { olmo3Fixtures, olmo3Tools } from './fixtures/olmo3.ts';
import { phi4MiniFixtures, phi4MiniTools } from './fixtures/phi4-mini.ts';
import { pythonicFixtures, pythonicTools } from './fixtures/pythonic.ts';
import { qwen3CoderFixtures, qwen3CoderTools } from './fixtures/qwen3-coder.ts';
import { seedOssFixtures, seedOssTools } from './fixtures/seed-oss.ts';
import type { FormatFixture } from './fixtures/tools.ts';
import { xlamFixtures, xlamTools } from './fixtures/xlam.ts';
import { yamlXmlFixtures, yamlXmlTools } from './fixtures/yaml-xml.ts';

export type { FormatFixture } from './fixtures/tools.ts';

export interface FormatFixtureSet {
  /** The format's registry name. */
  format: string;
  tools: LanguageModelV4FunctionTool[];
  fixtures: FormatFixture[];
}

export const FORMAT_FIXTURES: readonly FormatFixtureSet[] = [
  { format: 'hermes', tools: hermesTools, fixtures: hermesFixtures },
  { format: 'gemma', tools: hermesTools, fixtures: gemmaFixtures },
  { format: 'morph-xml', tools: morphXmlTools, fixtures: morphXmlFixtures },
  { format: 'yaml-xml', tools: yamlXmlTools, fixtures: yamlXmlFixtures },
  { format: 'qwen3-coder', tools: qwen3CoderTools, fixtures: qwen3CoderFixtures },
  { format: 'llama3-json', tools: llama3JsonTools, fixtures: llama3JsonFixtures },
  { format: 'mistral', tools: mistralTools, fixtures: mistralFixtures },
  { format: 'granite', tools: graniteTools, fixtures: graniteFixtures },
  { format: 'phi4-mini', tools: phi4MiniTools, fixtures: phi4MiniFixtures },
  { format: 'xlam', tools: xlamTools, fixtures: xlamFixtures },
  { format: 'deepseek', tools: deepseekTools, fixtures: deepseekFixtures },
  { format: 'kimi-k2', tools: kimiK2Tools, fixtures: kimiK2Fixtures },
  { format: 'harmony', tools: harmonyTools, fixtures: harmonyFixtures },
  { format: 'glm', tools: glmTools, fixtures: glmFixtures },
  { format: 'minimax-m2', tools: minimaxM2Tools, fixtures: minimaxM2Fixtures },
  { format: 'gemma4', tools: gemma4Tools, fixtures: gemma4Fixtures },
  { format: 'function-gemma', tools: functionGemmaTools, fixtures: functionGemmaFixtures },
  { format: 'pythonic', tools: pythonicTools, fixtures: pythonicFixtures },
  { format: 'olmo3', tools: olmo3Tools, fixtures: olmo3Fixtures },
  { format: 'nemotron', tools: nemotronTools, fixtures: nemotronFixtures },
  { format: 'cohere', tools: cohereTools, fixtures: cohereFixtures },
  { format: 'jamba', tools: jambaTools, fixtures: jambaFixtures },
  { format: 'seed-oss', tools: seedOssTools, fixtures: seedOssFixtures },
];
