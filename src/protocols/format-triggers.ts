/**
 * Every native format's triggers, by format name, in the registry's order:
 * what auto runs. Kept apart from the registry (formats.ts) so that auto
 * ships every parser but not every format's prompt, history renderer and
 * registry text, which it never uses (it prompts in one format).
 */
import type { ParserContext } from '../parse/events.ts';
import type { Trigger } from '../parse/scanner.ts';
import { deepseekTriggers } from './deepseek.ts';
import { functionGemmaTriggers } from './function-gemma.ts';
import { gemmaTriggers } from './gemma.ts';
import { gemma4Triggers } from './gemma4.ts';
import { glmTriggers } from './glm.ts';
import { graniteTriggers } from './granite.ts';
import { harmonyTriggers } from './harmony.ts';
import { hermesTriggers } from './json-mix.ts';
import { kimiK2Triggers } from './kimi-k2.ts';
import { llama3JsonTriggers } from './llama3-json.ts';
import { minimaxM2Triggers } from './minimax-m2.ts';
import { mistralTriggers } from './mistral.ts';
import { morphXmlTriggers } from './morph-xml.ts';
import { olmo3Triggers } from './olmo3.ts';
import { phi4MiniTriggers } from './phi4-mini.ts';
import { pythonicTriggers } from './pythonic.ts';
import { qwen3CoderTriggers } from './qwen3-coder.ts';
import { xlamTriggers } from './xlam.ts';

export type TriggersOf = (context: ParserContext) => readonly Trigger[];

const fixed = (triggers: readonly Trigger[]) => () => triggers;

/** The order matters: auto merges triggers that share a marker in this order (formats.ts lists the formats in it too). */
export const FORMAT_TRIGGERS = {
  hermes: fixed(hermesTriggers),
  gemma: fixed(gemmaTriggers),
  'morph-xml': morphXmlTriggers,
  'qwen3-coder': fixed(qwen3CoderTriggers),
  'llama3-json': fixed(llama3JsonTriggers),
  mistral: fixed(mistralTriggers),
  granite: fixed(graniteTriggers),
  'phi4-mini': fixed(phi4MiniTriggers),
  xlam: fixed(xlamTriggers),
  deepseek: fixed(deepseekTriggers),
  'kimi-k2': fixed(kimiK2Triggers),
  harmony: fixed(harmonyTriggers),
  glm: fixed(glmTriggers),
  'minimax-m2': fixed(minimaxM2Triggers),
  gemma4: fixed(gemma4Triggers),
  'function-gemma': fixed(functionGemmaTriggers),
  pythonic: fixed(pythonicTriggers),
  olmo3: fixed(olmo3Triggers),
} satisfies Record<string, TriggersOf>;
