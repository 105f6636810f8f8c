/**
 * Llama 3.1 / 3.2 / 3.3 JSON tool calls: the answer is
 * `{"name": "get_weather", "parameters": {"city": "Paris"}}`, optionally
 * after `<|python_tag|>`; parallel calls are separated by `;` or newlines.
 * `"arguments"` is accepted for `"parameters"`.
 *
 * A bare `{` only counts at the very start of the answer and only when it
 * names a declared tool: JSON inside prose or code stays text.
 */
import type { ParserContext } from '../../parse/engine/events.ts';
import type { SectionOpener, Trigger } from '../../parse/engine/section.ts';
import { indexMarkers } from '../../parse/engine/trigger-index.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { pythonicWrapperTriggers } from '../pythonic/pythonic.ts';
import { bareJsonCallTrigger, llamaEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const fixedTriggers: readonly Trigger[] = [
  ...thinkTriggers,
  { marker: '<|python_tag|>', open: (env, marker) => openJsonCalls(env, marker, { repeat: true }) },
  bareJsonCallTrigger,
  // Llama 4 wraps its calls, JSON or pythonic, in <|python_start|>…<|python_end|>.
  ...pythonicWrapperTriggers,
  ...llamaEnd,
];

/**
 * @internal Also Llama 3.1's custom-tool form, a declared tool's `<function=NAME>{…}</function>`
 * (meta-llama/llama-models models/llama3_1/prompts.py@bf5b0c4f, `<function=spotify_trending_songs>{"n": "5"}</function>`;
 * Functionary v3.1 writes it too). Its marker runs to the `{`, so Qwen3-Coder's `<function=NAME>` then a
 * parameter tag, which shares the tag, is not taken for it; a tag naming no declared tool stays prose.
 */
export function llama3JsonTriggers(context: ParserContext): Trigger[] {
  return [...context.tools.keys()]
    .map((name): Trigger => ({ marker: `<function=${name}>{`, open: openCustomToolCall, indexWith: indexMarkers }))
    .concat(fixedTriggers);
}

const openCustomToolCall: SectionOpener = (env, marker) =>
  openJsonCalls(env, marker, { markerIsValue: true, end: '</function>', defaultToolName: marker.slice(10, -2) });

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
  return defineFormat({
    name: 'llama3-json',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    // Llama 3.1's template (llama.cpp models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja) writes
    // {"name": …, "parameters": …} with tojson's spacing.
    formatToolCall: ({ toolName, input }) => templateJson({ name: toolName, parameters: input ?? {} }),
    // The same template writes only the call when a turn has one (its text is dropped), so a model
    // never sees text before a bare call, which would not count as one. It allows one call per
    // turn; several are written one per line, as the parser reads them.
    formatToolCalls: (calls) =>
      calls.map(({ toolName, input }) => templateJson({ name: toolName, parameters: input ?? {} })).join('\n'),
    // The template writes a result in its `ipython` turn as `content | tojson`, and a string content is
    // tojson'd too: the model reads the result as a JSON string literal. toolshim sends it as user text.
    formatToolResponse: ({ result }) => JSON.stringify(resultText(result)),
    triggers: llama3JsonTriggers,
  });
}

/** @internal The `llama3-json` format in the registry (formats.ts). */
export const llama3JsonFormat: FormatDeclaration = {
  name: 'llama3-json',
  label: 'Llama 3 JSON',
  models: 'Llama 3.1 / 3.2 / 3.3 (JSON tool prompt)',
  preset: 'llama3JsonToolMiddleware',
  modelNames: [/llama-?3/i],
  create: llama3JsonProtocol,
  triggers: llama3JsonTriggers,
};
