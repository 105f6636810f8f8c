/**
 * IBM Granite 3.x / 4 tool calls: `<|tool_call|>[{"name": …, "arguments": …}, …]`.
 * `<|tool_call|>` is a special token: the engine must keep special tokens
 * (transformers.js `skip_special_tokens: false`).
 */

import { openWrappedText } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import { hermesTriggers } from '../hermes/hermes.ts';
import { pipeToolCallTriggers } from '../pipe-tool-call.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { graniteEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderCallJson, renderCallList, renderToolList, resultText, textLine } from '../tool-list.ts';

/** @internal Granite 3.x writes `<|tool_call|>[…]`; Granite 4 writes Hermes `<tool_call>` tags. */
export const graniteTriggers: readonly Trigger[] = [
  ...hermesTriggers,
  ...pipeToolCallTriggers,
  ...thinkTriggers,
  {
    // Granite 3.3's thinking prompt (llama.cpp models/templates/ibm-granite-granite-3.3-2B-Instruct.jinja@3db4da56)
    // asks for "your response between <response></response>": at the start of the answer (after the thinking)
    // those tags are markup around the answer text, dropped; anywhere else they are prose.
    marker: '<response>',
    atStart: true,
    open: (env, marker) => openWrappedText(env, marker, ['</response>']),
  },
  ...graniteEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You are a helpful assistant with tool calling capabilities. These tools are available:',
    tools,
    '',
    'To use tools, write <|tool_call|> followed by a JSON list of calls, for example:',
    '<|tool_call|>[{"name": "tool_name", "arguments": {"parameter": "value"}}]',
    'When you receive a tool response, use it to answer the original question. If no tool is needed, answer directly.',
  ].join('\n');

/** Granite: `<|tool_call|>` followed by a JSON array of calls. */
export function graniteProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'granite',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `<|tool_call|>[${renderCallJson(toolName, input)}]`,
    // Granite 3.3's template (llama.cpp models/templates/ibm-granite-granite-3.3-2B-Instruct.jinja) writes only
    // an assistant turn's content, never its tool_calls; its system prompt asks for "<|tool_call|> followed by
    // a JSON list of tools used", so a turn's calls go back as that one list, after the turn's text.
    formatToolCalls: (calls, text) => `${textLine(text)}<|tool_call|>${renderCallList(calls)}`,
    // The same template writes each result as the content of a `tool` turn, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: graniteTriggers,
  });
}

/** @internal The `granite` format in the registry (formats.ts). */
export const graniteFormat: FormatDeclaration = {
  name: 'granite',
  label: 'Granite <|tool_call|>',
  models: 'IBM Granite 3.x',
  preset: 'graniteToolMiddleware',
  modelNames: [/granite/i],
  create: graniteProtocol,
  triggers: graniteTriggers,
};
