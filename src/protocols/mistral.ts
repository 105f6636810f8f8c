/**
 * Mistral tool calls, both generations (the parser accepts either):
 *   older (v3 tokenizer, Mistral 7B v0.3, Nemo):  `[TOOL_CALLS] [{"name": …, "arguments": …}]`
 *   v11/v13 (Mistral Small 3.2, Ministral 3, Magistral, Devstral):
 *     `[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`, one `[TOOL_CALLS]` per call;
 *     v11 also writes `[CALL_ID]abc123456` before `[ARGS]`.
 * `[TOOL_CALLS]` and `[ARGS]` are special tokens: the engine must keep special
 * tokens (transformers.js `skip_special_tokens: false`).
 */
import type { Trigger } from '../parse/scanner.ts';
import { openByFirstChar } from '../parse/sections/basic.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { openNamedJson } from '../parse/sections/named-json.ts';
import { defineFormat } from './define-protocol.ts';
import type { ToolCallProtocol, ToolCallRecord } from './protocol.ts';
import { mistralEnd, mistralThinkTriggers, thinkTriggers } from './shared-triggers.ts';
import { renderCallJson, renderToolList, templateJson } from './tool-list.ts';

export const mistralTriggers: readonly Trigger[] = [
  {
    marker: '[TOOL_CALLS]',
    open: (env, marker) =>
      openByFirstChar(env, marker, (c) =>
        c === '[' || c === '{'
          ? (e, raw) => openJsonCalls(e, raw, { repeat: true })
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

/** Mistral: `[TOOL_CALLS]name[ARGS]{…}` (v13) or `[TOOL_CALLS] [{…}]` (older). */
export function mistralProtocol(options: MistralProtocolOptions = {}): ToolCallProtocol {
  const legacy = options.variant === 'legacy';
  const example = legacy
    ? '[TOOL_CALLS] [{"name": "tool_name", "arguments": {"parameter": "value"}}]'
    : '[TOOL_CALLS]tool_name[ARGS]{"parameter": "value"}';
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
    formatToolCall: ({ toolName, input }) =>
      legacy
        ? `[TOOL_CALLS] [${renderCallJson(toolName, input)}]`
        : `[TOOL_CALLS]${toolName}[ARGS]${templateJson(input ?? {})}`,
    // Devstral-Small-2507's template (llama.cpp models/templates/unsloth-mistral-Devstral-Small-2507.jinja)
    // writes the content, then [TOOL_CALLS]name[ARGS]{…} for each call, with nothing between them.
    ...(legacy
      ? {}
      : {
          formatToolCalls: (calls: ToolCallRecord[], text: string) =>
            text + calls.map((c) => `[TOOL_CALLS]${c.toolName}[ARGS]${templateJson(c.input ?? {})}`).join(''),
        }),
    formatToolResponse: ({ result }) => `[TOOL_RESULTS]${JSON.stringify({ content: result })}[/TOOL_RESULTS]`,
    triggers: () => mistralTriggers,
  });
}
