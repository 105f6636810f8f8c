import type { ReasoningOption } from '../parse/events.ts';
import type { ToolCallProtocol, ToolResponseRecord } from '../protocols/protocol.ts';
import type { DebugLevel, DebugStyle, OnToolshimError } from '../types.ts';

export interface ToolMiddlewareOptions {
  /** The text format the model is taught and parsed in, or a factory for it. */
  protocol: ToolCallProtocol | (() => ToolCallProtocol);
  /** Replaces the protocol's system prompt. Receives the rendered tool list; returns the whole prompt. */
  toolSystemPromptTemplate?: (tools: string) => string;
  /** Replaces the protocol's rendering of a tool result in the history. */
  toolResponsePromptTemplate?: (response: ToolResponseRecord) => string;
  /** Where the tool prompt goes relative to your own system message. Default `first`. */
  placement?: 'first' | 'last';
  /** Hears every non-fatal problem (malformed calls, unknown tools, dropped parts). */
  onError?: OnToolshimError;
  /** Debug logging; defaults to the `DEBUG_PARSER_MW` environment variable, else `off`. */
  debug?: DebugLevel;
  /** Highlight style for `parse` debugging; defaults to `DEBUG_PARSER_MW_STYLE`, else `bg`. */
  debugStyle?: DebugStyle;
  /**
   * How thinking in the text is read. Default: each format's thinking markers
   * (`<think>`, `[THINK]`, Harmony's analysis channel, Gemma 4's thought
   * channel) become reasoning parts. `{ startInside: true }` for models whose
   * template opens the block so only the end marker appears (DeepSeek-R1,
   * Qwen3-Thinking-2507, GLM with thinking on); `'text'` to leave thinking
   * markers as ordinary text.
   */
  reasoning?: ReasoningOption;
}

/** Per-call options read from `providerOptions.toolCallMiddleware`. */
export interface ToolCallMiddlewareProviderOptions {
  onError?: OnToolshimError;
}
