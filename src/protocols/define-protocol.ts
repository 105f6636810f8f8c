/**
 * `defineProtocol`: a protocol is its definition (prompt, history renderers,
 * one incremental parser). The whole-text and stream helpers are separate
 * functions (parse-text.ts), so a preset that does not use them does not ship them.
 */
import type { ParserContext } from '../parse/events.ts';
import { createScanner, type Trigger } from '../parse/scanner.ts';
import type { ProtocolDefinition, ToolCallProtocol } from './protocol.ts';

/** Checks a protocol definition and returns it as a protocol. */
export function defineProtocol(definition: ProtocolDefinition): ToolCallProtocol {
  for (const key of ['formatTools', 'formatToolCall', 'formatToolResponse', 'createParser'] as const) {
    if (typeof definition[key] !== 'function') {
      throw new TypeError(`defineProtocol: "${key}" must be a function (protocol "${definition.name}").`);
    }
  }
  return definition;
}

/**
 * A built-in format: its triggers (a function of the declared tools, since
 * morph-XML opens a call at a declared tool's own tag) run on the shared scanner.
 */
export function defineFormat(
  definition: Omit<ProtocolDefinition, 'createParser'> & {
    triggers: (context: ParserContext) => readonly Trigger[];
  },
): ToolCallProtocol {
  return {
    ...definition,
    createParser: (context, callbacks) => createScanner(definition.triggers(context), context, callbacks),
  };
}
