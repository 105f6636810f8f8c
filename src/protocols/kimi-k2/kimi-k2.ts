/**
 * Kimi K2 tool calls:
 *   <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>
 * The id `functions.name:index` carries the name. All markers are special
 * tokens: the engine must keep special tokens (transformers.js
 * `skip_special_tokens: false`).
 */
import type { SectionEnv, Trigger } from '../../parse/engine/section.ts';
import { openCallsBlock, openCallsBlockEnd, openLooseCall } from '../../parse/sections/calls-block.ts';
import { openNamedJson } from '../../parse/sections/named-json.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { chatmlEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

/** `functions.get_weather:0` → `get_weather`. */
function kimiName(header: string): string {
  const id = header.trim().replace(/:\d+$/, '');
  return id.startsWith('functions.') ? id.slice('functions.'.length) : id;
}

const CALL_BEGIN = '<|tool_call_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';

const openCall = (env: SectionEnv, marker: string) =>
  openNamedJson(env, marker, {
    headerEnd: '<|tool_call_argument_begin|>',
    toolName: kimiName,
    end: ['<|tool_call_end|>'],
  });

/**
 * The section's markers in both spellings: vLLM's Kimi K2 parser reads the singular
 * `<|tool_call_section_begin|>` / `<|tool_call_section_end|>` too (vllm-project/vllm
 * tests/tool_use/test_kimi_k2_tool_parser.py; llama.cpp took them over in ggml-org/llama.cpp#17376).
 */
const SECTION_ENDS = [SECTION_END, '<|tool_call_section_end|>'];

/** @internal */
export const kimiK2Triggers: readonly Trigger[] = [
  ...['<|tool_calls_section_begin|>', '<|tool_call_section_begin|>'].map(
    (marker): Trigger => ({
      marker,
      open: (env, m) =>
        openCallsBlock(env, m, { call: CALL_BEGIN, end: SECTION_END, otherEnds: SECTION_ENDS, openCall }),
    }),
  ),
  ...SECTION_ENDS.map((marker): Trigger => ({ marker, open: openCallsBlockEnd })),
  // A call without the section around it (the model skipped the marker).
  { marker: CALL_BEGIN, open: (env, marker) => openLooseCall(env, marker, openCall) },
  ...thinkTriggers,
  ...chatmlEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    'You can call these functions:',
    tools,
    '',
    'To call functions, write exactly:',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{"parameter": "value"}<|tool_call_end|><|tool_calls_section_end|>',
    'For several calls, put one <|tool_call_begin|>…<|tool_call_end|> block per call inside the section, numbering them :0, :1, …',
    'When no function is needed, answer directly.',
  ].join('\n');

function kimiCalls(calls: ToolCallRecord[], text: string): string {
  const body = calls
    .map(
      (c, i) =>
        `${CALL_BEGIN}functions.${c.toolName}:${i}<|tool_call_argument_begin|>${templateJson(c.input ?? {})}<|tool_call_end|>`,
    )
    .join('');
  return `${text}<|tool_calls_section_begin|>${body}${SECTION_END}`;
}

const kimiReturn = ({ toolName, result }: ToolResponseRecord, index: number) =>
  `## Return of functions.${toolName}:${index}\n${resultText(result)}`;

/** Kimi K2: `<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`. */
export function kimiK2Protocol(): ToolCallProtocol {
  return defineFormat({
    name: 'kimi-k2',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (record) => kimiCalls([record], ''),
    // Kimi K2's template (llama.cpp models/templates/moonshotai-Kimi-K2.jinja) writes the content, then one
    // section with every call of the turn, numbered functions.name:0, :1, … in order.
    formatToolCalls: (calls, text) => kimiCalls(calls, text),
    formatToolResponse: (response) => kimiReturn(response, 0),
    // Each result is a tool turn of its own in the template: '## Return of ' + the call's id + '\n' + content.
    // The ids are the ones formatToolCalls wrote, numbered in the order of the step's calls.
    formatToolResponses: (responses) => responses.map(kimiReturn).join('\n'),
    triggers: kimiK2Triggers,
  });
}

/** @internal The `kimi-k2` format in the registry (formats.ts). */
export const kimiK2Format: FormatDeclaration = {
  name: 'kimi-k2',
  label: 'Kimi K2 special tokens',
  models: 'Kimi K2',
  preset: 'kimiK2ToolMiddleware',
  modelNames: [/kimi/i],
  create: kimiK2Protocol,
  triggers: kimiK2Triggers,
};
