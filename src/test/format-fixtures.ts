/**
 * Every format's fixtures, by registry name, from each format's folder. The
 * format's own tests, the preset/auto parity suite and the provider
 * composition tests read them from here. Data only: safe to import outside a
 * test runner. Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { apertusFixtures, apertusTools } from '../protocols/apertus/test/fixtures.ts';
import { cohereFixtures, cohereTools } from '../protocols/cohere/test/fixtures.ts';
import { deepseekFixtures, deepseekTools } from '../protocols/deepseek/test/fixtures.ts';
import { functionGemmaFixtures, functionGemmaTools } from '../protocols/function-gemma/test/fixtures.ts';
import { gemma4Fixtures, gemma4Tools } from '../protocols/gemma4/test/fixtures.ts';
import { gigachatFixtures, gigachatTools } from '../protocols/gigachat/test/fixtures.ts';
import { glmFixtures, glmTools } from '../protocols/glm/test/fixtures.ts';
import { graniteFixtures, graniteTools } from '../protocols/granite/test/fixtures.ts';
import { harmonyFixtures, harmonyTools } from '../protocols/harmony/test/fixtures.ts';
import { gemmaFixtures, hermesFixtures, hermesTools } from '../protocols/hermes/test/fixtures.ts';
import { internlmFixtures, internlmTools } from '../protocols/internlm/test/fixtures.ts';
import { jambaFixtures, jambaTools } from '../protocols/jamba/test/fixtures.ts';
import { kimiK2Fixtures, kimiK2Tools } from '../protocols/kimi-k2/test/fixtures.ts';
import { llama3JsonFixtures, llama3JsonTools } from '../protocols/llama3-json/test/fixtures.ts';
import { minicpm5Fixtures, minicpm5Tools } from '../protocols/minicpm5/test/fixtures.ts';
import { minimaxM2Fixtures, minimaxM2Tools } from '../protocols/minimax-m2/test/fixtures.ts';
import { mistralFixtures, mistralTools } from '../protocols/mistral/test/fixtures.ts';
import { morphXmlFixtures, morphXmlTools } from '../protocols/morph-xml/test/fixtures.ts';
import { nemotronFixtures, nemotronTools } from '../protocols/nemotron/test/fixtures.ts';
import { olmo3Fixtures, olmo3Tools } from '../protocols/olmo3/test/fixtures.ts';
import { phi4MiniFixtures, phi4MiniTools } from '../protocols/phi4-mini/test/fixtures.ts';
import { pythonicFixtures, pythonicTools } from '../protocols/pythonic/test/fixtures.ts';
import { qwen3CoderFixtures, qwen3CoderTools } from '../protocols/qwen3-coder/test/fixtures.ts';
import { seedOssFixtures, seedOssTools } from '../protocols/seed-oss/test/fixtures.ts';
import { xlamFixtures, xlamTools } from '../protocols/xlam/test/fixtures.ts';
import { yamlXmlFixtures, yamlXmlTools } from '../protocols/yaml-xml/test/fixtures.ts';
import type { FormatFixture } from './fixtures/tools.ts';

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
  { format: 'internlm', tools: internlmTools, fixtures: internlmFixtures },
  { format: 'gigachat', tools: gigachatTools, fixtures: gigachatFixtures },
  { format: 'apertus', tools: apertusTools, fixtures: apertusFixtures },
  { format: 'minicpm5', tools: minicpm5Tools, fixtures: minicpm5Fixtures },
];
