/** Ready-made middlewares, one per protocol. */

import { autoProtocol } from '../protocols/auto.ts';
import { deepseekProtocol } from '../protocols/deepseek.ts';
import { functionGemmaProtocol } from '../protocols/function-gemma.ts';
import { gemma4Protocol } from '../protocols/gemma4.ts';
import { glmProtocol } from '../protocols/glm.ts';
import { graniteProtocol } from '../protocols/granite.ts';
import { harmonyProtocol } from '../protocols/harmony.ts';
import { gemmaProtocol, hermesProtocol } from '../protocols/json-mix.ts';
import { kimiK2Protocol } from '../protocols/kimi-k2.ts';
import { llama3JsonProtocol } from '../protocols/llama3-json.ts';
import { minimaxM2Protocol } from '../protocols/minimax-m2.ts';
import { mistralProtocol } from '../protocols/mistral.ts';
import { morphXmlProtocol } from '../protocols/morph-xml.ts';
import { phi4MiniProtocol } from '../protocols/phi4-mini.ts';
import { pythonicProtocol } from '../protocols/pythonic.ts';
import { qwen3CoderProtocol } from '../protocols/qwen3-coder.ts';
import { xlamProtocol } from '../protocols/xlam.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';

/** JSON in `<tool_call>` tags (Hermes, Qwen 2.5/3, many fine-tunes). */
export const hermesToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ hermesProtocol(),
});

/** JSON in a ```tool_call fenced block (Gemma 2/3 and models that like markdown). */
export const gemmaToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: /* @__PURE__ */ gemmaProtocol() });

/** One XML element per call, named after the tool, one child per parameter (morph-XML; good for small models). */
export const xmlToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ morphXmlProtocol(),
});

/** `<tool_call><function=…><parameter=…>` blocks, the format Qwen3-Coder and Qwen3.5 are trained on. */
export const qwen3CoderToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ qwen3CoderProtocol(),
});

/** Llama 3.1/3.2/3.3 JSON calls: `{"name": …, "parameters": …}`, optionally after `<|python_tag|>`. */
export const llama3JsonToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ llama3JsonProtocol(),
});

/** Mistral `[TOOL_CALLS]name[ARGS]{…}` (v13: Mistral Small 3.2, Ministral 3, Magistral); also reads `[TOOL_CALLS] [{…}]`. */
export const mistralToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ mistralProtocol(),
});

/** IBM Granite `<|tool_call|>[{…}]`. */
export const graniteToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ graniteProtocol(),
});

/** Phi-4-mini `functools[{…}]`. */
export const phi4MiniToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ phi4MiniProtocol(),
});

/** Salesforce xLAM: the answer is a bare JSON array of calls. */
export const xlamToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: /* @__PURE__ */ xlamProtocol() });

/** DeepSeek V3/R1/V3.1 `<｜tool▁calls▁begin｜>…` special-token calls. */
export const deepseekToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ deepseekProtocol(),
});

/** Kimi K2 `<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`. */
export const kimiK2ToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ kimiK2Protocol(),
});

/** gpt-oss Harmony `<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>`. */
export const harmonyToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ harmonyProtocol(),
});

/** GLM-4.5/4.6 `<tool_call>name` + `<arg_key>`/`<arg_value>` pairs. */
export const glmToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: /* @__PURE__ */ glmProtocol() });

/** MiniMax-M2 `<minimax:tool_call><invoke name="…"><parameter name="…">…`. */
export const minimaxM2ToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ minimaxM2Protocol(),
});

/** Gemma 4 `<|tool_call>call:name{key:<|"|>value<|"|>}<tool_call|>`. */
export const gemma4ToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ gemma4Protocol(),
});

/** FunctionGemma `<start_function_call>call:name{key:<escape>value<escape>}<end_function_call>`. */
export const functionGemmaToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ functionGemmaProtocol(),
});

/** Pythonic `[get_weather(city="SF"), …]` (Llama 3.2 pythonic, Llama 4, LFM2, Gemma 3 prompting). */
export const pythonicToolMiddleware = /* @__PURE__ */ createToolMiddleware({
  protocol: /* @__PURE__ */ pythonicProtocol(),
});

/**
 * Auto-detection: prompts in Hermes format, but recognises the tool calls of
 * every format above in the output (for declared tools; prose, code and JSON
 * examples stay text). Bundles every parser; see `autoProtocol({ prompt })`
 * to prompt in another format.
 */
export const autoToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: /* @__PURE__ */ autoProtocol() });
