/**
 * FunctionGemma (Gemma 3 270M function-calling model) tool calls:
 *   <start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>
 * Strings are wrapped in `<escape>`, keys are bare. The tokens are special:
 * the engine must keep special tokens (transformers.js `skip_special_tokens: false`).
 */
import type { Trigger } from '../parse/scanner.ts';
import { braceValue, openGemmaCall } from '../parse/sections/gemma-call.ts';
import { defineFormat } from './define-protocol.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { gemmaEnd } from './shared-triggers.ts';
import { renderToolList } from './tool-list.ts';

const Q = '<escape>';

export const functionGemmaTriggers: readonly Trigger[] = [
  {
    marker: '<start_function_call>',
    open: (env, marker) => openGemmaCall(env, marker, { quote: Q, end: '<end_function_call>' }),
  },
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

/** FunctionGemma: `<start_function_call>call:name{key:<escape>v<escape>}<end_function_call>`. */
export function functionGemmaProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'function-gemma',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) =>
      `<start_function_call>call:${toolName}${braceValue(input ?? {}, Q)}<end_function_call>`,
    formatToolResponse: ({ toolName, result }) =>
      `<start_function_response>response:${toolName}${braceValue(result !== null && typeof result === 'object' && !Array.isArray(result) ? result : { value: result }, Q)}<end_function_response>`,
    triggers: () => functionGemmaTriggers,
  });
}
