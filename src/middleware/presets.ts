/** Ready-made middlewares, one per format, every option at its default. Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current. */
import { apertusProtocol } from '../protocols/apertus/apertus.ts';
import { autoProtocol } from '../protocols/auto/auto.ts';
import { cohereProtocol } from '../protocols/cohere/cohere.ts';
import { deepseekProtocol } from '../protocols/deepseek/deepseek.ts';
import { functionGemmaProtocol } from '../protocols/function-gemma/function-gemma.ts';
import { gemmaProtocol } from '../protocols/gemma/gemma.ts';
import { gemma4Protocol } from '../protocols/gemma4/gemma4.ts';
import { gigachatProtocol } from '../protocols/gigachat/gigachat.ts';
import { glmProtocol } from '../protocols/glm/glm.ts';
import { graniteProtocol } from '../protocols/granite/granite.ts';
import { harmonyProtocol } from '../protocols/harmony/harmony.ts';
import { hermesProtocol } from '../protocols/hermes/hermes.ts';
import { internlmProtocol } from '../protocols/internlm/internlm.ts';
import { jambaProtocol } from '../protocols/jamba/jamba.ts';
import { kimiK2Protocol } from '../protocols/kimi-k2/kimi-k2.ts';
import { llama3JsonProtocol } from '../protocols/llama3-json/llama3-json.ts';
import { minicpm5Protocol } from '../protocols/minicpm5/minicpm5.ts';
import { minimaxM2Protocol } from '../protocols/minimax-m2/minimax-m2.ts';
import { mistralProtocol } from '../protocols/mistral/mistral.ts';
import { morphXmlProtocol } from '../protocols/morph-xml/morph-xml.ts';
import { nemotronProtocol } from '../protocols/nemotron/nemotron.ts';
import { olmo3Protocol } from '../protocols/olmo3/olmo3.ts';
import { phi4MiniProtocol } from '../protocols/phi4-mini/phi4-mini.ts';
import { pythonicProtocol } from '../protocols/pythonic/pythonic.ts';
import { qwen3CoderProtocol } from '../protocols/qwen3-coder/qwen3-coder.ts';
import { seedOssProtocol } from '../protocols/seed-oss/seed-oss.ts';
import { xlamProtocol } from '../protocols/xlam/xlam.ts';
import { yamlXmlProtocol } from '../protocols/yaml-xml/yaml-xml.ts';
import { presetMiddleware } from './create-tool-middleware.ts';

/** Hermes / Qwen <tool_call> JSON: Hermes, Qwen 2.5/3, Baidu ERNIE-4.5, most instruction fine-tunes. Format name `hermes`. */
export const hermesToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ hermesProtocol());

/** Gemma ```tool_call fence: Gemma 2/3, models that like markdown. Format name `gemma`. */
export const gemmaToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ gemmaProtocol());

/** morph-XML elements: small models that handle XML better than JSON; code-heavy arguments. Format name `morph-xml`. */
export const morphXmlToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ morphXmlProtocol());

/** YAML in XML elements: apps leaving @ai-sdk-tool/parser’s yamlXmlProtocol; code-heavy values. Format name `yaml-xml`. */
export const yamlXmlToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ yamlXmlProtocol());

/** Qwen3-Coder <function=…> XML: Qwen3-Coder, Qwen3.5. Format name `qwen3-coder`. */
export const qwen3CoderToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ qwen3CoderProtocol());

/** Llama 3 JSON: Llama 3.1 / 3.2 / 3.3 (JSON tool prompt). Format name `llama3-json`. */
export const llama3JsonToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ llama3JsonProtocol());

/** Mistral [TOOL_CALLS]: Mistral Small 3.2, Ministral 3, Magistral, Devstral, 7B v0.3, Nemo. Format name `mistral`. */
export const mistralToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ mistralProtocol());

/** Granite <|tool_call|>: IBM Granite 3.x. Format name `granite`. */
export const graniteToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ graniteProtocol());

/** Phi-4-mini functools[…]: Phi-4-mini(-instruct). Format name `phi4-mini`. */
export const phi4MiniToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ phi4MiniProtocol());

/** xLAM JSON list: Salesforce xLAM-2, xLAM v1. Format name `xlam`. */
export const xlamToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ xlamProtocol());

/** DeepSeek special tokens: DeepSeek V3, R1, V3.1, V3.2. Format name `deepseek`. */
export const deepseekToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ deepseekProtocol());

/** Kimi K2 special tokens: Kimi K2. Format name `kimi-k2`. */
export const kimiK2ToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ kimiK2Protocol());

/** gpt-oss Harmony: gpt-oss-20b / 120b. Format name `harmony`. */
export const harmonyToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ harmonyProtocol());

/** GLM <arg_key>/<arg_value>: GLM-4.5, GLM-4.6. Format name `glm`. */
export const glmToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ glmProtocol());

/** MiniMax-M2 <invoke>: MiniMax-M2. Format name `minimax-m2`. */
export const minimaxM2ToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ minimaxM2Protocol());

/** Gemma 4 <|tool_call>: Gemma 4. Format name `gemma4`. */
export const gemma4ToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ gemma4Protocol());

/** FunctionGemma: FunctionGemma (Gemma 3 270M). Format name `function-gemma`. */
export const functionGemmaToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ functionGemmaProtocol());

/** Pythonic call list: Llama 3.2 1B/3B (pythonic prompt), Llama 4, LFM2, Gemma 3 so prompted. Format name `pythonic`. */
export const pythonicToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ pythonicProtocol());

/** OLMo 3 <function_calls>: OLMo 3 (Instruct and Think). Format name `olmo3`. */
export const olmo3ToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ olmo3Protocol());

/** Nemotron <TOOLCALL>: NVIDIA Nemotron Nano v2, Llama-3.3-Nemotron-Super-49B v1.5. Format name `nemotron`. */
export const nemotronToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ nemotronProtocol());

/** Cohere <|START_ACTION|>: Cohere Command R7B, Command A (reasoning), North; Command R / R+. Format name `cohere`. */
export const cohereToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ cohereProtocol());

/** Jamba <tool_calls>: AI21 Jamba 1.5–1.7; ServiceNow Apriel 1.5 / 1.6; Tencent Hunyuan-A13B. Format name `jamba`. */
export const jambaToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ jambaProtocol());

/** Seed-OSS <seed:tool_call>: ByteDance Seed-OSS-36B (Base, Instruct). Format name `seed-oss`. */
export const seedOssToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ seedOssProtocol());

/** InternLM <|action_start|><|plugin|>: InternLM2 / 2.5 / 3, Intern-S1. Format name `internlm`. */
export const internlmToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ internlmProtocol());

/** GigaChat function call: Sber GigaChat 3 / 3.1 (JSON), GigaChat 3.5 (reads its GCML block). Format name `gigachat`. */
export const gigachatToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ gigachatProtocol());

/** Apertus <|tools_prefix|>: Swiss AI Apertus 8B / 70B. Format name `apertus`. */
export const apertusToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ apertusProtocol());

/** MiniCPM 5 <function name=…>: OpenBMB MiniCPM 5 (1B, 2B). Format name `minicpm5`. */
export const minicpm5ToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ minicpm5Protocol());

/** Auto-detect (every format): small models that drift between formats. Format name `auto`. */
export const autoToolMiddleware = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ autoProtocol());
