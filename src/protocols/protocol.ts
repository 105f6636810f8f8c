/**
 * The protocol interface. A protocol knows one text format for tool calls:
 * how to teach it (formatTools), how to render history in it
 * (formatToolCall / formatToolResponse) and how to parse it (createParser).
 *
 * `createParser` is the only parsing entry point a protocol implements.
 * Generate (`feed(all); flush()`) and stream (`feed` per chunk) both run it,
 * so the two paths cannot disagree.
 */
import type { ParserCallbacks, ParserContext, ReasoningOption, StreamingParser } from '../parse/engine/events.ts';
import type { OnToolshimError, ToolSpec } from '../types.ts';

export type { ParserCallbacks, ParserContext, StreamingParser } from '../parse/engine/events.ts';

/** A tool call as history: an earlier assistant turn. */
export interface ToolCallRecord {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool result as history, with the output already reduced to a JSON value. */
export interface ToolResponseRecord {
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError?: boolean;
}

/** Parsed content of a whole text. */
export type ParsedContent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string };

/**
 * Events of the `createParserStream(protocol, …)` stream: one per parser
 * callback, named after it (`onToolCallStart` → `tool-call-start`). The
 * middleware turns the same callbacks into AI SDK stream parts:
 * `tool-call-start` → `tool-input-start`, `tool-call-delta` →
 * `tool-input-delta`, `tool-call-end` → `tool-input-end` + `tool-call`,
 * `tool-call-abort` → `tool-input-end` (no call), `text`/`reasoning` →
 * their `-delta` parts.
 */
export type ParserEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'reasoning-end' }
  | { type: 'tool-call-start'; id: string; toolName: string }
  | { type: 'tool-call-delta'; id: string; delta: string }
  | { type: 'tool-call-end'; id: string; toolName: string; input: string }
  | { type: 'tool-call-abort'; id: string };

/** The AI SDK's `reasoning` call option, except `provider-default` (which asks for nothing). */
export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/**
 * A model family's own thinking switch for one effort, as its chat template
 * has it. The middleware writes the text parts into the prompt and hands the
 * template variables to the engine (toolshim's chat engines send them as
 * `chat_template_kwargs`).
 */
export interface ReasoningSwitch {
  /** Appended to the last user message (Qwen3's ` /no_think`, GLM's `/nothink`). */
  userSuffix?: string;
  /** Put at the very start of the system message (Gemma 4's `<|think|>`). */
  systemPrefix?: string;
  /** The template's own variables (`enable_thinking`, `thinking`, `reasoning_effort`). */
  templateKwargs?: Record<string, unknown>;
  /** Why the effort could only be approximated (gpt-oss never stops thinking); becomes a warning. */
  approximated?: string;
}

export interface ParseOptions {
  tools: ToolSpec[];
  onError?: OnToolshimError;
  generateId?: () => string;
  /** How thinking markers are read, as the middleware's `reasoning` option. */
  reasoning?: ReasoningOption;
}

/**
 * A text format for tool calls: what a protocol author writes (and passes to
 * `defineProtocol`), and what the middleware uses. `parseGeneratedText`,
 * `createParserStream` and `extractToolCallSegments` run its parser outside
 * the middleware.
 */
export interface ToolCallProtocol {
  /** A short name, e.g. `hermes`; used in debug output and errors. */
  name: string;
  /**
   * The system prompt that teaches the format. `toolSystemPromptTemplate`, when
   * given, receives the rendered tool list and returns the whole prompt.
   */
  formatTools: (options: {
    tools: ToolSpec[];
    toolSystemPromptTemplate?: ((tools: string) => string) | undefined;
  }) => string;
  /** An earlier assistant tool call, rendered as the model would have written it. */
  formatToolCall: (call: ToolCallRecord) => string;
  /** A tool result, rendered as the user text the model reads next. */
  formatToolResponse: (response: ToolResponseRecord) => string;
  /**
   * One assistant turn's text and all its calls, as the model's template
   * writes them, for formats that group a turn's calls in one block (DeepSeek,
   * Kimi K2) or join text and calls their own way. Without it, each call is
   * rendered by `formatToolCall` and joined to the text with line breaks.
   */
  formatToolCalls?: (calls: ToolCallRecord[], text: string) => string;
  /**
   * Every result of one tool message, as the model's template writes them
   * into one turn (Qwen3-Coder ends each with a line break, Mistral and
   * DeepSeek put them side by side, Kimi K2 numbers them). Without it, each is
   * rendered by `formatToolResponse` and joined with line breaks.
   */
  formatToolResponses?: (responses: ToolResponseRecord[]) => string;
  /**
   * The model's earlier thinking, as its chat template writes it back into an
   * assistant turn. Templates that keep thinking (Qwen3, GLM-4.5+, MiniMax-M2)
   * keep it only for the turns after the last user message, the current tool
   * loop; toolshim does the same. Without it, thinking in the history is
   * dropped, as most templates drop it.
   */
  formatReasoning?: (reasoning: string) => string;
  /**
   * The family's thinking switch for the AI SDK's `reasoning` call option.
   * Without it, a `reasoning` other than `provider-default` gets a warning.
   */
  reasoningSwitch?: (effort: ReasoningEffort) => ReasoningSwitch;
  /**
   * The family's chat template demands strictly alternating user and
   * assistant turns and raises an error otherwise (Mistral's, Gemma 2/3's):
   * a tool-results turn and the user message after it then go to the model
   * as one user turn. Without it, each user message and each tool message's
   * results are a user turn of their own, as the templates write them.
   */
  mergeUserTurns?: boolean;
  /**
   * With `history: 'native'`, the id a call and its result carry upstream, for a family whose templates
   * take only some ids (Mistral's raise on any but 9 letters and digits). It must map an id the same way
   * every time, so that a result still names its call. Without it, the ids go upstream as they came.
   */
  nativeCallId?: (toolCallId: string) => string;
  /** The incremental parser; the single parsing core of the protocol. */
  createParser: (context: ParserContext, callbacks: ParserCallbacks) => StreamingParser;
}

/**
 * A built-in format as the registry lists it (`FORMATS`, `findFormat`): the
 * proxy's `PROTOCOL` names, the demo's picker, the presets and the docs'
 * tables all come from these entries.
 */
export interface FormatEntry {
  /** The format's name: the proxy's `PROTOCOL` value and the demo's picker id. */
  readonly name: string;
  /** A human name for pickers and tables. */
  readonly label: string;
  /** The models trained on (or prompted well with) this format. */
  readonly models: string;
  /** The ready-made middleware's export name, e.g. `hermesToolMiddleware`. */
  readonly preset: string;
  /** Makes the protocol with its default options. */
  readonly create: () => ToolCallProtocol;
  /** Older names that still select this format. */
  readonly aliases?: readonly string[];
  /**
   * The names model servers give the models that write this format (Hugging
   * Face ids, Ollama tags), as patterns: `toolshim --model NAME` picks the
   * format by them (model-names.ts).
   */
  readonly modelNames?: readonly RegExp[];
  /** Formats this one wins over when a model name matches both (a fine-tune named after its base model). */
  readonly outranks?: readonly string[];
  /**
   * Whether the family's chat template opens the thinking block itself for
   * the model named `model` and a request whose thinking is on (`true`), off
   * (`false`) or unsaid: the answer then starts inside the block, and the
   * proxy reads it with `reasoning: { startInside: true }`, as the servers'
   * reasoning parsers for such templates do.
   */
  readonly templateOpensThinking?: (model: string, thinking: boolean | undefined) => boolean;
}
