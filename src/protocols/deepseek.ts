/**
 * DeepSeek tool calls, with the full-width special tokens:
 *   V3 / R1:  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 *             ```json
 *             {"city": "Paris"}
 *             ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *   V3.1+:    <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * The parser takes either, fenced or not. The markers are special tokens: the
 * engine must keep special tokens (transformers.js `skip_special_tokens: false`).
 */
import type { SectionEnv, Trigger } from '../parse/scanner.ts';
import { openCallsBlock, openCallsBlockEnd, openLooseCall } from '../parse/sections/calls-block.ts';
import { openNamedJson } from '../parse/sections/named-json.ts';
import { defineFormat } from './define-protocol.ts';
import type { ToolCallProtocol, ToolResponseRecord } from './protocol.ts';
import { deepseekEnd, thinkTriggers } from './shared-triggers.ts';
import { renderToolList, resultText, sideBySide, templateJson } from './tool-list.ts';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';
const CALLS_END = '<｜tool▁calls▁end｜>';
const CALL_BEGIN = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';

const openCall = (env: SectionEnv, marker: string) =>
  openNamedJson(env, marker, {
    headerEnd: SEP,
    toolName: (header) => header,
    // V3/R1 write the call type `function` first, and the name on the line after the separator.
    nameAfter: { when: 'function', end: '\n' },
    end: [CALL_END],
  });

export const deepseekTriggers: readonly Trigger[] = [
  {
    marker: CALLS_BEGIN,
    open: (env, marker) => openCallsBlock(env, marker, { call: CALL_BEGIN, end: CALLS_END, openCall }),
  },
  { marker: CALLS_END, open: openCallsBlockEnd },
  // A call without the block around it (the model skipped the marker).
  { marker: CALL_BEGIN, open: (env, marker) => openLooseCall(env, marker, openCall) },
  ...thinkTriggers,
  ...deepseekEnd,
];

export interface DeepseekProtocolOptions {
  /** Which generation to prompt and render history in: `v3.1` (default) or `v3` (V3 / R1, fenced JSON). */
  variant?: 'v3' | 'v3.1';
}

/** DeepSeek V3/R1 and V3.1 special-token tool calls. */
/** One result as the templates write a tool message: its content between the output markers. */
const output = ({ result }: ToolResponseRecord) => `<｜tool▁output▁begin｜>${resultText(result)}<｜tool▁output▁end｜>`;

export function deepseekProtocol(options: DeepseekProtocolOptions = {}): ToolCallProtocol {
  const v3 = options.variant === 'v3';
  const call = (name: string, args: string) =>
    v3
      ? `${CALL_BEGIN}function${SEP}${name}\n\`\`\`json\n${args}\n\`\`\`${CALL_END}`
      : `${CALL_BEGIN}${name}${SEP}${args}${CALL_END}`;
  const defaultTemplate = (tools: string) =>
    [
      '## Tools',
      'You have access to the following tools:',
      tools,
      '',
      'To call tools, use exactly this format:',
      `${CALLS_BEGIN}${call('tool_name', '{"parameter": "value"}')}${CALLS_END}`,
      'For several calls, repeat the call block inside the same tool-calls block. When no tool is needed, answer directly.',
    ].join('\n');
  return defineFormat({
    name: v3 ? 'deepseek-v3' : 'deepseek',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `${CALLS_BEGIN}${call(toolName, templateJson(input ?? {}))}${CALLS_END}`,
    // DeepSeek-V3.1's template (llama.cpp models/templates/deepseek-ai-DeepSeek-V3.1.jinja) writes the
    // content, then every call of the turn in one tool-calls block, with nothing between them; V3's and R1's
    // (deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja) join the calls with '\n'.
    formatToolCalls: (calls, text) =>
      `${text}${CALLS_BEGIN}${calls.map((c) => call(c.toolName, templateJson(c.input ?? {}))).join(v3 ? '\n' : '')}${CALLS_END}`,
    // V3.1 writes the results side by side; V3 and R1 join them with '\n' inside one tool-outputs block.
    formatToolResponse: output,
    formatToolResponses: v3
      ? (responses) => `<｜tool▁outputs▁begin｜>${responses.map(output).join('\n')}<｜tool▁outputs▁end｜>`
      : sideBySide(output),
    triggers: () => deepseekTriggers,
  });
}
