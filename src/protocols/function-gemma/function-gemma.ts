/**
 * FunctionGemma (Gemma 3 270M function-calling model) tool calls:
 *   <start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>
 * Strings are wrapped in `<escape>`, keys are bare. The tokens are special:
 * the engine must keep special tokens (transformers.js `skip_special_tokens: false`).
 */

import { openLoneEnd } from '../../parse/engine/give-back.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { braceValue, openGemmaCall } from '../../parse/sections/gemma-call.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { gemmaEnd } from '../shared-triggers.ts';
import { renderToolList, sideBySide } from '../tool-list.ts';

const Q = '<escape>';

/** @internal */
export const functionGemmaTriggers: readonly Trigger[] = [
  {
    marker: '<start_function_call>',
    open: (env, marker) => openGemmaCall(env, marker, { quote: Q, end: '<end_function_call>' }),
  },
  // Met alone, the closing token is markup, except after a call that went back as text.
  { marker: '<end_function_call>', open: openLoneEnd },
  ...gemmaEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You are a model that can do function calling with the following functions:',
    tools,
    '',
    `To call a function, write <start_function_call>call:function_name{parameter:${Q}value${Q}}<end_function_call>`,
    `Wrap string values in ${Q}. When no function is needed, answer normally.`,
  ].join('\n');

const call = ({ toolName, input }: ToolCallRecord) =>
  `<start_function_call>call:${toolName}${braceValue(input ?? {}, Q)}<end_function_call>`;

const response = ({ toolName, result }: ToolResponseRecord) =>
  `<start_function_response>response:${toolName}${braceValue(result !== null && typeof result === 'object' && !Array.isArray(result) ? result : { value: result }, Q)}<end_function_response>`;

/** FunctionGemma: `<start_function_call>call:name{key:<escape>v<escape>}<end_function_call>`. */
export function functionGemmaProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'function-gemma',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: call,
    // FunctionGemma writes a turn's text, then its calls side by side, then the results side by side (no
    // template in the sources; Ollama's renderer test model/renderers/functiongemma_test.go, see history tests).
    formatToolCalls: (calls, text) => text + calls.map(call).join(''),
    // A result as Google's FunctionGemma guide shows it: the result object's keys, strings in <escape>.
    formatToolResponse: response,
    formatToolResponses: sideBySide(response),
    triggers: functionGemmaTriggers,
  });
}

/** @internal The `function-gemma` format in the registry (formats.ts). */
export const functionGemmaFormat: FormatDeclaration = {
  name: 'function-gemma',
  label: 'FunctionGemma',
  models: 'FunctionGemma (Gemma 3 270M)',
  preset: 'functionGemmaToolMiddleware',
  modelNames: [/function-?gemma/i],
  outranks: ['gemma'],
  create: functionGemmaProtocol,
  triggers: functionGemmaTriggers,
};
