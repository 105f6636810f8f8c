/**
 * OLMo 3 tool calls (allenai/Olmo-3 chat templates): one Python call per
 * line inside a `<function_calls>` block, argument values written as JSON
 * (`tojson`), so `true`/`null` and double quotes as well as Python's own:
 *
 *   <function_calls>get_weather(city="Paris", days=2)
 *   search(query="museums")</function_calls>
 *
 * The template declares the tools in the system message between
 * `<functions>` and `</functions>`, and returns results in an `environment`
 * turn; the Think models' generation prompt opens `<think>` (use
 * `reasoning: { startInside: true }` with them).
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openPythonic } from '../../parse/sections/pythonic.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { chatmlEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const OPEN = '<function_calls>';
const CLOSE = '</function_calls>';

/** @internal */
export const olmo3Triggers: readonly Trigger[] = [
  { marker: OPEN, open: (env, marker) => openPythonic(env, marker, { end: CLOSE, lines: true }) },
  ...thinkTriggers,
  ...chatmlEnd,
];

/** `name(key=<JSON>, …)`, as the template renders a call (`key ~ '=' ~ (value | tojson)`). */
function renderCall(toolName: string, input: unknown): string {
  const args = Object.entries((input ?? {}) as Record<string, unknown>)
    .map(([key, value]) => `${key}=${templateJson(value)}`)
    .join(', ');
  return `${toolName}(${args})`;
}

const defaultTemplate = (tools: string) =>
  [
    'You are a helpful function-calling AI assistant. You can call these functions:',
    `<functions>[${tools.split('\n').join(', ')}]</functions>`,
    '',
    'To call functions, write one call per line inside a block, with keyword arguments:',
    `${OPEN}function_name(parameter="value", count=3)${CLOSE}`,
    'When no function is needed, answer normally.',
  ].join('\n');

/** OLMo 3: `<function_calls>name(key=value)…</function_calls>`, one call per line. */
export function olmo3Protocol(): ToolCallProtocol {
  return defineFormat({
    name: 'olmo3',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `${OPEN}${renderCall(toolName, input)}${CLOSE}`,
    // OLMo 3.1 Instruct's template writes the content, then one block with the turn's calls joined by '\n'.
    formatToolCalls: (calls, text) =>
      `${text}${OPEN}${calls.map((c) => renderCall(c.toolName, c.input)).join('\n')}${CLOSE}`,
    // Results go in an `environment` turn each, the content alone.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: olmo3Triggers,
  });
}

/** @internal The `olmo3` format in the registry (formats.ts). */
export const olmo3Format: FormatDeclaration = {
  name: 'olmo3',
  label: 'OLMo 3 <function_calls>',
  models: 'OLMo 3 (Instruct and Think)',
  preset: 'olmo3ToolMiddleware',
  modelNames: [/olmo-?3/i],
  create: olmo3Protocol,
  triggers: olmo3Triggers,
};
