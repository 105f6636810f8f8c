/**
 * qwen3-coder: the XML-ish format Qwen3-Coder and Qwen3.5 are trained on.
 * Values are raw text between newlines, so code needs no escaping:
 *
 *   <tool_call>
 *   <function=write_file>
 *   <parameter=path>
 *   a.py
 *   </parameter>
 *   </function>
 *   </tool_call>
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { trimmedStage } from '../../parse/readers/xml-text.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import { hermesTriggers } from '../hermes/hermes.ts';
import type { ToolCallProtocol, ToolResponseRecord } from '../protocol.ts';
import { enableThinkingSwitch } from '../reasoning-switches.ts';
import { chatmlEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, sideBySide, templateJson } from '../tool-list.ts';

const TAGS: InvokeTags = {
  invoke: '<function=',
  invokeEnd: '</function>',
  param: '<parameter=',
  paramEnd: '</parameter>',
  close: '</tool_call>',
};

/** @internal `<tool_call>` then `<function=…>`: the marker is shared with Hermes JSON and GLM. */
export const qwen3CoderTriggers: readonly Trigger[] = [
  // Qwen 2.5/3, the family's other models, write Hermes JSON in the same tag.
  ...hermesTriggers,
  {
    marker: '<tool_call>',
    firstChar: (c) => c === '<',
    // Qwen3-Coder writes one <tool_call> block per call, sometimes leaving the one before unclosed.
    open: (env, marker) => openXmlInvoke(env, marker, TAGS, { reopen: ['<tool_call>'], valueStage: trimmedStage }),
  },
  {
    // The most reported Qwen3-Coder failure: the call without its <tool_call> opener. (Llama 3.1's
    // `<function=NAME>{…}</function>` shares the tag; its own trigger runs to the `{`, see llama3-json.ts.)
    marker: '<function=',
    open: (env, marker) =>
      openXmlInvoke(env, marker, TAGS, { reopen: ['<tool_call>'], openedAtInvoke: true, valueStage: trimmedStage }),
  },
  ...thinkTriggers,
  ...chatmlEnd,
];

export interface Qwen3CoderProtocolOptions {
  /** The element that wraps a tool result in the history. Default `tool_response`, as in Qwen's template. */
  toolResponseTag?: string;
  /** The protocol's name in debug output. Default `qwen3-coder`. */
  name?: string;
}

/**
 * A parameter value as the Qwen3-Coder template writes it: objects and lists with `| tojson`, strings raw,
 * and other scalars with Python's `str()`, so `True`, `False` and `None` (llama.cpp
 * models/templates/Qwen3-Coder.jinja@1920345c: `args_value | string`). toolshim's own parser reads those back.
 */
function qwen3CoderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'object' ? templateJson(value) : String(value);
}

/** A call in the exact layout the model was trained on (see qwen3CoderValue). */
function renderQwen3CoderCall(toolName: string, input: unknown): string {
  const entries = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  const parameters = entries.map(([key, value]) => `<parameter=${key}>\n${qwen3CoderValue(value)}\n</parameter>\n`);
  return `<tool_call>\n<function=${toolName}>\n${parameters.join('')}</function>\n</tool_call>`;
}

export function qwen3CoderProtocol(options: Qwen3CoderProtocolOptions = {}): ToolCallProtocol {
  const responseTag = options.toolResponseTag ?? 'tool_response';
  if (!/^[A-Za-z_][\w.:-]*$/.test(responseTag)) {
    throw new TypeError(
      `qwen3CoderProtocol: toolResponseTag must be an XML element name such as "tool_response", got ${JSON.stringify(responseTag)}.`,
    );
  }

  const respond = ({ result }: ToolResponseRecord) => `<${responseTag}>\n${resultText(result)}\n</${responseTag}>\n`;
  const defaultTemplate = (tools: string) =>
    [
      'You may call the functions below. Each is given as a JSON schema, one per line:',
      '<tools>',
      tools,
      '</tools>',
      '',
      'To call a function, reply with this block and nothing after it:',
      '<tool_call>\n<function=function_name>\n<parameter=parameter_name>\nvalue\n</parameter>\n</function>\n</tool_call>',
      '',
      'Rules:',
      '- Put each argument in its own <parameter=…> element; the value goes on its own lines, as raw text (code needs no escaping).',
      '- Arrays and objects are written as JSON inside the parameter.',
      '- For several calls, write one <tool_call> block per call.',
      '- Leave out optional parameters you do not need, and use only the functions listed.',
      `Results come back inside <${responseTag}>. When no function is needed, answer normally.`,
    ].join('\n');

  return defineFormat({
    name: options.name ?? 'qwen3-coder',
    reasoningSwitch: enableThinkingSwitch,
    formatTools({ tools, toolSystemPromptTemplate }) {
      return (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools));
    },
    formatToolCall({ toolName, input }) {
      return renderQwen3CoderCall(toolName, input);
    },
    // Qwen3-Coder's template (llama.cpp models/templates/Qwen3-Coder.jinja) writes the trimmed content and a
    // blank line, then each call, the calls joined by '\n'.
    formatToolCalls(calls, text) {
      const body = calls.map((c) => renderQwen3CoderCall(c.toolName, c.input)).join('\n');
      return text.trim() === '' ? body : `${text.trim()}\n\n${body}`;
    },
    // The same template ends every result with a line break and puts one step's results side by side.
    formatToolResponse: respond,
    formatToolResponses: sideBySide(respond),
    triggers: qwen3CoderTriggers,
  });
}

/** @internal The `qwen3-coder` format in the registry (formats.ts). */
export const qwen3CoderFormat: FormatDeclaration = {
  name: 'qwen3-coder',
  label: 'Qwen3-Coder <function=…> XML',
  models: 'Qwen3-Coder, Qwen3.5',
  preset: 'qwen3CoderToolMiddleware',
  // Qwen3-Coder and Qwen3.5 were trained on the XML-like `qwen3-coder` format, other Qwens on Hermes.
  modelNames: [/qwen3.?coder/i, /qwen3\.5/i],
  outranks: ['hermes'],
  create: qwen3CoderProtocol,
  triggers: qwen3CoderTriggers,
  aliases: ['qwen3coder'],
};
