/**
 * Every native format, once, in the order auto merges triggers that share a
 * marker (a format listed earlier wins a tie). Each format declares itself in
 * its own file; adding one is one line here, then `npm run sync` writes what
 * derives from this list (see `FormatDeclaration`).
 *
 * Importing this module pulls in every format's prompt and parser; presets
 * import their own protocol file instead, and auto only format-triggers.ts.
 */

import { apertusFormat } from './apertus/apertus.ts';
import type { FormatDeclaration } from './builtin-format.ts';
import { cohereFormat } from './cohere/cohere.ts';
import { deepseekFormat } from './deepseek/deepseek.ts';
import { functionGemmaFormat } from './function-gemma/function-gemma.ts';
import { gemmaFormat } from './gemma/gemma.ts';
import { gemma4Format } from './gemma4/gemma4.ts';
import { gigachatFormat } from './gigachat/gigachat.ts';
import { glmFormat } from './glm/glm.ts';
import { graniteFormat } from './granite/granite.ts';
import { harmonyFormat } from './harmony/harmony.ts';
import { hermesFormat } from './hermes/hermes.ts';
import { internlmFormat } from './internlm/internlm.ts';
import { jambaFormat } from './jamba/jamba.ts';
import { kimiK2Format } from './kimi-k2/kimi-k2.ts';
import { llama3JsonFormat } from './llama3-json/llama3-json.ts';
import { minicpm5Format } from './minicpm5/minicpm5.ts';
import { minimaxM2Format } from './minimax-m2/minimax-m2.ts';
import { mistralFormat } from './mistral/mistral.ts';
import { morphXmlFormat } from './morph-xml/morph-xml.ts';
import { nemotronFormat } from './nemotron/nemotron.ts';
import { olmo3Format } from './olmo3/olmo3.ts';
import { phi4MiniFormat } from './phi4-mini/phi4-mini.ts';
import { pythonicFormat } from './pythonic/pythonic.ts';
import { qwen3CoderFormat } from './qwen3-coder/qwen3-coder.ts';
import { seedOssFormat } from './seed-oss/seed-oss.ts';
import { xlamFormat } from './xlam/xlam.ts';
import { yamlXmlFormat } from './yaml-xml/yaml-xml.ts';

export const NATIVE_FORMATS: readonly FormatDeclaration[] = [
  hermesFormat,
  gemmaFormat,
  morphXmlFormat,
  yamlXmlFormat,
  qwen3CoderFormat,
  llama3JsonFormat,
  mistralFormat,
  graniteFormat,
  phi4MiniFormat,
  xlamFormat,
  deepseekFormat,
  kimiK2Format,
  harmonyFormat,
  glmFormat,
  minimaxM2Format,
  gemma4Format,
  functionGemmaFormat,
  pythonicFormat,
  olmo3Format,
  nemotronFormat,
  cohereFormat,
  jambaFormat,
  seedOssFormat,
  internlmFormat,
  gigachatFormat,
  apertusFormat,
  minicpm5Format,
];
