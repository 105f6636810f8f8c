/**
 * Mistral tool calls, both generations (the parser accepts either):
 *   older (v3 tokenizer, Mistral 7B v0.3, Nemo):  `[TOOL_CALLS] [{"name": …, "arguments": …}]`
 *   v11/v13 (Mistral Small 3.2, Ministral 3, Magistral, Devstral):
 *     `[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`, one `[TOOL_CALLS]` per call;
 *     v11 also writes `[CALL_ID]abc123456` before `[ARGS]`.
 * `[TOOL_CALLS]` and `[ARGS]` are special tokens: the engine must keep special
 * tokens (transformers.js `skip_special_tokens: false`).
 */
import type { Trigger } from '../parse/section.ts';
import { openByFirstChar } from '../parse/sections/basic.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { openNamedJson } from '../parse/sections/named-json.ts';
import { defineFormat, type FormatDeclaration } from './define-protocol.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from './protocol.ts';
import { mistralEnd, mistralThinkTriggers, thinkTriggers } from './shared-triggers.ts';
import { renderToolList, resultText, sideBySide, templateJson } from './tool-list.ts';

export const mistralTriggers: readonly Trigger[] = [
  {
    marker: '[TOOL_CALLS]',
    open: (env, marker) =>
      openByFirstChar(env, marker, (c) =>
        c === '[' || c === '{'
          ? openJsonCalls
          : (e, raw) =>
              openNamedJson(e, raw, {
                headerEnd: '[ARGS]',
                // v11+ may leave out [ARGS]: `[TOOL_CALLS]get_weather{"city": "Paris"}`.
                valueEndsHeader: true,
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
   * `[TOOL_CALLS]name[ARGS]{…}`) or `legacy` (`[TOOL_CALLS] [{…}]`).
   */
  variant?: 'v13' | 'legacy';
}

/**
 * Mistral's older templates want a call id of 9 letters and digits; the AI SDK's ids are longer and
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

/** Mistral: `[TOOL_CALLS]name[ARGS]{…}` (v13) or `[TOOL_CALLS] [{…}]` (older). */
export function mistralProtocol(options: MistralProtocolOptions = {}): ToolCallProtocol {
  const legacy = options.variant === 'legacy';
  const example = legacy
    ? '[TOOL_CALLS][{"name": "tool_name", "arguments": {"parameter": "value"}}]'
    : '[TOOL_CALLS]tool_name[ARGS]{"parameter": "value"}';
  const respond = ({ toolCallId, result }: ToolResponseRecord) =>
    legacy
      ? `[TOOL_RESULTS]{"content": ${resultText(result)}, "call_id": "${mistralId(toolCallId)}"}[/TOOL_RESULTS]`
      : `[TOOL_RESULTS]${resultText(result)}[/TOOL_RESULTS]`;
  const defaultTemplate = (tools: string) =>
    [
      `[AVAILABLE_TOOLS][${tools.split('\n').join(', ')}][/AVAILABLE_TOOLS]`,
      `To call a tool, write exactly: ${example}`,
      legacy ? 'Put several calls in the same list.' : 'For several calls, repeat [TOOL_CALLS] before each one.',
      'Results come back in [TOOL_RESULTS]. When no tool is needed, answer normally.',
    ].join('\n');
  return defineFormat({
    name: legacy ? 'mistral-legacy' : 'mistral',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: (call) =>
      legacy
        ? `[TOOL_CALLS][${legacyCall(call)}]`
        : `[TOOL_CALLS]${call.toolName}[ARGS]${templateJson(call.input ?? {})}`,
    // Devstral-Small-2507's and Ministral 3's templates (llama.cpp models/templates/) write the content, then
    // [TOOL_CALLS]name[ARGS]{…} for each call, with nothing between them. Mistral Nemo's writes one list of
    // every call, each with its id, and drops the content of a turn with calls.
    formatToolCalls: (calls, text) =>
      legacy
        ? `[TOOL_CALLS][${calls.map(legacyCall).join(', ')}]`
        : text + calls.map((c) => `[TOOL_CALLS]${c.toolName}[ARGS]${templateJson(c.input ?? {})}`).join(''),
    // Results follow the calls side by side: [TOOL_RESULTS]content[/TOOL_RESULTS] (v13), or the content and the
    // call's id in a JSON-like object (Nemo writes the content into it unquoted).
    formatToolResponse: respond,
    formatToolResponses: sideBySide(respond),
    triggers: mistralTriggers,
  });
}

/** The `mistral` format in the registry (formats.ts). */
export const mistralFormat: FormatDeclaration = {
  name: 'mistral',
  label: 'Mistral [TOOL_CALLS]',
  models: 'Mistral Small 3.2, Ministral 3, Magistral, Devstral; Mistral 7B v0.3, Nemo',
  preset: 'mistralToolMiddleware',
  create: mistralProtocol,
  triggers: mistralTriggers,
};
