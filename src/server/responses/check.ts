/**
 * Small validators for the Responses request reader. Every failure is a 400
 * whose message and `param` name the field (`input[2].content[0].text`), so a
 * client author sees at once what to fix.
 */
import { invalidRequest } from '../core/errors.ts';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** `value` is absent: missing, or an explicit `null` (OpenAI's clients send both for "not set"). */
export function absent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

export function fail(param: string, expected: string, value: unknown): never {
  throw invalidRequest(`\`${param}\` must be ${expected}, got ${typeName(value)}.`, param);
}

export function oneOf<T extends string>(param: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidRequest(
    `\`${param}\` must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value) ?? 'nothing'}.`,
    param,
  );
}

export function optionalString(body: Json, key: string, param = key): string | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string') fail(param, 'a string', value);
  return value;
}

export function optionalBoolean(body: Json, key: string): boolean | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'boolean') fail(key, 'a boolean', value);
  return value;
}

export function optionalNumber(body: Json, key: string, min: number, max: number): number | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(key, 'a number', value);
  if (value < min || value > max)
    throw invalidRequest(`\`${key}\` must be between ${min} and ${max}, got ${value}.`, key);
  return value;
}
