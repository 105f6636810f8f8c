/**
 * Auto-detection: prompt in one format, parse every format.
 *
 * Small models drift: asked for Hermes tags, a Llama answers with bare JSON,
 * a Qwen fine-tune with GLM tags, a Gemma with a pythonic list. This protocol
 * teaches one format (Hermes by default) and runs the scanner with the
 * triggers of every native format, so each format parses exactly as its own
 * preset parses it.
 *
 * Precision first: special-token markers (`[TOOL_CALLS]`, `<|tool_call>`,
 * `<｜tool▁calls▁begin｜>`, …) never occur in prose, so they open a call
 * anywhere; ordinary characters (`{`, `[`) only count at the very start of
 * the answer and only when they call a declared tool, so JSON, Python and
 * markdown in an answer stay text.
 *
 * This module imports every format; import a single preset instead when you
 * know the model's format (smaller bundle).
 */
import type { ParserContext } from '../../parse/engine/events.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { defineFormat, type FormatDeclaration, triggersOf } from '../builtin-format.ts';
import { FORMAT_TRIGGERS } from '../format-triggers.ts';
import { hermesProtocol } from '../hermes/hermes.ts';
import type { ToolCallProtocol } from '../protocol.ts';

/** The triggers of every native format (shared ones once), in the registry's order. */
function autoTriggers(context: ParserContext): Trigger[] {
  return FORMAT_TRIGGERS.flatMap((triggers) => (typeof triggers === 'function' ? triggers(context) : triggers));
}

export interface AutoProtocolOptions {
  /**
   * The format the system prompt teaches and history is rendered in; its
   * parser is not used, since every format is recognised. Default: Hermes
   * (`<tool_call>{…}</tool_call>`), the format most open models have seen.
   */
  prompt?: ToolCallProtocol;
}

/** Prompts in one format (Hermes by default) and parses the tool calls of every known format. */
export function autoProtocol(options: AutoProtocolOptions = {}): ToolCallProtocol {
  const prompt = options.prompt ?? hermesProtocol();
  // The taught format is always read, even one with delimiters of its own or one auto leaves out (a triggers
  // list repeated is counted once); listed first, its trigger wins a marker another format shares without a test.
  const own = triggersOf(prompt);
  return defineFormat({
    name: `auto(${prompt.name})`,
    formatTools: prompt.formatTools,
    formatToolCall: prompt.formatToolCall,
    formatToolResponse: prompt.formatToolResponse,
    ...(prompt.formatReasoning ? { formatReasoning: prompt.formatReasoning } : {}),
    ...(prompt.reasoningSwitch ? { reasoningSwitch: prompt.reasoningSwitch } : {}),
    ...(prompt.mergeUserTurns ? { mergeUserTurns: true } : {}),
    ...(prompt.nativeCallId ? { nativeCallId: prompt.nativeCallId } : {}),
    triggers: (context) => [...(own?.(context) ?? []), ...autoTriggers(context)],
  });
}

/** @internal `auto` in the registry, after every native format. */
export const autoFormat: FormatDeclaration = {
  name: 'auto',
  label: 'Auto-detect (every format)',
  models: 'small models that drift between formats',
  preset: 'autoToolMiddleware',
  create: autoProtocol,
  triggers: autoTriggers,
};
