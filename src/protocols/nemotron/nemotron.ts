/**
 * NVIDIA Nemotron tool calls (Nemotron Nano v2, Llama-3.3-Nemotron-Super-49B v1.5):
 *   <TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</TOOLCALL>
 * Results come back as `<TOOL_RESPONSE>[…]</TOOL_RESPONSE>`, thinking as
 * `<think>…</think>`. `<TOOLCALL>` and `</TOOLCALL>` are tokens of the
 * tokenizer (llama.cpp keeps them as preserved tokens): the engine must keep
 * special tokens.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolResponseRecord } from '../protocol.ts';
import { bareJsonListTrigger, llamaEnd, nemotronEnd, taggedJsonTriggers, thinkTriggers } from '../shared-triggers.ts';
import { renderCallList, renderToolList, resultText } from '../tool-list.ts';

const START = '<TOOLCALL>';
const END = '</TOOLCALL>';

/** @internal */
export const nemotronTriggers: readonly Trigger[] = [
  // The template writes a list; vLLM's nemotron_json parser also reads one object.
  ...taggedJsonTriggers(START, END),
  // With the opener dropped, the list itself opens the answer (read only for a declared tool).
  bareJsonListTrigger,
  ...thinkTriggers,
  ...nemotronEnd,
  ...llamaEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'These tools are available; call them when they help you answer:',
    `<AVAILABLE_TOOLS>[${tools.split('\n').join(', ')}]</AVAILABLE_TOOLS>`,
    '',
    'To call tools, write one JSON list of calls between <TOOLCALL> and </TOOLCALL>, for example:',
    '<TOOLCALL>[{"name": "tool_name", "arguments": {"parameter": "value"}}]</TOOLCALL>',
    'Results come back between <TOOL_RESPONSE> and </TOOL_RESPONSE>. When no tool is needed, answer directly.',
  ].join('\n');

/** The results of one step as Nemotron's templates write them: the contents in one list, joined by ', '. */
const toolResponses = (responses: ToolResponseRecord[]) =>
  `<TOOL_RESPONSE>[${responses.map((r) => resultText(r.result)).join(', ')}]</TOOL_RESPONSE>`;

/** Nemotron: `<TOOLCALL>[{"name": …, "arguments": …}]</TOOLCALL>`. */
export function nemotronProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'nemotron',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolCallId, toolName, input }) =>
      `${START}${renderCallList([{ toolCallId, toolName, input }])}${END}`,
    // Nemotron Nano v2's template (llama.cpp models/templates/NVIDIA-Nemotron-Nano-v2.jinja@f01caef7) writes the
    // stripped content, a blank line when there is any, then one list of the turn's calls.
    formatToolCalls: (calls, text) => {
      const content = text.trim();
      return `${content === '' ? '' : `${content}\n\n`}${START}${renderCallList(calls)}${END}`;
    },
    formatToolResponse: (response) => toolResponses([response]),
    formatToolResponses: toolResponses,
    triggers: nemotronTriggers,
  });
}

/** @internal The `nemotron` format in the registry (formats.ts). */
export const nemotronFormat: FormatDeclaration = {
  name: 'nemotron',
  label: 'Nemotron <TOOLCALL>',
  models: 'NVIDIA Nemotron Nano v2, Llama-3.3-Nemotron-Super-49B v1.5',
  preset: 'nemotronToolMiddleware',
  // NVIDIA's Llama fine-tunes (`Llama-3_3-Nemotron-Super-49B-v1_5`) write Nemotron's calls; the older `Llama-3.1-Nemotron-70B-Instruct` does not match.
  modelNames: [/nemotron-(?:nano|super|ultra)/i],
  outranks: ['llama3-json'],
  create: nemotronProtocol,
  triggers: nemotronTriggers,
};
