/**
 * The built-in formats, made with `defineFormat`: their parser is the shared
 * scanner run with the format's triggers, which the protocol object also
 * carries (not part of the public type), so forced tool choice and auto can
 * run them with triggers of their own. Not exported by any entry: a protocol
 * of your own is made with `defineProtocol` (define-protocol.ts).
 */
import type { ParserContext } from '../parse/engine/events.ts';
import { createScanner } from '../parse/engine/scanner.ts';
import type { Trigger } from '../parse/engine/section.ts';
import type { FormatEntry, ToolCallProtocol } from './protocol.ts';

/** A format's triggers: fixed, or made from the declared tools (morph-XML opens at a tool's own tag). */
export type TriggersOf = (context: ParserContext) => readonly Trigger[];

/** A built-in format's protocol object, with its triggers. */
interface BuiltinProtocol extends ToolCallProtocol {
  readonly triggers: TriggersOf;
}

/**
 * A built-in format, declared once in its own file and listed once in
 * formats.ts. Everything else is derived from it: the registry, the presets
 * and their `toolshim/v3` twins, auto's triggers (format-triggers.ts, written
 * by `npm run sync` so that auto ships no prompt or history renderer), the
 * proxy's names, the demo's picker and the README's table.
 */
export interface FormatDeclaration extends FormatEntry {
  /** The triggers `create()`'s parser runs: the format file's exported list (or function of the tools). */
  readonly triggers: readonly Trigger[] | TriggersOf;
  /**
   * False: auto leaves these triggers out (it still reads the format when it prompts in it). For a
   * format no other family drifts into (one no model is trained on, or one only its own family
   * writes, picked by the model's name), whose reader would grow auto for drift no model makes.
   */
  readonly inAuto?: false;
  /**
   * What auto runs of this format when it is not all of `triggers`: a trigger the family's own preset
   * can afford and auto cannot (a bare `[` anywhere is a call list to a pythonic model, but in auto it
   * meets other families' `[THINK]` and code in prose).
   */
  readonly autoTriggers?: readonly Trigger[];
}

/** A built-in format: its triggers run on the shared scanner. */
export function defineFormat(
  definition: Omit<ToolCallProtocol, 'createParser'> & { triggers: readonly Trigger[] | TriggersOf },
): ToolCallProtocol {
  const listed = definition.triggers;
  const triggers: TriggersOf = typeof listed === 'function' ? listed : () => listed;
  const protocol: BuiltinProtocol = {
    ...definition,
    triggers,
    createParser: (context, callbacks) => createScanner(triggers(context), context, callbacks),
  };
  return protocol;
}

/** A built-in format's triggers; undefined for a protocol made with `defineProtocol`. */
export function triggersOf(protocol: ToolCallProtocol): TriggersOf | undefined {
  const { triggers } = protocol as Partial<BuiltinProtocol>;
  return typeof triggers === 'function' ? triggers : undefined;
}
