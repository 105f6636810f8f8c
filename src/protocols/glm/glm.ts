/**
 * GLM-4.5 / GLM-4.6 tool calls (Zhipu / Z.ai):
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Beijing</arg_value>
 *   </tool_call>
 * Values are raw text, coerced by the tool's schema (`3` becomes a number
 * where the schema wants one). GLM-4's older `<tool_call>name\n{json}` and
 * Hermes-style `<tool_call>{"name": …}` are read as well, since they share
 * the tag.
 */

import { openByFirstChar } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { openGlmCall } from '../../parse/sections/glm-call.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import { hermesTriggers } from '../hermes/hermes.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { glmSwitch } from '../reasoning-switches.ts';
import { glmEnd } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

/** @internal GLM reads Hermes JSON in the same tag too (GLM-4 fine-tunes write it). */
export const glmTriggers: readonly Trigger[] = [
  ...hermesTriggers,
  {
    marker: '<tool_call>',
    firstChar: (c) => c !== '<',
    open: (env, marker) => openByFirstChar(env, marker, () => openGlmCall),
  },
  ...glmEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    'The functions are described by these signatures:',
    '<tools>',
    tools,
    '</tools>',
    '',
    'For each function call, write the function name and its arguments like this:',
    '<tool_call>function_name',
    '<arg_key>parameter</arg_key>',
    '<arg_value>value</arg_value>',
    '</tool_call>',
  ].join('\n');

/** One argument value as GLM-4.6's template writes it: strings raw, anything else `| tojson`. */
function argText(value: unknown): string {
  return typeof value === 'string' ? value : templateJson(value);
}

/** GLM-4.5/4.6: `<tool_call>name` then `<arg_key>`/`<arg_value>` pairs, then `</tool_call>`. */
export function glmProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'glm',
    reasoningSwitch: glmSwitch,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => {
      const args = Object.entries((input ?? {}) as Record<string, unknown>)
        .map(([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${argText(v)}</arg_value>\n`)
        .join('');
      return `<tool_call>${toolName}\n${args}</tool_call>`;
    },
    // The template writes each result as '\n<tool_response>\n' + content + '\n</tool_response>' in one
    // <|observation|> turn; toolshim's user turn holds the same text after its own header's line break.
    formatToolResponse: ({ result }) => `<tool_response>\n${resultText(result)}\n</tool_response>`,
    // GLM-4.6's template (llama.cpp models/templates/GLM-4.6.jinja) writes '<think>' + reasoning.strip() +
    // '</think>' and then '\n' + the content, for the turns after the last user message.
    formatReasoning: (reasoning) => `<think>${reasoning.trim()}</think>\n`,
    triggers: glmTriggers,
  });
}

/** @internal The `glm` format in the registry (formats.ts). */
export const glmFormat: FormatDeclaration = {
  name: 'glm',
  label: 'GLM <arg_key>/<arg_value>',
  models: 'GLM-4.5, GLM-4.6',
  preset: 'glmToolMiddleware',
  modelNames: [/glm/i],
  create: glmProtocol,
  triggers: glmTriggers,
};
