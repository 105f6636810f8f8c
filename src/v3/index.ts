/**
 * toolshim for AI SDK 6 (`ai@6`, `@ai-sdk/provider@3`, `LanguageModelV3`):
 * `import { hermesToolMiddleware } from 'toolshim/v3'`. The same middleware as
 * the main entry, served with `specificationVersion: 'v3'`. Every preset of the
 * main entry has its V3 twin here (src/v3/v3.test.ts checks that none is missing).
 */
import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import { createToolMiddleware as createV4ToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolMiddlewareOptions } from '../middleware/options.ts';
import {
  deepseekToolMiddleware as deepseekToolMiddlewareV4,
  functionGemmaToolMiddleware as functionGemmaToolMiddlewareV4,
  gemma4ToolMiddleware as gemma4ToolMiddlewareV4,
  gemmaToolMiddleware as gemmaToolMiddlewareV4,
  glmToolMiddleware as glmToolMiddlewareV4,
  graniteToolMiddleware as graniteToolMiddlewareV4,
  harmonyToolMiddleware as harmonyToolMiddlewareV4,
  hermesToolMiddleware as hermesToolMiddlewareV4,
  kimiK2ToolMiddleware as kimiK2ToolMiddlewareV4,
  llama3JsonToolMiddleware as llama3JsonToolMiddlewareV4,
  minimaxM2ToolMiddleware as minimaxM2ToolMiddlewareV4,
  mistralToolMiddleware as mistralToolMiddlewareV4,
  phi4MiniToolMiddleware as phi4MiniToolMiddlewareV4,
  pythonicToolMiddleware as pythonicToolMiddlewareV4,
  qwen3CoderToolMiddleware as qwen3CoderToolMiddlewareV4,
  xlamToolMiddleware as xlamToolMiddlewareV4,
  xmlToolMiddleware as xmlToolMiddlewareV4,
} from '../middleware/presets.ts';
import { toV3Middleware } from './adapt.ts';

/** `createToolMiddleware` for AI SDK 6: the same options, a V3 middleware. */
export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV3Middleware {
  return toV3Middleware(createV4ToolMiddleware(options));
}

/** JSON in `<tool_call>` tags (Hermes, Qwen 2.5/3, many fine-tunes). For AI SDK 6. */
export const hermesToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(hermesToolMiddlewareV4);

/** JSON in a ```tool_call fenced block (Gemma 2/3 and models that like markdown). For AI SDK 6. */
export const gemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(gemmaToolMiddlewareV4);

/** One XML element per call, named after the tool, one child per parameter (morph-XML; good for small models). For AI SDK 6. */
export const xmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(xmlToolMiddlewareV4);

/** `<tool_call><function=…><parameter=…>` blocks, the format Qwen3-Coder and Qwen3.5 are trained on. For AI SDK 6. */
export const qwen3CoderToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(qwen3CoderToolMiddlewareV4);

/** Llama 3.1/3.2/3.3 JSON calls: `{"name": …, "parameters": …}`, optionally after `<|python_tag|>`. For AI SDK 6. */
export const llama3JsonToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(llama3JsonToolMiddlewareV4);

/** Mistral `[TOOL_CALLS]name[ARGS]{…}` (v13: Mistral Small 3.2, Ministral 3, Magistral); also reads `[TOOL_CALLS] [{…}]`. For AI SDK 6. */
export const mistralToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(mistralToolMiddlewareV4);

/** IBM Granite `<|tool_call|>[{…}]`. For AI SDK 6. */
export const graniteToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(graniteToolMiddlewareV4);

/** Phi-4-mini `functools[{…}]`. For AI SDK 6. */
export const phi4MiniToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(phi4MiniToolMiddlewareV4);

/** Salesforce xLAM: the answer is a bare JSON array of calls. For AI SDK 6. */
export const xlamToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(xlamToolMiddlewareV4);

/** DeepSeek V3/R1/V3.1 `<｜tool▁calls▁begin｜>…` special-token calls. For AI SDK 6. */
export const deepseekToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(deepseekToolMiddlewareV4);

/** Kimi K2 `<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`. For AI SDK 6. */
export const kimiK2ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(kimiK2ToolMiddlewareV4);

/** gpt-oss Harmony `<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>`. For AI SDK 6. */
export const harmonyToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(harmonyToolMiddlewareV4);

/** GLM-4.5/4.6 `<tool_call>name` + `<arg_key>`/`<arg_value>` pairs. For AI SDK 6. */
export const glmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(glmToolMiddlewareV4);

/** MiniMax-M2 `<minimax:tool_call><invoke name="…"><parameter name="…">…`. For AI SDK 6. */
export const minimaxM2ToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(minimaxM2ToolMiddlewareV4);

/** Gemma 4 `<|tool_call>call:name{key:<|"|>value<|"|>}<tool_call|>`. For AI SDK 6. */
export const gemma4ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(gemma4ToolMiddlewareV4);

/** FunctionGemma `<start_function_call>call:name{key:<escape>value<escape>}<end_function_call>`. For AI SDK 6. */
export const functionGemmaToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(functionGemmaToolMiddlewareV4);

/** Pythonic `[get_weather(city="SF"), …]` (Llama 3.2 pythonic, Llama 4, LFM2, Gemma 3 prompting). For AI SDK 6. */
export const pythonicToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(pythonicToolMiddlewareV4);

export type { ToolMiddlewareOptions } from '../middleware/options.ts';
