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
export * from './middleware/presets.ts';
export type { ReasoningOption } from './parse/engine/events.ts';
export { defineProtocol } from './protocols/define-protocol.ts';
// Every format's factory and options (generated from the registry).
export * from './protocols/factories.ts';
export {
  createParserStream,
  extractToolCallSegments,
  parseGeneratedText,
} from './protocols/parse-text.ts';
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
export { FORMAT_NAMES, FORMATS, findFormat, protocolByName } from './protocols/registry.ts';
export type {
  DebugLevel,
  DebugStyle,
  OnToolshimError,
  ToolSpec,
  ToolshimErrorCode,
  ToolshimErrorMetadata,
} from './types.ts';
