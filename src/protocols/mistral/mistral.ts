/**
 * Mistral tool calls, both generations (the parser accepts either):
 *   older (v3 tokenizer, Mistral 7B v0.3, Nemo):  `[TOOL_CALLS] [{"name": …, "arguments": …}]`
 *   v11/v13 (Mistral Small 3.2, Ministral 3, Magistral, Devstral):
 *     `[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`, one `[TOOL_CALLS]` per call;
 *     v11 also writes `[CALL_ID]abc123456` before `[ARGS]`.
 * `[TOOL_CALLS]` and `[ARGS]` are special tokens: the engine must keep special
 * tokens (transformers.js `skip_special_tokens: false`).
 */

import { openByFirstChar } from '../../parse/engine/marker-sections.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { createListRecovery } from '../../parse/sections/json-calls-list.ts';
import { openNamedJson } from '../../parse/sections/named-json.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { mistralEnd, mistralThinkTriggers, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText, sideBySide, templateJson } from '../tool-list.ts';

/** @internal */
export const mistralTriggers: readonly Trigger[] = [
  {
    marker: '[TOOL_CALLS]',
    open: (env, marker) =>
      openByFirstChar(env, marker, (c) =>
        c === '[' || c === '{'
          ? // `[TOOL_CALLS][]` calls nothing, and the token is markup: no text (vLLM's Mistral parser, issue 27).
            (e, raw) => openJsonCalls(e, raw, { emptyList: true, lists: createListRecovery })
          : (e, raw) =>
              openNamedJson(e, raw, {
                headerEnd: '[ARGS]',
                // v11+ may leave out [ARGS]: `[TOOL_CALLS]get_weather{"city": "Paris"}`; the `{` is the arguments'.
                headerStops: ['{'],
                toolName: (header) => header.split('[CALL_ID]')[0] ?? '',
              }),
      ),
  },
  ...mistralThinkTriggers,
  ...thinkTriggers,
  ...mistralEnd,
];

export interface MistralProtocolOptions {
  /**
   * Which generation to prompt and render history in: `v13` (default:
   * `[TOOL_CALLS]name[ARGS]{…}`, Devstral, Ministral 3, Magistral), `v11`
   * (Mistral Small 3.2: `[TOOL_CALLS]name[CALL_ID]id[ARGS]{…}`, results
   * `[TOOL_RESULTS]id[TOOL_CONTENT]…`) or `legacy` (`[TOOL_CALLS] [{…}]`,
   * Mistral 7B v0.3, Nemo). Every form is parsed whatever the variant.
   */
  variant?: 'v13' | 'v11' | 'legacy';
}

/**
 * Mistral's templates before v13 want a call id of 9 letters and digits; the AI SDK's ids are longer and
 * carry `_`. The id is the last 9 of its letters and digits, left-padded with 0, so a call and its
 * result keep one id.
 */
function mistralId(id: string): string {
  return id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-9)
    .padStart(9, '0');
}

/** A legacy call as Mistral Nemo's template writes it: the function as JSON, then the call's id. */
const legacyCall = (c: ToolCallRecord) =>
  `{"name": ${JSON.stringify(c.toolName)}, "arguments": ${templateJson(c.input ?? {})}, "id": "${mistralId(c.toolCallId)}"}`;

/**
 * How each generation writes a call and a result. v13: Devstral-Small-2507's and Ministral 3's templates
 * (llama.cpp models/templates/) write `[TOOL_CALLS]name[ARGS]{…}` and `[TOOL_RESULTS]content[/TOOL_RESULTS]`.
 * v11: Mistral-Small-3.2-24B-Instruct-2506.jinja@901e20bb adds `[CALL_ID]id` before `[ARGS]` and writes
 * `[TOOL_RESULTS]id[TOOL_CONTENT]content[/TOOL_RESULTS]`. Legacy: Nemo's writes the content and the
 * call's id in a JSON-like object (the content unquoted).
 */
const variants = {
  v13: {
    call: (c: ToolCallRecord) => `[TOOL_CALLS]${c.toolName}[ARGS]${templateJson(c.input ?? {})}`,
    result: ({ result }: ToolResponseRecord) => `[TOOL_RESULTS]${resultText(result)}[/TOOL_RESULTS]`,
  },
  v11: {
    call: (c: ToolCallRecord) =>
      `[TOOL_CALLS]${c.toolName}[CALL_ID]${mistralId(c.toolCallId)}[ARGS]${templateJson(c.input ?? {})}`,
    result: ({ toolCallId, result }: ToolResponseRecord) =>
      `[TOOL_RESULTS]${mistralId(toolCallId)}[TOOL_CONTENT]${resultText(result)}[/TOOL_RESULTS]`,
  },
  legacy: {
    call: (c: ToolCallRecord) => `[TOOL_CALLS][${legacyCall(c)}]`,
    result: ({ toolCallId, result }: ToolResponseRecord) =>
      `[TOOL_RESULTS]{"content": ${resultText(result)}, "call_id": "${mistralId(toolCallId)}"}[/TOOL_RESULTS]`,
  },
};

/** Mistral: `[TOOL_CALLS]name[ARGS]{…}` (v13), with `[CALL_ID]` (v11), or `[TOOL_CALLS] [{…}]` (older). */
export function mistralProtocol(options: MistralProtocolOptions = {}): ToolCallProtocol {
  const variant = options.variant ?? 'v13';
  const legacy = variant === 'legacy';
  const { call, result } = variants[variant];
  const example = legacy
    ? '[TOOL_CALLS][{"name": "tool_name", "arguments": {"parameter": "value"}}]'
    : '[TOOL_CALLS]tool_name[ARGS]{"parameter": "value"}';
  const defaultTemplate = (tools: string) =>
    [
      `[AVAILABLE_TOOLS][${tools.split('\n').join(', ')}][/AVAILABLE_TOOLS]`,
      `To call a tool, write exactly: ${example}`,
      legacy ? 'Put several calls in the same list.' : 'For several calls, repeat [TOOL_CALLS] before each one.',
      'Results come back in [TOOL_RESULTS]. When no tool is needed, answer normally.',
    ].join('\n');
  return defineFormat({
    name: variant === 'v13' ? 'mistral' : `mistral-${variant}`,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: call,
    // v13 writes the content, then each call with nothing between them; Nemo writes one list of every call and
    // Small 3.2 the calls alone, both dropping the content of a turn with calls.
    formatToolCalls: (calls, text) =>
      legacy
        ? `[TOOL_CALLS][${calls.map(legacyCall).join(', ')}]`
        : (variant === 'v11' ? '' : text) + calls.map(call).join(''),
    // Results follow the calls side by side.
    formatToolResponse: result,
    formatToolResponses: sideBySide(result),
    // The templates raise an error unless user and assistant turns alternate (after the tool results, the
    // next user message must share their user turn).
    mergeUserTurns: true,
    // Native history too: vLLM's Mistral tokenizer mode cuts longer ids itself, the HF templates refuse them.
    nativeCallId: mistralId,
    triggers: mistralTriggers,
  });
}

/** @internal The `mistral` format in the registry (formats.ts). */
export const mistralFormat: FormatDeclaration = {
  name: 'mistral',
  label: 'Mistral [TOOL_CALLS]',
  models: 'Mistral Small 3.2, Ministral 3, Magistral, Devstral, 7B v0.3, Nemo',
  preset: 'mistralToolMiddleware',
  modelNames: [/mistral|mixtral|ministral|devstral|magistral|codestral|pixtral/i],
  create: mistralProtocol,
  triggers: mistralTriggers,
};
