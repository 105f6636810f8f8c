/**
 * MiniMax-M2 tool calls:
 *   <minimax:tool_call>
 *   <invoke name="get_weather">
 *   <parameter name="city">Paris</parameter>
 *   </invoke>
 *   </minimax:tool_call>
 * Several `<invoke>` blocks in one section are parallel calls. Parameter
 * values are raw text, verbatim (the MiniMax-M2 chat template writes
 * `<parameter name="k">` + v + `</parameter>` with no padding: llama.cpp
 * models/templates/MiniMax-M2.jinja), coerced by the tool's schema.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord } from '../protocol.ts';
import { minimaxEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';
const TAGS: InvokeTags = {
  invoke: '<invoke name=',
  invokeEnd: '</invoke>',
  param: '<parameter name=',
  paramEnd: '</parameter>',
  close: CLOSE,
};

/** @internal */
export const minimaxM2Triggers: readonly Trigger[] = [
  { marker: OPEN, open: (env, marker) => openXmlInvoke(env, marker, TAGS) },
  // The invoke without the <minimax:tool_call> block around it.
  {
    marker: TAGS.invoke,
    open: (env, marker) => openXmlInvoke(env, marker, TAGS, { openedAtInvoke: true }),
  },
  ...thinkTriggers,
  ...minimaxEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    'You may call one or more tools to assist with the user query. Here are the tools available in JSON Schema format:',
    '<tools>',
    tools,
    '</tools>',
    '',
    'When making tool calls, use XML format to invoke tools and pass parameters:',
    OPEN,
    '<invoke name="tool-name-1">',
    '<parameter name="param-key-1">param-value-1</parameter>',
    '</invoke>',
    CLOSE,
    'Several <invoke> blocks in one section are run in parallel.',
  ].join('\n');

/** One `<invoke>` with its parameters, each on its own line, as the template writes them (`| tojson` for non-strings). */
function invoke({ toolName, input }: ToolCallRecord): string {
  const params = Object.entries((input ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `<parameter name="${k}">${typeof v === 'string' ? v : templateJson(v)}</parameter>\n`)
    .join('');
  return `<invoke name="${toolName}">\n${params}</invoke>\n`;
}

/** MiniMax-M2: `<minimax:tool_call><invoke name="f"><parameter name="p">v</parameter></invoke></minimax:tool_call>`. */
export function minimaxM2Protocol(): ToolCallProtocol {
  return defineFormat({
    name: 'minimax-m2',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) => `${OPEN}\n${invoke(call)}${CLOSE}`,
    // The template (llama.cpp models/templates/MiniMax-M2.jinja) writes the content, then '\n' and one block
    // holding every invoke of the turn (the '\n' comes even when the turn has no content).
    formatToolCalls: (calls, text) => `${text}\n${OPEN}\n${calls.map(invoke).join('')}${CLOSE}`,
    // Each result is '\n<response>' + content + '</response>' after the tool role's header; toolshim's user
    // turn starts after its header's line break, so the results are joined by '\n'.
    formatToolResponse: ({ result }) => `<response>${resultText(result)}</response>`,
    // MiniMax-M2's template (llama.cpp models/templates/MiniMax-M2.jinja) writes '<think>\n' + reasoning +
    // '\n</think>\n\n' for the turns after the last user message (interleaved thinking).
    formatReasoning: (reasoning) => `<think>\n${reasoning}\n</think>\n\n`,
    triggers: minimaxM2Triggers,
  });
}

/** @internal The `minimax-m2` format in the registry (formats.ts). */
export const minimaxM2Format: FormatDeclaration = {
  name: 'minimax-m2',
  label: 'MiniMax-M2 <invoke>',
  models: 'MiniMax-M2',
  preset: 'minimaxM2ToolMiddleware',
  modelNames: [/minimax/i],
  // MiniMax-M2's template always ends its generation prompt with `<think>\n` (llama.cpp
  // models/templates/unsloth-MiniMax-M2.jinja@a21f05af). By the model's name only: a scripted or other engine
  // serving this format renders no such template.
  templateOpensThinking: (model) => /minimax-m2/i.test(model),
  create: minimaxM2Protocol,
  triggers: minimaxM2Triggers,
};
