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

/** A tool call as canonical JSON: `{"name": …, "arguments": …}`. */
export function renderCallJson(toolName: string, input: unknown): string {
  return JSON.stringify({ name: toolName, arguments: input ?? {} });
}
