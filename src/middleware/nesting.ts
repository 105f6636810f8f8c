/**
 * Client data too deep to write into a prompt: a tool schema, or a tool
 * call's input or result in the history, nested past MAX_NESTING levels.
 * Every renderer (JSON as the templates write it, Python literals, XML, a
 * schema as a TypeScript type, `JSON.stringify` itself) recurses on the data
 * and would fail with "Maximum call stack size exceeded"; this check walks it
 * without recursion first and refuses the call with a message that names
 * the tool or call, before the model is called (the proxy answers 400).
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { ToolshimInvalidRequestError } from '../errors.ts';
import { MAX_NESTING, nestsDeeperThan } from '../json/depth.ts';

function check(value: unknown, what: string, param: string): void {
  if (nestsDeeperThan(value)) {
    throw new ToolshimInvalidRequestError(`${what} nests deeper than ${MAX_NESTING} levels; flatten it.`, param);
  }
}

export function checkNesting({ tools = [], prompt }: LanguageModelV4CallOptions): void {
  for (const tool of tools)
    if (tool.type === 'function') check(tool.inputSchema, `Tool "${tool.name}"'s schema`, 'tools');
  for (const message of prompt) {
    if (message.role === 'system') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        let input = part.input;
        // JSON text is parsed before it is rendered (convert-prompt.ts), so it is measured parsed.
        try {
          if (typeof input === 'string') input = JSON.parse(input);
        } catch {}
        check(input, `Tool call "${part.toolCallId}"'s input`, 'prompt');
      } else if (part.type === 'tool-result') check(part.output, `Tool call "${part.toolCallId}"'s result`, 'prompt');
    }
  }
}
