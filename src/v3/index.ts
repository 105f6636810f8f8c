/**
 * toolshim for AI SDK 6 (`ai@6`, `@ai-sdk/provider@3`, `LanguageModelV3`):
 * `import { hermesToolMiddleware } from 'toolshim/v3'`. The same middleware as
 * the main entry, served with `specificationVersion: 'v3'`, plus the main
 * entry's exports that do not depend on AI SDK 7 types (protocols, coercion).
 * Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.
 */
import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import { createToolMiddleware as createV4ToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolMiddlewareOptions } from '../middleware/options.ts';
import {
  apertusToolMiddleware as apertusToolMiddlewareV4,
  autoToolMiddleware as autoToolMiddlewareV4,
  cohereToolMiddleware as cohereToolMiddlewareV4,
  deepseekToolMiddleware as deepseekToolMiddlewareV4,
  functionGemmaToolMiddleware as functionGemmaToolMiddlewareV4,
  gemma4ToolMiddleware as gemma4ToolMiddlewareV4,
  gemmaToolMiddleware as gemmaToolMiddlewareV4,
  gigachatToolMiddleware as gigachatToolMiddlewareV4,
  glmToolMiddleware as glmToolMiddlewareV4,
  graniteToolMiddleware as graniteToolMiddlewareV4,
  harmonyToolMiddleware as harmonyToolMiddlewareV4,
  hermesToolMiddleware as hermesToolMiddlewareV4,
  internlmToolMiddleware as internlmToolMiddlewareV4,
  jambaToolMiddleware as jambaToolMiddlewareV4,
  kimiK2ToolMiddleware as kimiK2ToolMiddlewareV4,
  llama3JsonToolMiddleware as llama3JsonToolMiddlewareV4,
  minicpm5ToolMiddleware as minicpm5ToolMiddlewareV4,
  minimaxM2ToolMiddleware as minimaxM2ToolMiddlewareV4,
  mistralToolMiddleware as mistralToolMiddlewareV4,
  morphXmlToolMiddleware as morphXmlToolMiddlewareV4,
  nemotronToolMiddleware as nemotronToolMiddlewareV4,
  olmo3ToolMiddleware as olmo3ToolMiddlewareV4,
  phi4MiniToolMiddleware as phi4MiniToolMiddlewareV4,
  pythonicToolMiddleware as pythonicToolMiddlewareV4,
  qwen3CoderToolMiddleware as qwen3CoderToolMiddlewareV4,
  seedOssToolMiddleware as seedOssToolMiddlewareV4,
  xlamToolMiddleware as xlamToolMiddlewareV4,
  yamlXmlToolMiddleware as yamlXmlToolMiddlewareV4,
} from '../middleware/presets.ts';
import { toV3Middleware } from './adapt.ts';

export type { CoerceOptions } from '../coerce/coerce.ts';
export { coerceBySchema, coerceToolInput } from '../coerce/coerce.ts';
export { ToolshimInvalidRequestError } from '../errors.ts';
export { parseRelaxedJson } from '../json/json-value.ts';
export type { ToolCallMiddlewareProviderOptions, ToolMiddlewareOptions } from '../middleware/options.ts';
export type { ReasoningOption } from '../parse/engine/events.ts';
export { defineProtocol } from '../protocols/define-protocol.ts';
export * from '../protocols/factories.ts';
export {
  createParserStream,
  extractToolCallSegments,
  parseGeneratedText,
} from '../protocols/parse-text.ts';
export type {
  FormatEntry,
  ParsedContent,
  ParseOptions,
  ParserCallbacks,
  ParserContext,
  ParserEvent,
  StreamingParser,
  ToolCallProtocol,
  ToolCallRecord,
  ToolResponseRecord,
} from '../protocols/protocol.ts';
export { FORMAT_NAMES, FORMATS, findFormat, protocolByName } from '../protocols/registry.ts';
export type {
  DebugLevel,
  DebugStyle,
  OnToolshimError,
  ToolSpec,
  ToolshimErrorCode,
  ToolshimErrorMetadata,
} from '../types.ts';

/** `createToolMiddleware` for AI SDK 6: the same options, a V3 middleware. */
export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV3Middleware {
  return toV3Middleware(createV4ToolMiddleware(options));
}

/** Hermes / Qwen <tool_call> JSON, for AI SDK 6. */
export const hermesToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(hermesToolMiddlewareV4);

/** Gemma ```tool_call fence, for AI SDK 6. */
export const gemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(gemmaToolMiddlewareV4);

/** morph-XML elements, for AI SDK 6. */
export const morphXmlToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(morphXmlToolMiddlewareV4);

/** YAML in XML elements, for AI SDK 6. */
export const yamlXmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(yamlXmlToolMiddlewareV4);

/** Qwen3-Coder <function=…> XML, for AI SDK 6. */
export const qwen3CoderToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(qwen3CoderToolMiddlewareV4);

/** Llama 3 JSON, for AI SDK 6. */
export const llama3JsonToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(llama3JsonToolMiddlewareV4);

/** Mistral [TOOL_CALLS], for AI SDK 6. */
export const mistralToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(mistralToolMiddlewareV4);

/** Granite <|tool_call|>, for AI SDK 6. */
export const graniteToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(graniteToolMiddlewareV4);

/** Phi-4-mini functools[…], for AI SDK 6. */
export const phi4MiniToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(phi4MiniToolMiddlewareV4);

/** xLAM JSON list, for AI SDK 6. */
export const xlamToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(xlamToolMiddlewareV4);

/** DeepSeek special tokens, for AI SDK 6. */
export const deepseekToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(deepseekToolMiddlewareV4);

/** Kimi K2 special tokens, for AI SDK 6. */
export const kimiK2ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(kimiK2ToolMiddlewareV4);

/** gpt-oss Harmony, for AI SDK 6. */
export const harmonyToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(harmonyToolMiddlewareV4);

/** GLM <arg_key>/<arg_value>, for AI SDK 6. */
export const glmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(glmToolMiddlewareV4);

/** MiniMax-M2 <invoke>, for AI SDK 6. */
export const minimaxM2ToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(minimaxM2ToolMiddlewareV4);

/** Gemma 4 <|tool_call>, for AI SDK 6. */
export const gemma4ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(gemma4ToolMiddlewareV4);

/** FunctionGemma, for AI SDK 6. */
export const functionGemmaToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(functionGemmaToolMiddlewareV4);

/** Pythonic call list, for AI SDK 6. */
export const pythonicToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(pythonicToolMiddlewareV4);

/** OLMo 3 <function_calls>, for AI SDK 6. */
export const olmo3ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(olmo3ToolMiddlewareV4);

/** Nemotron <TOOLCALL>, for AI SDK 6. */
export const nemotronToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(nemotronToolMiddlewareV4);

/** Cohere <|START_ACTION|>, for AI SDK 6. */
export const cohereToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(cohereToolMiddlewareV4);

/** Jamba <tool_calls>, for AI SDK 6. */
export const jambaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(jambaToolMiddlewareV4);

/** Seed-OSS <seed:tool_call>, for AI SDK 6. */
export const seedOssToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(seedOssToolMiddlewareV4);

/** InternLM <|action_start|><|plugin|>, for AI SDK 6. */
export const internlmToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(internlmToolMiddlewareV4);

/** GigaChat function call, for AI SDK 6. */
export const gigachatToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(gigachatToolMiddlewareV4);

/** Apertus <|tools_prefix|>, for AI SDK 6. */
export const apertusToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(apertusToolMiddlewareV4);

/** MiniCPM 5 <function name=…>, for AI SDK 6. */
export const minicpm5ToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(minicpm5ToolMiddlewareV4);

/** Auto-detect (every format), for AI SDK 6. */
export const autoToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(autoToolMiddlewareV4);
