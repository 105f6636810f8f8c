/**
 * Phi-4-mini(-instruct) tool calls, in two forms:
 *   functools[{"name": …, "arguments": …}]                    what vLLM's phi4mini tool parser reads
 *   <|tool_call|>{"name": …, "arguments": …}<|/tool_call|>    what the chat template teaches and writes
 *                                                             (ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja)
 * `functools` is plain text, so only `functools[` (a JSON list right after
 * it) opens a call: prose about Python's functools module stays text.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { createListRecovery } from '../../parse/sections/json-calls-list.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import { pipeToolCallTriggers } from '../pipe-tool-call.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { phiEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderCallJson, renderCallList, renderToolList, resultText, textLine } from '../tool-list.ts';

/** @internal */
export const phi4MiniTriggers: readonly Trigger[] = [
  {
    marker: 'functools[',
    open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, lists: createListRecovery }),
  },
  ...pipeToolCallTriggers,
  ...thinkTriggers,
  ...phiEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You are a helpful assistant with some tools.',
    `<|tool|>[${tools.split('\n').join(', ')}]<|/tool|>`,
    'To call tools, write functools followed by a JSON list of calls, e.g.',
    'functools[{"name": "tool_name", "arguments": {"parameter": "value"}}]',
    'Answer without tools when none is needed.',
  ].join('\n');

/** Phi-4-mini: `functools[…]`. */
export function phi4MiniProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'phi4-mini',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `functools[${renderCallJson(toolName, input)}]`,
    // Phi-4-mini's template (microsoft/Phi-4-mini-instruct) writes only an assistant turn's content, never
    // its tool_calls; the model is asked for "all function calls ... in a single JSON list formatted as
    // functools[...]" (vLLM examples/tool_chat_template_phi4_mini.jinja), so a turn's calls go back as one list.
    formatToolCalls: (calls, text) => `${textLine(text)}functools${renderCallList(calls)}`,
    // The same template writes a result as the content of a `<|tool|>` turn, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: phi4MiniTriggers,
  });
}

/** @internal The `phi4-mini` format in the registry (formats.ts). */
export const phi4MiniFormat: FormatDeclaration = {
  name: 'phi4-mini',
  label: 'Phi-4-mini functools[…]',
  models: 'Phi-4-mini(-instruct)',
  preset: 'phi4MiniToolMiddleware',
  modelNames: [/phi-?4/i],
  create: phi4MiniProtocol,
  triggers: phi4MiniTriggers,
};
