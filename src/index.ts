// Public API of toolshim: the middleware, presets, protocols, coercion and
// types. Engines (`toolshim/engines`) and the OpenAI-compatible server
// (`toolshim/server`) are separate entry points, so an app that only wraps a
// model ships none of them. Everything here is documented in src/README.md.

export type { CoerceOptions } from './coerce/coerce.ts';
export { coerceBySchema, coerceToolInput } from './coerce/coerce.ts';
export { ToolshimInvalidRequestError } from './errors.ts';
export { parseRelaxedJson } from './json/json-value.ts';
export { createToolMiddleware } from './middleware/create-tool-middleware.ts';
export type { CoalesceToolInputOptions } from './middleware/delta-coalescer.ts';
export type { ToolCallMiddlewareProviderOptions, ToolMiddlewareOptions } from './middleware/options.ts';
// One preset per native format of an open model family, and auto; each is tree-shakable on its own.
export {
  autoToolMiddleware,
  cohereToolMiddleware,
  deepseekToolMiddleware,
  functionGemmaToolMiddleware,
  gemma4ToolMiddleware,
  gemmaToolMiddleware,
  glmToolMiddleware,
  graniteToolMiddleware,
  harmonyToolMiddleware,
  hermesToolMiddleware,
  jambaToolMiddleware,
  kimiK2ToolMiddleware,
  llama3JsonToolMiddleware,
  minimaxM2ToolMiddleware,
  mistralToolMiddleware,
  morphXmlToolMiddleware,
  nemotronToolMiddleware,
  olmo3ToolMiddleware,
  phi4MiniToolMiddleware,
  pythonicToolMiddleware,
  qwen3CoderToolMiddleware,
  seedOssToolMiddleware,
  xlamToolMiddleware,
  yamlXmlToolMiddleware,
} from './middleware/presets.ts';
export type { ReasoningOption } from './parse/engine/events.ts';
export { type AutoProtocolOptions, autoProtocol } from './protocols/auto/auto.ts';
export { cohereProtocol } from './protocols/cohere/cohere.ts';
export { type DeepseekProtocolOptions, deepseekProtocol } from './protocols/deepseek/deepseek.ts';
export { defineProtocol } from './protocols/define-protocol.ts';
export { functionGemmaProtocol } from './protocols/function-gemma/function-gemma.ts';
export { gemmaProtocol } from './protocols/gemma/gemma.ts';
export { gemma4Protocol } from './protocols/gemma4/gemma4.ts';
export { glmProtocol } from './protocols/glm/glm.ts';
export { graniteProtocol } from './protocols/granite/granite.ts';
export { harmonyProtocol } from './protocols/harmony/harmony.ts';
export { hermesProtocol, type JsonMixProtocolOptions, jsonMixProtocol } from './protocols/hermes/hermes.ts';
export { jambaProtocol } from './protocols/jamba/jamba.ts';
export { kimiK2Protocol } from './protocols/kimi-k2/kimi-k2.ts';
export { llama3JsonProtocol } from './protocols/llama3-json/llama3-json.ts';
export { minimaxM2Protocol } from './protocols/minimax-m2/minimax-m2.ts';
export { type MistralProtocolOptions, mistralProtocol } from './protocols/mistral/mistral.ts';
export { type MorphXmlProtocolOptions, morphXmlProtocol } from './protocols/morph-xml/morph-xml.ts';
export { nemotronProtocol } from './protocols/nemotron/nemotron.ts';
export { olmo3Protocol } from './protocols/olmo3/olmo3.ts';
export {
  createParserStream,
  extractToolCallSegments,
  parseGeneratedText,
} from './protocols/parse-text.ts';
export { phi4MiniProtocol } from './protocols/phi4-mini/phi4-mini.ts';
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
} from './protocols/protocol.ts';
export { type PythonicProtocolOptions, pythonicProtocol } from './protocols/pythonic/pythonic.ts';
export { type Qwen3CoderProtocolOptions, qwen3CoderProtocol } from './protocols/qwen3-coder/qwen3-coder.ts';
export { FORMAT_NAMES, FORMATS, findFormat, protocolByName } from './protocols/registry.ts';
export { seedOssProtocol } from './protocols/seed-oss/seed-oss.ts';
export { xlamProtocol } from './protocols/xlam/xlam.ts';
export { type YamlXmlProtocolOptions, yamlXmlProtocol } from './protocols/yaml-xml/yaml-xml.ts';
export type {
  DebugLevel,
  DebugStyle,
  OnToolshimError,
  ToolSpec,
  ToolshimErrorCode,
  ToolshimErrorMetadata,
} from './types.ts';
