/**
 * MiniCPM 5 tool calls, as the servers' parsers for it read them (vLLM
 * `minicpm5xml_tool_parser.py`@055e47c2, SGLang `minicpm5_detector.py`@032cfb6f):
 *   <function name="get_weather"><param name="city">Paris</param></function>
 * No block around the calls: each `<function>` element is one call, and text
 * may stand between them. Values are raw text typed by the tool's schema (a
 * string stays as written, anything else is JSON); a value may be wrapped in
 * `<![CDATA[…]]>`, the parsers' way for multiline text. The tags are special
 * tokens: the engine must keep them. No chat template of the family was
 * available here, so the history is written in the parsers' form.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { cdataStage } from '../../parse/readers/xml-text.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { chatmlEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const INVOKE = '<function name=';
const INVOKE_END = '</function>';
const TAGS: InvokeTags = {
  invoke: INVOKE,
  invokeEnd: INVOKE_END,
  param: '<param name=',
  paramEnd: '</param>',
  // No block holds the calls: a call's end is the end of its section, and the next call opens its own.
  close: INVOKE_END,
};

/** @internal */
export const minicpm5Triggers: readonly Trigger[] = [
  // A bare element: only a declared tool's name, confirmed by a parameter or the close tag, makes it a call
  // (`<function name="x">` in prose stays text).
  {
    marker: INVOKE,
    open: (env, marker) => openXmlInvoke(env, marker, TAGS, { openedAtInvoke: true, valueStage: cdataStage }),
  },
  ...thinkTriggers,
  ...chatmlEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You can call these functions, each described by a JSON schema on its own line:',
    '<tools>',
    tools,
    '</tools>',
    '',
    'To call a function, write one element per call:',
    `${INVOKE}"function_name"><param name="parameter_name">value</param>${INVOKE_END}`,
    '- A string value is written as it is; a number, boolean, array or object as JSON.',
    '- Wrap a value that spans several lines in <![CDATA[ and ]]>.',
    '- For several calls, write one element after another.',
    'The results come back in the next message. When no function is needed, answer directly.',
  ].join('\n');

/** One call as the parsers read it: each parameter a `<param>`, strings raw, anything else JSON. */
function element({ toolName, input }: ToolCallRecord): string {
  const params = Object.entries((input ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `<param name="${k}">${typeof v === 'string' ? v : templateJson(v)}</param>`)
    .join('');
  return `${INVOKE}"${toolName}">${params}${INVOKE_END}`;
}

const respond = ({ result }: ToolResponseRecord) => resultText(result);

/** MiniCPM 5: `<function name="f"><param name="k">v</param></function>`, one element per call. */
export function minicpm5Protocol(): ToolCallProtocol {
  return defineFormat({
    name: 'minicpm5',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: element,
    formatToolCalls: (calls, text) => [text.trim(), ...calls.map(element)].filter((part) => part !== '').join('\n'),
    formatToolResponse: respond,
    triggers: minicpm5Triggers,
  });
}

/** @internal The `minicpm5` format in the registry (formats.ts). */
export const minicpm5Format: FormatDeclaration = {
  name: 'minicpm5',
  label: 'MiniCPM 5 <function name=…>',
  models: 'OpenBMB MiniCPM 5 (1B, 2B)',
  preset: 'minicpm5ToolMiddleware',
  // `openbmb/MiniCPM5-1B`, `openbmb/MiniCPM5-2B`, `openbmb/MiniCPM5-2B-GGUF`.
  modelNames: [/minicpm-?5/i],
  create: minicpm5Protocol,
  triggers: minicpm5Triggers,
  // Auto reads it when it prompts in it, else not: no other family drifts into this element, the proxy picks
  // this preset for MiniCPM 5 by name, and its trigger and CDATA reader would take auto (0.2 KB min+gzip)
  // past issue 37's 32 KB.
  inAuto: false,
};
