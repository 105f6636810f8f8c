/**
 * Sber GigaChat tool calls. GigaChat 3 (llama.cpp
 * models/templates/GigaChat3-10B-A1.8B.jinja@6f9ffbd9) ends the assistant's
 * message and writes the call as a message of the `function call` role:
 *   I'll check.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Moscow"}}
 * GigaChat 3.1 opens the same JSON with `<|function_call|>`, and GigaChat 3.5
 * writes a typed XML block like DeepSeek V3.2's DSML with `｜GCML｜` tags
 * (vLLM's gigachat3 and gigachat35 parser tests). The separators are special
 * tokens: the engine must keep them.
 */
import { openSilentMarker } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { dsmlValues } from '../../parse/sections/typed-param.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord } from '../protocol.ts';
import { mistralEnd } from '../shared-triggers.ts';
import { renderCallJson, renderToolList, resultText } from '../tool-list.ts';

const MESSAGE_SEP = '<|message_sep|>';
const CALL_HEADER = 'function call<|role_sep|>';

/**
 * A JSON call after its header; the header is the family's own markup, so what follows is a call or a broken
 * one. The template closes the call's message with the separator too.
 */
const jsonCall = (marker: string): Trigger => ({
  marker,
  open: (env, m) => openJsonCalls(env, m, { end: MESSAGE_SEP }),
});

const GCML = '｜GCML｜';
const gcmlTags: InvokeTags = {
  invoke: `<${GCML}invoke name=`,
  invokeEnd: `</${GCML}invoke>`,
  param: `<${GCML}parameter name=`,
  paramEnd: `</${GCML}parameter>`,
  close: `</${GCML}tool_calls>`,
};

/** @internal */
export const gigachatTriggers: readonly Trigger[] = [
  // GigaChat 3: the end of the assistant's message, then the call's own message.
  jsonCall(`${MESSAGE_SEP}\n\n${CALL_HEADER}`),
  jsonCall(CALL_HEADER),
  // GigaChat 3.1.
  jsonCall('<|function_call|>'),
  // GigaChat 3.5: values typed by their string="true|false" attribute, as DSML's are.
  {
    marker: `<${GCML}tool_calls>`,
    open: (env, marker) => openXmlInvoke(env, marker, gcmlTags, { typedValues: dsmlValues }),
  },
  // The separator ends a message (the call's own too): a special token, markup wherever it stands.
  { marker: MESSAGE_SEP, open: openSilentMarker },
  ...mistralEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You can call these functions, each described by a JSON schema on its own line:',
    tools,
    '',
    `To call a function, end your message with ${MESSAGE_SEP}, then write ${CALL_HEADER} and one JSON object with its "name" and "arguments" on the next line, for example:`,
    `${MESSAGE_SEP}\n\n${CALL_HEADER}\n{"name": "function_name", "arguments": {"parameter": "value"}}`,
    'The result comes back as a function result message. When no function is needed, answer directly.',
  ].join('\n');

/** One call as the template's `render_function_call` writes it, after the assistant's message and its separator. */
const functionCall = ({ toolName, input }: ToolCallRecord) =>
  `${MESSAGE_SEP}\n\n${CALL_HEADER}\n${renderCallJson(toolName, input)}`;

/** GigaChat: `<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": …, "arguments": …}`. */
export function gigachatProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'gigachat',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: functionCall,
    // The template writes only a turn's first call; later ones follow as further call messages.
    formatToolCalls: (calls, text) => `${text}${calls.map(functionCall).join('')}`,
    // Each result is the content of a `function result` message, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: gigachatTriggers,
  });
}

/** @internal The `gigachat` format in the registry (formats.ts). */
export const gigachatFormat: FormatDeclaration = {
  name: 'gigachat',
  label: 'GigaChat function call',
  models: 'Sber GigaChat 3 / 3.1 (JSON), GigaChat 3.5 (reads its GCML block)',
  preset: 'gigachatToolMiddleware',
  // `ai-sage/GigaChat3-10B-A1.8B`, `GigaChat3.5-…`.
  modelNames: [/gigachat/i],
  create: gigachatProtocol,
  triggers: gigachatTriggers,
};
