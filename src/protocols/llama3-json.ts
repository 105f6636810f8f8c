/**
 * Llama 3.1 / 3.2 / 3.3 JSON tool calls: the answer is
 * `{"name": "get_weather", "parameters": {"city": "Paris"}}`, optionally
 * after `<|python_tag|>`; parallel calls are separated by `;` or newlines.
 * `"arguments"` is accepted for `"parameters"`.
 *
 * A bare `{` only counts at the very start of the answer and only when it
 * names a declared tool: JSON inside prose or code stays text.
 */
import { openJsonSection } from '../parse/json-section.ts';
import { createSectionScanner, type Trigger, thinkEndTrigger } from '../parse/section-scanner.ts';
import { defineProtocol } from './define-protocol.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { renderToolList } from './tool-list.ts';

export const llama3JsonTriggers: readonly Trigger[] = [
  thinkEndTrigger,
  { marker: '<|python_tag|>', open: (env, marker) => openJsonSection(env, marker, { repeat: true }) },
  {
    marker: '{',
    atStart: true,
    open: (env, marker) => openJsonSection(env, marker, { markerIsValue: true, repeat: true, declaredOnly: true }),
  },
];

const defaultTemplate = (tools: string) =>
  [
    'You have access to the functions below. When one of them helps answer the question, reply with only a JSON object',
    'of the form {"name": function name, "parameters": dictionary of argument name and its value}.',
    'Do not add any other text, and do not use variables. For several calls, write one JSON object per line.',
    'When no function is needed, answer in plain text.',
    '',
    tools,
  ].join('\n');

/** Llama 3.x JSON calls (`{"name": …, "parameters": …}`, optionally after `<|python_tag|>`). */
export function llama3JsonProtocol(): ToolCallProtocol {
  return defineProtocol({
    name: 'llama3-json',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => JSON.stringify({ name: toolName, parameters: input ?? {} }),
    // Llama reads results in its `ipython` turn; as text, the output under the function's name.
    formatToolResponse: ({ toolName, result }) => JSON.stringify({ name: toolName, output: result }),
    createParser: (context, callbacks) => createSectionScanner(llama3JsonTriggers, context, callbacks),
  });
}
