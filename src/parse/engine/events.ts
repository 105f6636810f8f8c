/**
 * What a parser is given and what it reports. Modelled on eventsource-parser:
 * a parser is `{ feed, flush }` and tells its caller what it found through
 * callbacks, in order. It knows nothing of the AI SDK; the middleware turns
 * these events into stream parts.
 */
import type { OnToolshimError, ToolSpec } from '../../types.ts';

/**
 * How thinking markers in the text are treated. Default: recognised at the
 * start of the answer (and after a completed call), their text becomes
 * reasoning. `startInside`: the model's template already opened the block,
 * so the output begins inside thinking and only the end marker appears
 * (DeepSeek-R1, Qwen3-Thinking-2507, GLM with thinking on). `'text'`: no
 * recognition, thinking markers are ordinary text.
 */
export type ReasoningOption = 'text' | { startInside?: boolean };

/** What the middleware hands each parser. */
export interface ParserContext {
  /** The declared function tools, by name. */
  tools: ReadonlyMap<string, ToolSpec>;
  /** Makes a fresh tool-call id. */
  generateId: () => string;
  /** How thinking markers are read; see ReasoningOption. */
  reasoning?: ReasoningOption | undefined;
  /** No tool may be called (tool choice `none`): nothing is announced as a call. */
  noCalls?: boolean;
}

/** Events a parser emits, in order. */
export interface ParserCallbacks {
  onText: (text: string) => void;
  /** A piece of the model's thinking. Nothing inside thinking is parsed for calls. */
  onReasoning: (text: string) => void;
  /** The thinking block that the last `onReasoning` pieces belong to is over. */
  onReasoningEnd: () => void;
  /** The tool name is known; argument deltas follow. */
  onToolCallStart: (call: { id: string; toolName: string }) => void;
  /** A piece of the JSON input. All deltas of a call concatenate to its final `input`. */
  onToolCallDelta: (call: { id: string; delta: string }) => void;
  onToolCallEnd: (call: { id: string; toolName: string; input: string }) => void;
  /** A started call proved malformed. Its raw text follows through `onText`. */
  onToolCallAbort: (call: { id: string }) => void;
  onError: OnToolshimError;
  /** The raw text of a complete tool-call block (for debugging highlights). */
  onCallSegment?: (raw: string) => void;
}

/** An incremental parser: feed any chunking, then flush once at the end. */
export interface StreamingParser {
  feed: (chunk: string) => void;
  flush: () => void;
}
