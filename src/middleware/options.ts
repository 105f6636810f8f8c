import type { ReasoningOption } from '../parse/engine/events.ts';
import type { ToolCallProtocol, ToolResponseRecord } from '../protocols/protocol.ts';
import type { DebugLevel, DebugStyle, OnToolshimError } from '../types.ts';
import type { CoalesceToolInputOptions } from './delta-coalescer.ts';

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
  /**
   * How a call's arguments are grouped into `tool-input-delta`s while they
   * stream. Default `{ immediateChars: 1024, ratio: 0.25, maxDelayMs: 100 }`:
   * the first KB goes out piece by piece, then held text goes out when it
   * reaches a quarter of what was sent or 100 ms after the last delta, and all
   * of it before `tool-input-end`. This keeps `useChat`, which re-parses the
   * whole partial input on every delta, linear in the argument. `false` sends
   * every piece the parser produces as it comes. Either way the deltas join to
   * the call's `input`.
   */
  coalesceToolInput?: false | CoalesceToolInputOptions;
  /**
   * Images and other files in tool results. Default `placeholder`: the model
   * reads `[file: image/png]` in the result's text (for text-only models) and
   * `onError` hears of each. `attach`: the placeholder stays in the text and
   * the files follow the results as file parts of the same user message, for
   * models that read images (Gemma 3/4, Qwen2.5-VL, Llama 4 and other vision
   * models behind an OpenAI-compatible endpoint).
   */
  toolResultFiles?: 'placeholder' | 'attach';
  /**
   * What becomes of a call the parser had to drop, malformed
   * (`malformed-tool-call`) or unfinished (`unclosed-tool-call`). Default
   * `text`: its raw text stays in the answer, and `onError` says why.
   * `invalid-tool-call`: it goes to the agent loop as a tool call whose input
   * is that raw text; the AI SDK finds it invalid, offers it to
   * `experimental_repairToolCall`, and otherwise sends the model an error
   * result, so that the next step can try again (`onError` still hears of it).
   * Unknown tools and arguments that fail the schema reach the loop as calls
   * either way.
   */
  droppedCalls?: 'text' | 'invalid-tool-call';
  /**
   * How earlier tool calls and results reach the model. Default `text`: they
   * are rewritten as the format's own text (calls in the assistant turn,
   * results as a user turn), for any model and engine. `native`: they stay
   * structured, assistant `tool-call` parts and `tool` messages, which an
   * OpenAI-compatible server sends as `tool_calls` and `role: "tool"` through
   * the model's own chat template, exactly as the model was trained (vLLM,
   * SGLang, llama.cpp with `--jinja`, Ollama, LM Studio; not WebLLM, a raw
   * completion endpoint or the replay model). The tools are still taught in
   * the system prompt, and the answer is still parsed from the text.
   * `toolResponsePromptTemplate` and the format's history renderers are then
   * not used.
   */
  history?: 'text' | 'native';
}

/** Per-call options read from `providerOptions.toolCallMiddleware`. */
export interface ToolCallMiddlewareProviderOptions {
  onError?: OnToolshimError;
  /**
   * How thinking is read in this call's answer, instead of the middleware's
   * `reasoning` option: `{ startInside: true }` when this request's template
   * opens the thinking block (DeepSeek V3.1 with its `thinking` switch on),
   * which only the caller knows per request.
   */
  reasoning?: ReasoningOption;
}
