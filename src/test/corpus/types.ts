/**
 * The shape of the real-output corpus: model outputs in each family's real
 * variants, each with where the pattern was seen (official chat template,
 * a peer's parser test, or a public bug report), the tools it needs and the
 * exact result toolshim must give. The texts are our own fixtures written to
 * the pattern of the source, not copies of it (see each file's header).
 *
 * Test files feed every case through `wrapLanguageModel` whole, one
 * character at a time and at random split points, through the family's
 * presets and through auto.
 */

import type { ToolshimErrorCode } from '../../types.ts';

/** A JSON schema for one tool's input (an object schema). */
export type ToolSchemas = Record<string, Record<string, unknown>>;

export interface CorpusCall {
  toolName: string;
  /** The parsed, schema-coerced input. */
  input: unknown;
}

export interface CorpusCase {
  /** What the case shows, e.g. "v11 name[ARGS]{json} with [CALL_ID]". */
  name: string;
  /**
   * Where this pattern was seen: a template (`repo path@commit`), a peer's
   * parser test (`repo path@commit, test name`) or a report (issue URL).
   */
  source: string;
  /** The model's raw output. */
  text: string;
  /** The tools declared for this case, by name. */
  tools: ToolSchemas;
  /** Registry names of the presets that must parse this case; `auto` always must. */
  presets: string[];
  /** The calls, in order. Empty: the case must produce no call. */
  calls: CorpusCall[];
  /** The text outside calls and reasoning, compared with whitespace runs collapsed to one space and trimmed. */
  text_out: string;
  /** The reasoning text, compared the same way; undefined when there is none. */
  reasoning?: string;
  /**
   * Presets (registry name, or `auto`) that get this case wrong today, each
   * with what comes out instead. The test runs them as `it.fails`.
   */
  known?: Record<string, string>;
  /** The middleware's `reasoning` option for this case (default: the family's markers). */
  reasoningOption?: { startInside: true } | 'text';
  /**
   * The `onError` codes the case must report, in order, in every chunking
   * (default: none, so a stray report fails the case too).
   */
  errors?: ToolshimErrorCode[];
  /**
   * Set (with the reason) when auto must read the text differently from the
   * case's presets, e.g. Kimi's tokens in the hermes preset: they stay text
   * there, while auto parses every family (its own family's cases cover
   * auto). The case then runs through its presets only.
   */
  notAuto?: string;
}

/** A prose sample that mentions tools, markers or JSON and must produce no call anywhere. */
export interface NegativeCase {
  name: string;
  /** Why it is a realistic answer (docs page, chat about tool calling, code sample, …). */
  kind: string;
  text: string;
  tools: ToolSchemas;
  /** Set when some preset gives a call today: which, and what it calls. The test runs it as `it.fails`. */
  known?: string;
}

/**
 * Earlier turns and what the model's official template writes for them. The
 * chat engine adds the role markers (`<|im_start|>assistant`), so what is
 * compared is each message's text content between them, byte for byte.
 */
export interface HistoryCase {
  /** Registry name of the preset. */
  preset: string;
  name: string;
  /** Template source: `repo path@commit`. */
  source: string;
  /** AI SDK prompt messages (assistant text/tool-call parts, tool messages with tool-result parts). */
  messages: unknown[];
  /** The messages toolshim must send for them: role and the exact text content. */
  expected: Array<{ role: 'assistant' | 'user'; text: string }>;
}
