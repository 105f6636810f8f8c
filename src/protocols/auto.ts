/**
 * Auto-detection: prompt in one format, parse every format.
 *
 * Small models drift: asked for Hermes tags, a Llama answers with bare JSON,
 * a Qwen fine-tune with GLM tags, a Gemma with a pythonic list. This protocol
 * teaches one format (Hermes by default) and recognises the tool calls of all
 * the native formats in the output, streamed and progressive, for the
 * declared tools.
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
import { openByFirstChar } from '../parse/basic-sections.ts';
import { type InvokeTags, openInvokeSection } from '../parse/invoke-section.ts';
import { openJsonSection } from '../parse/json-section.ts';
import { openPythonicSection } from '../parse/pythonic-section.ts';
import { createSectionScanner, type Trigger, thinkEndTrigger } from '../parse/section-scanner.ts';
import { deepseekTriggers } from './deepseek.ts';
import { defineProtocol } from './define-protocol.ts';
import { functionGemmaTriggers } from './function-gemma.ts';
import { gemma4Triggers } from './gemma4.ts';
import { openGlmCall } from './glm.ts';
import { graniteTriggers } from './granite.ts';
import { harmonyTriggers } from './harmony.ts';
import { hermesProtocol } from './json-mix.ts';
import { kimiK2Triggers } from './kimi-k2.ts';
import { minimaxM2Triggers } from './minimax-m2.ts';
import { mistralTriggers } from './mistral.ts';
import { phi4MiniTriggers } from './phi4-mini.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { pythonicWrapperTriggers } from './pythonic.ts';

/** Qwen3-Coder / Qwen3.5: `<tool_call><function=f><parameter=p>v</parameter></function></tool_call>`. */
const QWEN3_CODER_TAGS: InvokeTags = {
  invoke: '<function=',
  invokeEnd: '</function>',
  param: '<parameter=',
  paramEnd: '</parameter>',
  close: '</tool_call>',
};

/** The triggers of every format, for the auto-detecting parser. */
export const autoTriggers: readonly Trigger[] = [
  // <tool_call>: Hermes/Qwen JSON, Qwen3-Coder's <function=…>, or GLM's name + <arg_key> pairs.
  {
    marker: '<tool_call>',
    open: (env, marker) =>
      openByFirstChar(env, marker, (c) => {
        if (c === '{' || c === '[') return (e, raw) => openJsonSection(e, raw, { end: '</tool_call>' });
        if (c === '<') return (e, raw) => openInvokeSection(e, raw, QWEN3_CODER_TAGS);
        return openGlmCall;
      }),
  },
  // Gemma 2/3 prompted with a ```tool_call fence.
  { marker: '```tool_call', open: (env, marker) => openJsonSection(env, marker, { end: '```' }) },
  { marker: '<|python_tag|>', open: (env, marker) => openJsonSection(env, marker, { repeat: true }) },
  ...mistralTriggers,
  ...graniteTriggers,
  ...phi4MiniTriggers,
  ...deepseekTriggers,
  ...kimiK2Triggers,
  ...harmonyTriggers,
  ...gemma4Triggers,
  ...functionGemmaTriggers,
  ...minimaxM2Triggers,
  ...pythonicWrapperTriggers,
  thinkEndTrigger,
  // A bare answer: Llama 3 JSON, an xLAM JSON list, or a pythonic list.
  {
    marker: '{',
    atStart: true,
    open: (env, marker) => openJsonSection(env, marker, { markerIsValue: true, repeat: true, declaredOnly: true }),
  },
  {
    marker: '[',
    atStart: true,
    open: (env, marker) =>
      openByFirstChar(
        env,
        marker,
        (c) =>
          c === '{'
            ? (e, raw) => openJsonSection(e, raw, { markerIsValue: true, declaredOnly: true })
            : (e, raw) => openPythonicSection(e, raw, { listOpened: true, declaredOnly: true }),
        true,
      ),
  },
];

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
  return defineProtocol({
    name: `auto(${prompt.name})`,
    formatTools: prompt.formatTools,
    formatToolCall: prompt.formatToolCall,
    formatToolResponse: prompt.formatToolResponse,
    createParser: (context, callbacks) => createSectionScanner(autoTriggers, context, callbacks),
  });
}
