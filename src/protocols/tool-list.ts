/** Renders declared tools as the JSON lines most open models were trained to read. */
import type { ToolSpec } from '../types.ts';

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
