/** Renders declared tools as the JSON lines most open models were trained to read. */
import type { ToolSpec } from '../types.ts';
import type { ToolCallRecord, ToolResponseRecord } from './protocol.ts';

export function renderToolList(tools: ToolSpec[]): string {
  return tools
    .map((tool) =>
      JSON.stringify({
        type: 'function',
        function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema },
      }),
    )
    .join('\n');
}

/**
 * JSON as the chat templates write it: Jinja's `tojson` is Python's
 * `json.dumps`, which puts a space after `,` and `:` (`{"city": "Paris"}`).
 */
export function templateJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(templateJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${templateJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A tool call as the Qwen/Hermes templates write it: `{"name": "f", "arguments": {"a": 1}}`. */
export function renderCallJson(toolName: string, input: unknown): string {
  return templateJson({ name: toolName, arguments: input ?? {} });
}

/** A turn's calls as one JSON list, `tojson`-spaced: `[{"name": "f", "arguments": {…}}, {…}]`. */
export function renderCallList(calls: ToolCallRecord[]): string {
  return `[${calls.map((c) => renderCallJson(c.toolName, c.input)).join(', ')}]`;
}

/** A turn's text on its own line before what follows it; nothing when the turn has no text. */
export function textLine(text: string): string {
  return text === '' ? '' : `${text}\n`;
}

/**
 * A tool result as the content of an OpenAI-style tool message: a string as
 * it is, anything else as `JSON.stringify` writes it, which is what the AI
 * SDK's chat providers send. The chat templates write this string into their
 * result turns, so the history checks give them the same string.
 */
export function resultText(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result);
}

/** `formatToolResponses` for templates that write one step's results side by side, with nothing between them. */
export function sideBySide(
  format: (response: ToolResponseRecord) => string,
): (responses: ToolResponseRecord[]) => string {
  return (responses) => responses.map(format).join('');
}
