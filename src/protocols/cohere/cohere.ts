/**
 * Cohere Command R7B / Command A tool calls:
 *   <|START_THINKING|>plan<|END_THINKING|><|START_ACTION|>[
 *       {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}
 *   ]<|END_ACTION|>
 * and the answer as `<|START_RESPONSE|>…<|END_RESPONSE|>` (Command A 2026 and
 * North write `<|START_TEXT|>…<|END_TEXT|>`, Ollama model/parsers/cohere.go).
 * Every marker is a special token: the engine must keep special tokens.
 * Command R / R+'s older plain-text `Action: ```json […]``` ` block is read too.
 */

import { openSilentMarker, openWrappedText } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { createListRecovery } from '../../parse/sections/json-calls-list.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { cohereEnd, cohereThinkTriggers, taggedJsonTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const ACTION = '<|START_ACTION|>';
const ACTION_END = '<|END_ACTION|>';

const END_OF_TURN = '<|END_OF_TURN_TOKEN|>';

/**
 * The visible answer's two spellings: the marker is dropped, the text inside is the answer. The end of turn
 * ends it too when the model leaves out its end marker (Ollama model/parsers/cohere_test.go@acfb50d9,
 * TestCohereParseEndOfTurnWithoutEndText).
 */
const answerTriggers: Trigger[] = [
  ['<|START_RESPONSE|>', '<|END_RESPONSE|>'],
  ['<|START_TEXT|>', '<|END_TEXT|>'],
].flatMap(([start, end]) => [
  { marker: start as string, open: (env, marker) => openWrappedText(env, marker, [end as string, END_OF_TURN]) },
  // Its end token alone (the engine dropped the start, or the answer was cut into two parts) is markup.
  { marker: end as string, open: openSilentMarker },
]);

/**
 * Command R and R+ (2024) write their calls as plain text, a fenced JSON list after `Action:` (the
 * model/parsers/commandr.go of an Ollama pull request, not merged, and its tests@87d8a555). ReAct
 * prompts have models write `Action:` blocks of their own, so only a block whose first call names a
 * declared tool counts; anything else stays text, unreported (Command R's `directly-answer`
 * pseudo-tool among it).
 */
const commandRAction: Trigger = {
  marker: 'Action: ```',
  open: (env, marker) => openJsonCalls(env, marker, { fenced: true, declaredOnly: true, lists: createListRecovery }),
};

/** @internal */
export const cohereTriggers: readonly Trigger[] = [
  ...taggedJsonTriggers(ACTION, ACTION_END),
  commandRAction,
  ...answerTriggers,
  ...cohereThinkTriggers,
  ...cohereEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '## Available Tools',
    'These are the only tools you can use, one JSON object each:',
    '```json',
    `[${tools.split('\n').join(',\n')}]`,
    '```',
    '',
    'To use tools, you may first plan between <|START_THINKING|> and <|END_THINKING|>. Then write <|START_ACTION|>',
    'followed by a JSON list of calls, each with "tool_call_id", "tool_name" and "parameters", and close it with <|END_ACTION|>:',
    '<|START_ACTION|>[',
    '    {"tool_call_id": "0", "tool_name": "tool_name", "parameters": {"parameter": "value"}}',
    ']<|END_ACTION|>',
    'The results come back between <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>.',
    'Write your answer to the user between <|START_RESPONSE|> and <|END_RESPONSE|>.',
  ].join('\n');

/**
 * A turn's calls as Command R7B's template writes them: an empty thinking block (the template writes the
 * turn's reasoning there), then one call per line, numbered from 0, and the turn's content dropped.
 */
function cohereCalls(calls: ToolCallRecord[]): string {
  const lines = calls.map(
    (c, i) =>
      `    {"tool_call_id": "${i}", "tool_name": ${JSON.stringify(c.toolName)}, "parameters": ${templateJson(c.input ?? {})}}`,
  );
  return `<|START_THINKING|><|END_THINKING|>${ACTION}[\n${lines.join(',\n')}\n]${ACTION_END}`;
}

/** One result in the template's `format_tool_message` layout; its id is the call's number in formatToolCalls. */
const cohereResult = ({ result }: ToolResponseRecord, index: number) =>
  [
    '    {',
    `        "tool_call_id": "${index}",`,
    '        "results": {',
    `            "0": ${JSON.stringify(resultText(result))}`,
    '        },',
    '        "is_error": null',
    '    }',
  ].join('\n');

const cohereResults = (responses: ToolResponseRecord[]) =>
  `<|START_TOOL_RESULT|>[\n${responses.map(cohereResult).join(',\n')}\n]<|END_TOOL_RESULT|>`;

/** Cohere Command R7B / A: `<|START_ACTION|>[{"tool_call_id": …, "tool_name": …, "parameters": …}]<|END_ACTION|>`. */
export function cohereProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'cohere',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) => cohereCalls([call]),
    // llama.cpp models/templates/CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja@041462bd: a turn with
    // tool_calls is the thinking block and the action list only.
    formatToolCalls: (calls) => cohereCalls(calls),
    formatToolResponse: (response) => cohereResults([response]),
    // The same template writes one step's results in one <|START_TOOL_RESULT|> list.
    formatToolResponses: cohereResults,
    triggers: cohereTriggers,
  });
}

/** @internal The `cohere` format in the registry (formats.ts). */
export const cohereFormat: FormatDeclaration = {
  name: 'cohere',
  label: 'Cohere <|START_ACTION|>',
  models: 'Cohere Command R7B, Command A (reasoning), North; Command R / R+',
  preset: 'cohereToolMiddleware',
  // Command R7B and Command A by their Hugging Face ids (`CohereLabs/c4ai-command-r7b-12-2024`, `c4ai-command-a-03-2025`)
  // and Ollama tags (`command-r7b`, `command-a`); Command R and R+ (`c4ai-command-r-plus-08-2024`, `command-r:35b`),
  // whose older `Action:` block the same triggers read.
  modelNames: [/command-?r7b/i, /command-?a(?:[-:_]|$)/i, /command-?r(?:-?plus|\+)?(?:[-:_]|$)/i],
  create: cohereProtocol,
  triggers: cohereTriggers,
};
