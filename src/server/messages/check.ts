/**
 * Small validators for the Messages request reader. Every rejection is a 400
 * whose message names the field by its path (`messages[2].content[0].source.data`),
 * so a client author can fix it at once.
 */
import { invalidRequest } from '../core/errors.ts';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A client value for an error message: a string quoted (cut at 60
 * characters), a number or boolean as it is, anything else by its kind.
 * Never JSON.stringify of an object: a hostile one may nest deep enough to
 * overflow the stack, and the message would turn the client's 400 into a 500.
 */
export function show(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 60 ? `${JSON.stringify(value.slice(0, 60))}…` : JSON.stringify(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined ? 'nothing' : `an ${typeName(value)}`;
}

/** Throws the 400 for a field of the wrong kind. */
export function fail(param: string, expected: string, value: unknown): never {
  throw invalidRequest(`\`${param}\` must be ${expected}, got ${typeName(value)}.`, param);
}

/** Throws a 400 with a message of its own. */
export function refuse(param: string, message: string): never {
  throw invalidRequest(message, param);
}

export function requireString(value: unknown, param: string): string {
  if (typeof value !== 'string') fail(param, 'a string', value);
  return value;
}

export function requireObject(value: unknown, param: string): Json {
  if (!isObject(value)) fail(param, 'an object', value);
  return value;
}

/** `undefined` and `null` mean absent, as the Anthropic SDKs send them. */
export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/**
 * How deep a JSON value nests, walked with an explicit stack (never recursion),
 * stopping as soon as it passes `limit`. Client values this deep would make a
 * recursive walk further down (JSON.stringify, the prompt renderers) fail
 * with a stack overflow, a 500; refusing them here makes it the client's 400.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Nesting allowed in tool schemas and tool inputs: real ones stay under 20; V8 overflows near 5,000. */
export const MAX_JSON_DEPTH = 128;

export function checkDepth(value: unknown, param: string): void {
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    refuse(param, `\`${param}\` nests deeper than ${MAX_JSON_DEPTH} levels; flatten it.`);
  }
}
