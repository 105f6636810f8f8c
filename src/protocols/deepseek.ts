/**
 * DeepSeek tool calls, with the full-width special tokens:
 *   V3 / R1:  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 *             ```json
 *             {"city": "Paris"}
 *             ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *   V3.1:     <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *   V3.2:     <｜DSML｜function_calls>
 *             <｜DSML｜invoke name="get_weather">
 *             <｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
 *             </｜DSML｜invoke>
 *             </｜DSML｜function_calls>
 *             (ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja@708653de; V4 names the
 *             block `<｜DSML｜tool_calls>`: llama.cpp tests/test-chat.cpp "DeepSeek V4 tests" and
 *             sgl-project/sglang test/registered/function_call/test_deepseekv32_detector.py@ce5e431b)
 * The parser takes every form. The markers are special tokens: the engine
 * must keep special tokens (transformers.js `skip_special_tokens: false`).
 */
import type { SectionEnv, Trigger } from '../parse/scanner.ts';
import { openCallsBlock, openCallsBlockEnd, openLooseCall } from '../parse/sections/calls-block.ts';
import { openNamedJson } from '../parse/sections/named-json.ts';
import { type InvokeTags, openXmlInvoke } from '../parse/sections/xml-invoke.ts';
import { defineFormat } from './define-protocol.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { deepseekEnd, thinkTriggers } from './shared-triggers.ts';
import { renderToolList, templateJson } from './tool-list.ts';

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

const DSML = '｜DSML｜';

/**
 * A DSML block: the MiniMax-style invoke reader with DSML tags. Values are
 * verbatim (the template writes `string="true">{{ value }}</…>`, no padding)
 * and typed by their `string` attribute.
 */
function dsmlTrigger(block: string): Trigger {
  const tags: InvokeTags = {
    invoke: `<${DSML}invoke name=`,
    invokeEnd: `</${DSML}invoke>`,
    param: `<${DSML}parameter name=`,
    paramEnd: `</${DSML}parameter>`,
    close: `</${DSML}${block}>`,
  };
  return {
    marker: `<${DSML}${block}>`,
    open: (env, marker) => openXmlInvoke(env, marker, tags, { verbatim: true, typedValues: true }),
  };
}

export const deepseekTriggers: readonly Trigger[] = [
  {
    marker: CALLS_BEGIN,
    open: (env, marker) => openCallsBlock(env, marker, { call: CALL_BEGIN, end: CALLS_END, openCall }),
  },
  { marker: CALLS_END, open: openCallsBlockEnd },
  // A call without the block around it (the model skipped the marker).
  { marker: CALL_BEGIN, open: (env, marker) => openLooseCall(env, marker, openCall) },
  dsmlTrigger('function_calls'), // V3.2
  dsmlTrigger('tool_calls'), // V4
  ...thinkTriggers,
  ...deepseekEnd,
];

export interface DeepseekProtocolOptions {
  /** Which generation to prompt and render history in: `v3.1` (default) or `v3` (V3 / R1, fenced JSON). */
  variant?: 'v3' | 'v3.1';
}

/** DeepSeek V3/R1 and V3.1 tool calls (V3.2's DSML is read too). */
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
    // content, then every call of the turn in one tool-calls block, with nothing between them.
    formatToolCalls: (calls, text) =>
      `${text}${CALLS_BEGIN}${calls.map((c) => call(c.toolName, templateJson(c.input ?? {}))).join('')}${CALLS_END}`,
    formatToolResponse: ({ result }) => `<｜tool▁output▁begin｜>${JSON.stringify(result)}<｜tool▁output▁end｜>`,
    triggers: () => deepseekTriggers,
  });
}
