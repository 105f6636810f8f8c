/**
 * AI21 Jamba tool calls (Jamba 1.5 / 1.6 / 1.7):
 *   <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>
 * ServiceNow's Apriel 1.5 and 1.6 write the same block. `<tool_calls>` is also the
 * name of other projects' XML wrappers, so only a JSON value after it opens
 * calls; `<tool_calls><invoke …>` stays text.
 */

import { openSilentMarker } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { createListRecovery } from '../../parse/sections/json-calls-list.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord } from '../protocol.ts';
import { aprielAnswerMarker, bareJsonListTrigger, jambaEnd, phiEnd, strayCloser } from '../shared-triggers.ts';
import { renderCallJson, renderToolList, resultText } from '../tool-list.ts';

const START = '<tool_calls>';
const END = '</tool_calls>';

/** @internal */
export const jambaTriggers: readonly Trigger[] = [
  {
    marker: START,
    firstChar: (c) => c === '[' || c === '{',
    // Any other body is someone else's markup, not a broken call: it stays text, unreported.
    quiet: true,
    // One list as the template writes it; one object, or objects separated by commas, read too.
    open: (env, marker) =>
      openJsonCalls(env, marker, { end: END, repeat: true, emptyList: true, lists: createListRecovery }),
  },
  // An empty block is no call and no text.
  { marker: `${START}${END}`, open: openSilentMarker },
  // With the opener dropped (a special token the engine may strip), the list itself opens the answer (read
  // only for a declared tool, as auto and the nemotron preset read it; dynamo's parity fixture
  // tests/parity/parser/fixtures/jamba/PARSER.batch.5.yaml, case 5.b, has this text).
  bareJsonListTrigger,
  // The close tag right after a call whose opener the engine dropped; elsewhere it is prose.
  strayCloser(END),
  ...jambaEnd,
  // Apriel 1.6: the reasoning its template opens ends at `[BEGIN FINAL RESPONSE]`; `<|end|>` ends the turn.
  aprielAnswerMarker,
  ...phiEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '<tool_definitions>',
    '# Tools',
    '',
    '## Functions',
    '',
    tools,
    '</tool_definitions>',
    '',
    'To call functions, write one JSON list of calls between <tool_calls> and </tool_calls>, for example:',
    '<tool_calls>[{"name": "tool_name", "arguments": {"parameter": "value"}}]</tool_calls>',
    'The results come back in the next turn. When no function is needed, answer directly.',
  ].join('\n');

/**
 * A turn's calls as Jamba Mini 1.7's template writes them (its `handle_tool_calls` macro): one call per
 * line, indented by four spaces, the list's brackets on lines of their own.
 */
function jambaCalls(calls: ToolCallRecord[], text: string): string {
  const lines = calls.map((c) => `    ${renderCallJson(c.toolName, c.input)}`).join(',\n');
  return `${text}${START}[\n${lines}\n]${END}`;
}

/** Jamba: `<tool_calls>[{"name": …, "arguments": …}]</tool_calls>`. */
export function jambaProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'jamba',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) => jambaCalls([call], ''),
    // The template writes the turn's content, then the calls right after it.
    formatToolCalls: jambaCalls,
    // Each result is the content of a `tool` message of its own, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: jambaTriggers,
  });
}

/** @internal The `jamba` format in the registry (formats.ts). */
export const jambaFormat: FormatDeclaration = {
  name: 'jamba',
  label: 'Jamba <tool_calls>',
  models: 'AI21 Jamba 1.5–1.7; ServiceNow Apriel 1.5 / 1.6; Tencent Hunyuan-A13B',
  preset: 'jambaToolMiddleware',
  // Hunyuan-A13B writes the same block (vLLM's hunyuan_a13b parser tests, in the corpus);
  // Apriel 1.5 / 1.6 write it too (llama.cpp's templates of both).
  modelNames: [/jamba/i, /hunyuan-a13b/i, /apriel/i],
  // Apriel 1.6's generation prompt opens the reasoning in words, whatever the request says (its template above).
  templateOpensThinking: (model) => /apriel-1\.6/i.test(model),
  create: jambaProtocol,
  triggers: jambaTriggers,
};
