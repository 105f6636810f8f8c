/**
 * Every native format's triggers, in the registry's order (formats.ts): what
 * auto runs. Kept apart from the registry so that auto ships every parser but
 * not every format's prompt, history renderer and registry text, which it
 * never uses (it prompts in one format).
 * Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.
 */
import type { Trigger } from '../parse/section.ts';
import type { TriggersOf } from './builtin-format.ts';
import { cohereTriggers } from './cohere.ts';
import { deepseekTriggers } from './deepseek.ts';
import { functionGemmaTriggers } from './function-gemma.ts';
import { gemmaTriggers } from './gemma.ts';
import { gemma4Triggers } from './gemma4.ts';
import { glmTriggers } from './glm.ts';
import { graniteTriggers } from './granite.ts';
import { harmonyTriggers } from './harmony.ts';
import { hermesTriggers } from './hermes.ts';
import { jambaTriggers } from './jamba.ts';
import { kimiK2Triggers } from './kimi-k2.ts';
import { llama3JsonTriggers } from './llama3-json.ts';
import { minimaxM2Triggers } from './minimax-m2.ts';
import { mistralTriggers } from './mistral.ts';
import { morphXmlTriggers } from './morph-xml.ts';
import { nemotronTriggers } from './nemotron.ts';
import { olmo3Triggers } from './olmo3.ts';
import { phi4MiniTriggers } from './phi4-mini.ts';
import { pythonicTriggers } from './pythonic.ts';
import { qwen3CoderTriggers } from './qwen3-coder.ts';
import { seedOssTriggers } from './seed-oss.ts';
import { xlamTriggers } from './xlam.ts';

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
];
