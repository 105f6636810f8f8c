/**
 * Every native format's triggers, in the registry's order (formats.ts): what
 * auto runs. Kept apart from the registry so that auto ships every parser but
 * not every format's prompt, history renderer and registry text, which it
 * never uses (it prompts in one format).
 * Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.
 */
import type { Trigger } from '../parse/engine/section.ts';
import { apertusTriggers } from './apertus/apertus.ts';
import type { TriggersOf } from './builtin-format.ts';
import { cohereTriggers } from './cohere/cohere.ts';
import { deepseekTriggers } from './deepseek/deepseek.ts';
import { functionGemmaTriggers } from './function-gemma/function-gemma.ts';
import { gemmaTriggers } from './gemma/gemma.ts';
import { gemma4Triggers } from './gemma4/gemma4.ts';
import { gigachatTriggers } from './gigachat/gigachat.ts';
import { glmTriggers } from './glm/glm.ts';
import { graniteTriggers } from './granite/granite.ts';
import { harmonyTriggers } from './harmony/harmony.ts';
import { hermesTriggers } from './hermes/hermes.ts';
import { internlmTriggers } from './internlm/internlm.ts';
import { jambaTriggers } from './jamba/jamba.ts';
import { kimiK2Triggers } from './kimi-k2/kimi-k2.ts';
import { llama3JsonTriggers } from './llama3-json/llama3-json.ts';
import { minimaxM2Triggers } from './minimax-m2/minimax-m2.ts';
import { mistralTriggers } from './mistral/mistral.ts';
import { morphXmlTriggers } from './morph-xml/morph-xml.ts';
import { nemotronTriggers } from './nemotron/nemotron.ts';
import { olmo3Triggers } from './olmo3/olmo3.ts';
import { phi4MiniTriggers } from './phi4-mini/phi4-mini.ts';
import { pythonicTriggers } from './pythonic/pythonic.ts';
import { qwen3CoderTriggers } from './qwen3-coder/qwen3-coder.ts';
import { seedOssTriggers } from './seed-oss/seed-oss.ts';
import { xlamTriggers } from './xlam/xlam.ts';

export const FORMAT_TRIGGERS: ReadonlyArray<readonly Trigger[] | TriggersOf> = [
  hermesTriggers,
  gemmaTriggers,
  morphXmlTriggers,
  qwen3CoderTriggers,
  llama3JsonTriggers,
  mistralTriggers,
  graniteTriggers,
  phi4MiniTriggers,
  xlamTriggers,
  deepseekTriggers,
  kimiK2Triggers,
  harmonyTriggers,
  glmTriggers,
  minimaxM2Triggers,
  gemma4Triggers,
  functionGemmaTriggers,
  pythonicTriggers,
  olmo3Triggers,
  nemotronTriggers,
  cohereTriggers,
  jambaTriggers,
  seedOssTriggers,
  internlmTriggers,
  gigachatTriggers,
  apertusTriggers,
];
