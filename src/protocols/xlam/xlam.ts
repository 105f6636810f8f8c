/**
 * Salesforce xLAM tool calls: the whole answer is JSON,
 *   xLAM-2:  [{"name": "get_weather", "arguments": {"city": "Paris"}}]            (bare, or in a ```json fence)
 *   xLAM v1: {"tool_calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]}
 *
 * `[` and `{` are ordinary text, so they only count at the very start of the
 * answer and only when the first call names a declared tool.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import {
  bareJsonListTrigger,
  chatmlEnd,
  fencedJsonCallsTrigger,
  jsonCallTrigger,
  jsonFenceCallsTrigger,
  llamaEnd,
  thinkTriggers,
  wrappedJsonCallsTrigger,
  xlamV1End,
} from '../shared-triggers.ts';
import { renderCallJson, renderCallList, renderToolList, resultText } from '../tool-list.ts';

/**
 * xLAM-2 is built on Llama 3.1 and on Qwen 2.5 bases; xLAM v1 on deepseek-coder. After text, the list
 * also comes after `[TOOL_CALLS]`, in `<tool_call>…</tool_call>` or in a ```json fence, the wrappers
 * vLLM's xLAM parser reads (vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py@10a67515,
 * single_tool_with_tool_calls_tag, _with_tool_call_xml_tags, _with_json_code_block).
 * @internal
 */
export const xlamTriggers: readonly Trigger[] = [
  ...thinkTriggers,
  bareJsonListTrigger,
  fencedJsonCallsTrigger,
  wrappedJsonCallsTrigger,
  // `[TOOL_CALLS]` is Mistral's token: an empty list after it is markup, as in mistral.ts.
  { marker: '[TOOL_CALLS]', open: (env, marker) => openJsonCalls(env, marker, { emptyList: true }) },
  jsonCallTrigger('<tool_call>', '</tool_call>'),
  jsonFenceCallsTrigger,
  ...llamaEnd,
  ...chatmlEnd,
  ...xlamV1End,
];

const defaultTemplate = (tools: string) =>
  [
    'You are an expert in composing functions. You are given a question and a set of possible functions.',
    'Based on the question, make one or more function calls to achieve the purpose. If no function fits, answer in plain text.',
    '',
    '[BEGIN OF AVAILABLE TOOLS]',
    tools,
    '[END OF AVAILABLE TOOLS]',
    '',
    'To call functions, reply with only a JSON list of calls, in this format:',
    '[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}}, ...]',
  ].join('\n');

/** xLAM: a bare JSON array of calls as the whole answer. */
export function xlamProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'xlam',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `[${renderCallJson(toolName, input)}]`,
    // xLAM-2's template (vLLM examples/tool_chat_template_xlam_llama.jinja) writes a turn's calls as one list
    // joined by ', ' and drops the turn's content; the parser too reads a list only at the start of the answer.
    formatToolCalls: (calls) => renderCallList(calls),
    // The same template writes each result as the content of an `ipython` turn, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: xlamTriggers,
  });
}

/** @internal The `xlam` format in the registry (formats.ts). */
export const xlamFormat: FormatDeclaration = {
  name: 'xlam',
  label: 'xLAM JSON list',
  models: 'Salesforce xLAM-2, xLAM v1',
  preset: 'xlamToolMiddleware',
  modelNames: [/xlam/i],
  create: xlamProtocol,
  triggers: xlamTriggers,
};
