/**
 * JSON-in-delimiters: the model writes `{"name": …, "arguments": …}` between
 * an opening and a closing marker. Hermes/Qwen use `<tool_call>` tags, Gemma
 * a ```tool_call fence (gemma.ts); both are this protocol with other delimiters.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { qwen3Switch } from '../reasoning-switches.ts';
import { bareJsonCallTrigger, chatmlEnd, jsonCallTrigger, llamaEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderCallJson, renderToolList, resultText } from '../tool-list.ts';

export interface JsonMixProtocolOptions {
  /** Opens a tool call. Default `<tool_call>`. */
  toolCallStart?: string;
  /** Closes a tool call. Default `</tool_call>`. */
  toolCallEnd?: string;
  /** Opens a tool result in the history. Default `<tool_response>`. */
  toolResponseStart?: string;
  /** Closes a tool result in the history. Default `</tool_response>`. */
  toolResponseEnd?: string;
  /** The protocol's name in debug output. Default `json-mix`. */
  name?: string;
}

/**
 * Hermes / Qwen. Besides the tagged form, the family often drops the tags and
 * answers with the bare call object(s), one per line. Qwen and Hermes end
 * turns with ChatML's tokens, Hermes 3 on Llama 3.1 with `<|eot_id|>`.
 * @internal
 */
export const hermesTriggers: readonly Trigger[] = [
  jsonCallTrigger('<tool_call>', '</tool_call>'),
  bareJsonCallTrigger,
  ...thinkTriggers,
  ...chatmlEnd,
  ...llamaEnd,
];
/** Python's `str.strip('\n')`. */
function trimNewlines(text: string): string {
  return text.replace(/^\n+|\n+$/g, '');
}

export function jsonMixProtocol(options: JsonMixProtocolOptions = {}): ToolCallProtocol {
  const start = options.toolCallStart ?? '<tool_call>';
  const end = options.toolCallEnd ?? '</tool_call>';
  if (start === '' || end === '') {
    throw new TypeError(
      'jsonMixProtocol: toolCallStart and toolCallEnd must be non-empty strings, e.g. "<tool_call>".',
    );
  }
  const triggers =
    start === '<tool_call>' && end === '</tool_call>'
      ? hermesTriggers
      : [jsonCallTrigger(start, end), ...thinkTriggers, ...chatmlEnd, ...llamaEnd];
  return jsonMixWith(options, triggers);
}

/**
 * @internal jsonMixProtocol with a family's own triggers, for delimiters its
 * caller wrote (so none is empty). Gemma's live in gemma.ts because they pull
 * in the Python-call reader, which Hermes-family presets should not ship; the
 * Hermes preset passes hermesTriggers, so it ships no check of the options.
 * A result is written as `{"name", "result"}` JSON between the response delimiters.
 */
export function jsonMixWith(options: JsonMixProtocolOptions, triggers: readonly Trigger[]): ToolCallProtocol {
  const responseStart = options.toolResponseStart ?? '<tool_response>';
  const responseEnd = options.toolResponseEnd ?? '</tool_response>';
  return jsonMixFormat(
    options,
    triggers,
    ({ toolName, result }) => `${responseStart}\n${JSON.stringify({ name: toolName, result })}\n${responseEnd}`,
  );
}

/** The format with the family's own way to write a result (Hermes': the result as the client sent it). */
function jsonMixFormat(
  options: JsonMixProtocolOptions,
  triggers: readonly Trigger[],
  formatToolResponse: ToolCallProtocol['formatToolResponse'],
): ToolCallProtocol {
  const start = options.toolCallStart ?? '<tool_call>';
  const end = options.toolCallEnd ?? '</tool_call>';
  const responseStart = options.toolResponseStart ?? '<tool_response>';
  const responseEnd = options.toolResponseEnd ?? '</tool_response>';

  const defaultTemplate = (tools: string) =>
    [
      'You can call functions to help with the request. Each available function is described by one JSON schema per line:',
      tools,
      '',
      `To call a function, write a JSON object with its "name" and its "arguments" between ${start} and ${end}, exactly like this:`,
      `${start}\n{"name": "function_name", "arguments": {"parameter": "value"}}\n${end}`,
      'Write one block per call; you may write several blocks. Use only the functions listed, with arguments that match their schemas.',
      `Results come back to you between ${responseStart} and ${responseEnd}. When no function is needed, answer normally.`,
    ].join('\n');

  return defineFormat({
    name: options.name ?? 'json-mix',
    formatTools({ tools, toolSystemPromptTemplate }) {
      return (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools));
    },
    formatToolCall({ toolName, input }) {
      return `${start}\n${renderCallJson(toolName, input)}\n${end}`;
    },
    formatToolResponse,
    triggers,
  });
}

/** Hermes / Qwen 2.5 style: `<tool_call>{…}</tool_call>`, results in `<tool_response>`. */
export function hermesProtocol(): ToolCallProtocol {
  return {
    // Qwen3's template (llama.cpp models/templates/Qwen-Qwen3-0.6B.jinja) writes each tool message as
    // '<tool_response>\n' + content + '\n</tool_response>', the results of one step joined by '\n' in one user
    // turn; the content is the result as a client sends it.
    ...jsonMixFormat(
      { name: 'hermes' },
      hermesTriggers,
      ({ result }) => `<tool_response>\n${resultText(result)}\n</tool_response>`,
    ),
    reasoningSwitch: qwen3Switch,
    // The same template writes '<think>\n' + reasoning.strip('\n') + '\n</think>\n\n' before the content and
    // calls of the turns after the last user message.
    formatReasoning: (reasoning) => `<think>\n${trimNewlines(reasoning)}\n</think>\n\n`,
  };
}

/** @internal The `hermes` format in the registry (formats.ts). */
export const hermesFormat: FormatDeclaration = {
  name: 'hermes',
  label: 'Hermes / Qwen <tool_call> JSON',
  models: 'Hermes, Qwen 2.5/3, Baidu ERNIE-4.5, most instruction fine-tunes',
  preset: 'hermesToolMiddleware',
  // `Hermes-3-Llama-3.1` writes Hermes calls, not Llama's JSON; Qwen 2.5 and 3 were trained on Hermes calls.
  // ERNIE-4.5 writes Hermes blocks too (vLLM's ernie45 parser tests, in the corpus).
  modelNames: [/hermes/i, /qwen|qwq/i, /ernie-4\.5/i],
  outranks: ['llama3-json'],
  // Qwen3's thinking-only models (Qwen3-*-Thinking-2507, Qwen3-Next-*-Thinking, Qwen3-VL-*-Thinking): "the default
  // chat template automatically includes <think>", so their output holds only `</think>` (QwenLM/Qwen3's README,
  // quoted in cubist38/mlx-openai-server#84; seen with the hermes tool parser in vllm-project/vllm#22507).
  templateOpensThinking: (model) => /qwen3\S*thinking/i.test(model),
  create: hermesProtocol,
  triggers: hermesTriggers,
};
