/**
 * Gemma 4 tool calls:
 *   <|tool_call>call:get_weather{location:<|"|>London<|"|>,days:3}<tool_call|>
 * Keys are bare, strings are wrapped in the `<|"|>` token, numbers and
 * booleans are bare, objects and lists nest. One block per call. The tokens
 * are special: the engine must keep special tokens (transformers.js
 * `skip_special_tokens: false`).
 */
import { isIdentStart } from '../../json/chars.ts';
import { openLoneEnd } from '../../parse/engine/give-back.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { braceValue, openGemmaCall } from '../../parse/sections/gemma-call.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { gemma4Switch } from '../reasoning-switches.ts';
import { gemma4End, gemma4ThoughtTriggers, strayCloser } from '../shared-triggers.ts';
import { renderToolList, resultText, sideBySide } from '../tool-list.ts';

const Q = '<|"|>';

/** @internal */
export const gemma4Triggers: readonly Trigger[] = [
  {
    marker: '<|tool_call>',
    open: (env, marker) => openGemmaCall(env, marker, { quote: Q, end: '<tool_call|>' }),
  },
  {
    // The call with its opener left out, right after the thought channel or opening the answer
    // (vllm-project/vllm#54256: `<channel|>call:bash{…}`); only a declared tool's name counts.
    marker: 'call:',
    atStart: true,
    firstChar: isIdentStart,
    open: (env, marker) => openGemmaCall(env, marker, { quote: Q, end: '<tool_call|>', declaredOnly: true }),
  },
  // The closing token met alone is markup (a doubled one after a call, ollama/ollama#15370, or one in prose),
  // except after a call that went back as text.
  { marker: '<tool_call|>', open: openLoneEnd },
  // The template writes `<|tool_response>` right after a call, where the result goes
  // (google-gemma-4-31B-it.jinja): a model that expects its result writes it too. Markup, dropped.
  strayCloser('<|tool_response>'),
  ...gemma4ThoughtTriggers,
  ...gemma4End,
];

const defaultTemplate = (tools: string) =>
  [
    'You can call these functions:',
    tools,
    '',
    'To call a function, write exactly:',
    `<|tool_call>call:function_name{parameter:${Q}text value${Q},count:3}<tool_call|>`,
    `Wrap every string value in ${Q}; write numbers and booleans bare. Write one block per call.`,
    'When no function is needed, answer normally.',
  ].join('\n');

const call = ({ toolName, input }: ToolCallRecord) =>
  `<|tool_call>call:${toolName}${braceValue(input ?? {}, Q)}<tool_call|>`;

const response = ({ toolName, result }: ToolResponseRecord) =>
  `<|tool_response>response:${toolName}${braceValue({ value: resultText(result) }, Q)}<tool_response|>`;

/** Gemma 4: `<|tool_call>call:name{key:<|"|>value<|"|>}<tool_call|>`. */
export function gemma4Protocol(): ToolCallProtocol {
  return defineFormat({
    name: 'gemma4',
    reasoningSwitch: gemma4Switch,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: call,
    // Gemma 4's template (llama.cpp models/templates/google-gemma-4-31B-it.jinja) writes a turn's calls side by
    // side and the turn's text after them (the updated template puts the results between the two).
    formatToolCalls: (calls, text) => calls.map(call).join('') + text,
    // The same template writes results side by side, right after the calls; a string content (what a client
    // sends) becomes the value of a `value` key.
    formatToolResponse: response,
    formatToolResponses: sideBySide(response),
    triggers: gemma4Triggers,
  });
}

/** @internal The `gemma4` format in the registry (formats.ts). */
export const gemma4Format: FormatDeclaration = {
  name: 'gemma4',
  label: 'Gemma 4 <|tool_call>',
  models: 'Gemma 4',
  preset: 'gemma4ToolMiddleware',
  modelNames: [/gemma-?4/i],
  outranks: ['gemma'],
  create: gemma4Protocol,
  triggers: gemma4Triggers,
};
