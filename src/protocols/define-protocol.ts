/**
 * `defineProtocol`: a protocol is its definition (prompt, history renderers,
 * one incremental parser). The whole-text and stream helpers are separate
 * functions (parse-text.ts), so a preset that does not use them does not ship
 * them. The built-in formats are made with `defineFormat` (builtin-format.ts).
 */
import type { ToolCallProtocol } from './protocol.ts';

/** Checks a protocol definition and returns it as a protocol. */
export function defineProtocol(definition: ToolCallProtocol): ToolCallProtocol {
  for (const key of ['formatTools', 'formatToolCall', 'formatToolResponse', 'createParser'] as const) {
    if (typeof definition[key] !== 'function') {
      throw new TypeError(`defineProtocol: "${key}" must be a function (protocol "${definition.name}").`);
    }
  }
  return definition;
}
