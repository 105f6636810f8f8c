/**
 * Swiss AI Apertus tool calls, as the format's specification
 * (swiss-ai/apertus_format docs/format.md@e473d76c) renders them:
 *   <|tools_prefix|>[{"get_weather": {"city": "Bern"}}]<|tools_suffix|>
 * One JSON list; each element's one key is the tool's name, its value the
 * arguments. The private section is `<|inner_prefix|>…<|inner_suffix|>`, read
 * as reasoning; `<|assistant_end|>` ends the message. All are special tokens:
 * the engine must keep them.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { createListRecovery } from '../../parse/sections/json-calls-list.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { apertusEnd, apertusThinkTriggers, strayCloser } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson, textLine } from '../tool-list.ts';

const START = '<|tools_prefix|>';
const END = '<|tools_suffix|>';

/** @internal */
export const apertusTriggers: readonly Trigger[] = [
  {
    marker: START,
    // A missing suffix does not cost a complete call (vLLM's apertus tests, test_missing_tool_suffix); an empty
    // list calls nothing; a broken element costs only itself.
    open: (env, marker) =>
      openJsonCalls(env, marker, { end: END, nameKeyed: true, emptyList: true, lists: createListRecovery }),
  },
  // The suffix right after a call whose prefix the engine dropped; elsewhere it is prose.
  strayCloser(END),
  ...apertusThinkTriggers,
  ...apertusEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You can call these tools, each described by a JSON schema on its own line:',
    tools,
    '',
    `To call tools, write one JSON list between ${START} and ${END}; each element is an object whose one key is the tool's name and whose value holds its arguments, for example:`,
    `${START}[{"tool_name": {"parameter": "value"}}]${END}`,
    'The results come back as a JSON list, in the order of the calls. When no tool is needed, answer directly.',
  ].join('\n');

/** A turn's calls as the specification renders them: one list, `tojson`-spaced, after the text's line. */
const callList = (calls: ToolCallRecord[], text: string) =>
  `${textLine(text)}${START}[${calls.map((c) => templateJson({ [c.toolName]: c.input ?? {} })).join(', ')}]${END}`;

/** A step's results as one JSON list of the outputs (the specification's rendered example writes `[4]`). */
const outputList = (responses: ToolResponseRecord[]) => `[${responses.map((r) => resultText(r.result)).join(', ')}]`;

/** Apertus: `<|tools_prefix|>[{"name": {…arguments}}]<|tools_suffix|>`. */
export function apertusProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'apertus',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) => callList([call], ''),
    formatToolCalls: callList,
    formatToolResponse: (response) => outputList([response]),
    formatToolResponses: outputList,
    triggers: apertusTriggers,
  });
}

/** @internal The `apertus` format in the registry (formats.ts). */
export const apertusFormat: FormatDeclaration = {
  name: 'apertus',
  label: 'Apertus <|tools_prefix|>',
  models: 'Swiss AI Apertus 8B / 70B',
  preset: 'apertusToolMiddleware',
  // `swiss-ai/Apertus-8B-Instruct-2509`, `Apertus-70B-Instruct-2509`.
  modelNames: [/apertus/i],
  create: apertusProtocol,
  triggers: apertusTriggers,
};
