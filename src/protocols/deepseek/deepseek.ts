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
 *             (ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081; V4 names the
 *             block `<｜DSML｜tool_calls>`: llama.cpp tests/test-chat.cpp "DeepSeek V4 tests" and
 *             sgl-project/sglang test/registered/function_call/test_deepseekv32_detector.py@ce5e431b)
 * The parser takes every form. The markers are special tokens: the engine
 * must keep special tokens (transformers.js `skip_special_tokens: false`).
 */
import type { SectionEnv, Trigger } from '../../parse/engine/section.ts';
import { openCallsBlock, openCallsBlockEnd, openLooseCall } from '../../parse/sections/calls-block.ts';
import { openNamedJson } from '../../parse/sections/named-json.ts';
import { dsmlValues } from '../../parse/sections/typed-param.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { deepseekSwitch } from '../reasoning-switches.ts';
import { deepseekEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, sideBySide, templateJson } from '../tool-list.ts';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';
const CALLS_END = '<｜tool▁calls▁end｜>';
const CALL_BEGIN = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';

const NAME_LINE = ['\n'];

const openCall = (env: SectionEnv, marker: string) =>
  openNamedJson(env, marker, {
    headerEnd: SEP,
    // V3/R1 write the call type `function` first, and the name on the line after the separator.
    toolName: (header, end) => (end === SEP && header.trim() === 'function' ? NAME_LINE : header),
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
    open: (env, marker) => openXmlInvoke(env, marker, tags, { typedValues: dsmlValues }),
  };
}

/**
 * The block's begin marker as R1 distills also spell it, the spellings llama.cpp's DeepSeek R1 parser
 * accepts (ggml-org/llama.cpp common/chat.cpp, `<｜tool_calls_begin｜>`, `<｜tool calls begin｜>`,
 * `<｜tool\_calls\_begin｜>`, `<｜tool▁calls｜>`); the calls inside and the end keep the tokenizer's spelling.
 */
const CALLS_BEGINS = [
  CALLS_BEGIN,
  '<｜tool_calls_begin｜>',
  '<｜tool calls begin｜>',
  '<｜tool\\_calls\\_begin｜>',
  '<｜tool▁calls｜>',
];

/** @internal */
export const deepseekTriggers: readonly Trigger[] = [
  ...CALLS_BEGINS.map(
    (marker): Trigger => ({
      marker,
      open: (env, m) => openCallsBlock(env, m, { call: CALL_BEGIN, end: CALLS_END, openCall }),
    }),
  ),
  { marker: CALLS_END, open: openCallsBlockEnd },
  // A call without the block around it (the model skipped the marker).
  { marker: CALL_BEGIN, open: (env, marker) => openLooseCall(env, marker, openCall) },
  dsmlTrigger('function_calls'), // V3.2
  dsmlTrigger('tool_calls'), // V4
  ...thinkTriggers,
  ...deepseekEnd,
];

export interface DeepseekProtocolOptions {
  /**
   * Which generation to prompt and render history in: `v3.1` (default), `v3`
   * (V3 / R1, fenced JSON) or `v3.2` (DSML). Every form is parsed whichever is chosen.
   */
  variant?: 'v3' | 'v3.1' | 'v3.2';
}

/** One result as the templates write a tool message: its content between the output markers. */
const output = ({ result }: ToolResponseRecord) => `<｜tool▁output▁begin｜>${resultText(result)}<｜tool▁output▁end｜>`;

/** DeepSeek V3/R1, V3.1 and V3.2 tool calls. */
export function deepseekProtocol(options: DeepseekProtocolOptions = {}): ToolCallProtocol {
  if (options.variant === 'v3.2') return deepseekV32Protocol();
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
    reasoningSwitch: deepseekSwitch,
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
    triggers: deepseekTriggers,
  });
}

/**
 * One DSML invoke as the V3.2 template writes it (ggml-org/llama.cpp
 * models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081, the "official"
 * template of llama.cpp's DeepSeek V3.2 parser): a string as it stands with
 * string="true", anything else as `tojson` with string="false", each
 * parameter on its own line.
 */
function dsmlInvoke({ toolName, input }: ToolCallRecord): string {
  const entries = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  const params = entries
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const text = typeof v === 'string';
      return `<${DSML}parameter name="${k}" string="${text}">${text ? v : templateJson(v)}</${DSML}parameter>\n`;
    });
  return `<${DSML}invoke name="${toolName}">\n${params.join('')}</${DSML}invoke>`;
}

const dsmlResults = (responses: ToolResponseRecord[]) =>
  `<function_results>\n${responses.map(({ result }) => `<result>${resultText(result)}</result>\n`).join('')}</function_results>`;

const dsmlBlock = (calls: ToolCallRecord[]) =>
  `<${DSML}function_calls>\n${calls.map(dsmlInvoke).join('\n')}\n</${DSML}function_calls>`;

function deepseekV32Protocol(): ToolCallProtocol {
  const defaultTemplate = (tools: string) =>
    [
      '## Tools',
      'You can use these tools, given as JSON Schema:',
      '<functions>',
      tools,
      '</functions>',
      '',
      'To call tools, write one block holding one invoke per call:',
      dsmlBlock([{ toolCallId: '', toolName: 'tool_name', input: { text_parameter: 'value', other_parameter: 3 } }]),
      'Give string values as they are, with string="true"; give numbers, booleans, lists and objects as JSON, with string="false". When no tool is needed, answer directly.',
    ].join('\n');
  return defineFormat({
    name: 'deepseek-v3.2',
    reasoningSwitch: deepseekSwitch,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) => dsmlBlock([call]),
    // The template writes the content, a blank line, then every call of the turn in one block.
    formatToolCalls: (calls, text) => `${text}\n\n${dsmlBlock(calls)}`,
    // The template writes a step's results in one block after the calls: `<result>…</result>` each, on its own line.
    formatToolResponse: (response) => dsmlResults([response]),
    formatToolResponses: dsmlResults,
    triggers: deepseekTriggers,
  });
}

/** @internal The `deepseek` format in the registry (formats.ts). */
export const deepseekFormat: FormatDeclaration = {
  name: 'deepseek',
  label: 'DeepSeek special tokens',
  models: 'DeepSeek V3, R1, V3.1, V3.2',
  preset: 'deepseekToolMiddleware',
  // DeepSeek's distills are named after the Qwen and Llama they were distilled into (`DeepSeek-R1-Distill-Qwen-7B`) but chat in DeepSeek's template.
  modelNames: [/deepseek/i],
  outranks: ['hermes', 'llama3-json'],
  // DeepSeek-R1 and its distills end the generation prompt with `<think>\n` (llama.cpp
  // models/templates/deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja@20bdc4fa); V3.1 / V3.2 end it with `<think>`
  // when their `thinking` variable is on (deepseek-ai-DeepSeek-V3.1.jinja, deepseekSwitch), else with `</think>`.
  templateOpensThinking: (model, thinking) => /\br1\b/i.test(model) || (thinking === true && /v3\.[12]/i.test(model)),
  create: deepseekProtocol,
  triggers: deepseekTriggers,
};
