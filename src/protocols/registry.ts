/**
 * Formats by name: `hermes`, `qwen3-coder`, …, and `auto`. The proxy's
 * `PROTOCOL` variable and the demo's picker look names up here. A `Map`, so
 * `constructor`, `__proto__` and other `Object.prototype` names are unknown
 * names like any other, not found on a prototype.
 */
import { autoProtocol, autoTriggers } from './auto.ts';
import { type FormatEntry, NATIVE_FORMATS } from './formats.ts';
import type { ToolCallProtocol } from './protocol.ts';

export type { FormatEntry } from './formats.ts';

export const AUTO_FORMAT: FormatEntry = {
  name: 'auto',
  label: 'Auto-detect (every format)',
  models: 'small models that drift between formats',
  preset: 'autoToolMiddleware',
  factory: 'autoProtocol({ prompt? })',
  create: () => autoProtocol(),
  triggers: autoTriggers,
};

/** Every format, natives first, then `auto`. */
export const FORMATS: readonly FormatEntry[] = [...NATIVE_FORMATS, AUTO_FORMAT];

const byName = new Map<string, FormatEntry>();
for (const format of FORMATS) {
  for (const name of [format.name, ...(format.aliases ?? [])]) byName.set(name, format);
}

/** The names to offer users (aliases left out). */
export const FORMAT_NAMES: readonly string[] = FORMATS.map((format) => format.name);

/** The format called `name` (or one of its aliases); undefined for any other string. */
export function findFormat(name: string): FormatEntry | undefined {
  return byName.get(name);
}

/** The protocol called `name`; throws with the list of valid names otherwise. */
export function protocolByName(name: string): ToolCallProtocol {
  const format = findFormat(name);
  if (format === undefined) {
    throw new TypeError(`Unknown protocol "${name}". Use one of: ${FORMAT_NAMES.join(', ')}.`);
  }
  return format.create();
}
