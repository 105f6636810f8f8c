/**
 * InternLM2 / 2.5 / 3 and Intern-S1 tool calls, as InternLM's chat format
 * document (InternLM/InternLM chat/chat_format.md@2270e6f0) writes them:
 *   Sure.<|action_start|><|plugin|>
 *   {"name": "get_weather", "parameters": {"city": "Shanghai"}}<|action_end|>
 * `<|action_start|>`, `<|plugin|>` and `<|action_end|>` are special tokens:
 * the engine must keep them. One call per block; a turn with several calls
 * writes several blocks (vLLM's intern_s1 parser tests). `<|interpreter|>`
 * instead of `<|plugin|>` is the model's code interpreter, no declared tool,
 * so it stays text.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord } from '../protocol.ts';
import { chatmlEnd, strayCloser, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, templateJson } from '../tool-list.ts';

const START = '<|action_start|><|plugin|>';
const END = '<|action_end|>';

/** A block after one of the openers: the markers are the family's own, so whatever follows is a call or a broken one. */
const actionBlock = (marker: string): Trigger => ({
  marker,
  open: (env, m) => openJsonCalls(env, m, { end: END }),
});

/** @internal */
export const internlmTriggers: readonly Trigger[] = [
  actionBlock(START),
  // vLLM's detokenizer can put a blank between the two special tokens (intern_s1 parser tests,
  // test_nonstreaming_supports_spaced_special_tokens).
  actionBlock('<|action_start|> <|plugin|>'),
  // The end token right after a call whose opener the engine dropped; elsewhere it is prose.
  strayCloser(END),
  // Intern-S1 thinks in <think>…</think> (vLLM's intern_s1 parser tests give its tokenizer both tokens).
  ...thinkTriggers,
  ...chatmlEnd,
];

const defaultTemplate = (tools: string) =>
  [
    'You can use these tools, each described by a JSON schema on its own line:',
    tools,
    '',
    `To call a tool, write ${START}, then one JSON object with its "name" and its "parameters", then ${END}, for example:`,
    `${START}\n{"name": "tool_name", "parameters": {"parameter": "value"}}${END}`,
    'Write one block per call. The results come back in the next turn. When no tool is needed, answer directly.',
  ].join('\n');

/** One call as the chat format writes it: the opener, a line break, the JSON with `parameters`, the end token. */
const actionCall = ({ toolName, input }: ToolCallRecord) =>
  `${START}\n${templateJson({ name: toolName, parameters: input ?? {} })}${END}`;

/** InternLM: `<|action_start|><|plugin|>{"name": …, "parameters": …}<|action_end|>`. */
export function internlmProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'internlm',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: actionCall,
    // The content, then the blocks right after it, one per line (the two-call text of vLLM's intern_s1 tests).
    formatToolCalls: (calls, text) => `${text}${calls.map(actionCall).join('\n')}`,
    // The result is the content of the `environment name=<|plugin|>` turn, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    triggers: internlmTriggers,
  });
}

/** @internal The `internlm` format in the registry (formats.ts). */
export const internlmFormat: FormatDeclaration = {
  name: 'internlm',
  label: 'InternLM <|action_start|><|plugin|>',
  models: 'InternLM2 / 2.5 / 3, Intern-S1',
  preset: 'internlmToolMiddleware',
  // `internlm2_5-7b-chat`, `internlm3-8b-instruct`, Ollama's `internlm2`, `Intern-S1-mini`.
  modelNames: [/internlm/i, /intern-s1/i],
  create: internlmProtocol,
  triggers: internlmTriggers,
};
