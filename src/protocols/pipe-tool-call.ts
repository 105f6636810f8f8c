/**
 * `<|tool_call|>` then JSON: Granite 3's `<|tool_call|>[{…}]`, and Phi-4-mini's
 * `<|tool_call|>{…}<|/tool_call|>`, the form its chat template teaches and writes
 * history in (ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja).
 * Both are tokens of those tokenizers, so they are markup: an empty block or list and
 * `<|/tool_call|>` alone leave no text (issue 27). One list for both presets, so auto,
 * which runs every format's triggers together, counts it once.
 */
import { taggedJsonTriggers } from './shared-triggers.ts';

/** @internal */
export const pipeToolCallTriggers = /* @__PURE__ */ taggedJsonTriggers('<|tool_call|>', '<|/tool_call|>');
