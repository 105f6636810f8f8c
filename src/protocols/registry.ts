/**
 * Formats by name: `hermes`, `qwen3-coder`, …, and `auto`. The proxy's
 * `PROTOCOL` variable and the demo's picker look names up here. A `Map`, so
 * `constructor`, `__proto__` and other `Object.prototype` names are unknown
 * names like any other, not found on a prototype.
 */
import { autoFormat } from './auto/auto.ts';
import { NATIVE_FORMATS } from './formats.ts';
import type { FormatEntry, ToolCallProtocol } from './protocol.ts';

/** Every format, natives first (in the order auto merges their triggers), then `auto`. */
export const FORMATS: readonly FormatEntry[] = [...NATIVE_FORMATS, autoFormat];

const byName = new Map<string, FormatEntry>();
for (const format of FORMATS) {
  for (const name of [format.name, ...(format.aliases ?? [])]) byName.set(name, format);
}

/** The names to offer users (aliases left out). */
export const FORMAT_NAMES: readonly string[] = FORMATS.map((format) => format.name);

/** The older names that still select a format (`xml`, `qwen3coder`). */
export const FORMAT_ALIASES: readonly string[] = FORMATS.flatMap((format) => format.aliases ?? []);

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
