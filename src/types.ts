/**
 * Public types shared by the middleware and the protocols. Only types live
 * here, so importing them never pulls runtime code from the AI SDK.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';

/** A function tool as the parsers see it: its name, description and input schema. */
export interface ToolSpec {
  name: string;
  description?: string;
  inputSchema: JSONSchema7 | Record<string, unknown>;
  /** The tool asks for strict schema adherence: a forced answer's schema then allows no undeclared keys. */
  strict?: boolean;
}

/** Extra facts passed with every `onError` call, so a caller can log or count them. */
export interface ToolshimErrorMetadata {
  /** A stable machine-readable reason, e.g. `malformed-tool-call` or `unknown-tool`. */
  code: ToolshimErrorCode;
  /** The raw model text involved, when there is one. */
  text?: string;
  /** The tool the problem concerns, when known. */
  toolName?: string;
  /** The underlying exception, when one was caught. */
  cause?: unknown;
}

export type ToolshimErrorCode =
  | 'malformed-tool-call'
  | 'unknown-tool'
  | 'unclosed-tool-call'
  | 'trailing-content'
  | 'unsafe-key'
  | 'no-tool-call'
  | 'wrong-tool'
  | 'unsupported-prompt-part'
  | 'provider-tool-ignored'
  | 'unopened-reasoning'
  | 'invalid-argument';

/** Receives every non-fatal problem: toolshim never throws for bad model output. */
export type OnToolshimError = (message: string, metadata: ToolshimErrorMetadata) => void;

/** Debug levels: `stream` logs raw chunks and emitted parts, `parse` a highlighted summary per call. */
export type DebugLevel = 'off' | 'stream' | 'parse';

/** How `parse` debugging marks tool-call segments in the raw text (ANSI styles). */
export type DebugStyle = 'bg' | 'inverse' | 'underline' | 'bold';
