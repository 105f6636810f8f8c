/**
 * What a parser is given and what it reports. Modelled on eventsource-parser:
 * a parser is `{ feed, flush }` and tells its caller what it found through
 * callbacks, in order. It knows nothing of the AI SDK; the middleware turns
 * these events into stream parts.
 */
import type { OnToolshimError, ToolSpec } from '../types.ts';

/** What the middleware hands each parser. */
export interface ParserContext {
  /** The declared function tools, by name. */
  tools: ReadonlyMap<string, ToolSpec>;
  /** Makes a fresh tool-call id. */
  generateId: () => string;
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
