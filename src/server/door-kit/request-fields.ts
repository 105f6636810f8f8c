/**
 * The request-reading helpers every front door uses. Every rejection is a 400
 * whose message and `param` name the field by its path
 * (`messages[2].content[0].text`), so a client author sees at once what to fix.
 */
import { MAX_NESTING, nestsDeeperThan } from '../../json/depth.ts';
import { invalidRequest } from '../core/errors.ts';

export type Json = Record<string, unknown>;

/** Longer model names are refused: real ones are far shorter, and the name is echoed in every answer and event. */
const MAX_MODEL_LENGTH = 256;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** `value` is absent: missing, or an explicit `null` (the OpenAI and Anthropic SDKs send both for "not set"). */
export function absent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
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

/** The field values already logged by `noteIgnored`: one line per value per isolate, not one per request. */
const noted = new Set<string>();

/**
 * Logs, once per field and value, a value the proxy does not act on and
 * answers as if it were absent or the default: a client's newer option must
 * never fail its request.
 */
export function noteIgnored(param: string, value: unknown, howAnswered: string): void {
  const key = `${param}=${show(value)}`;
  if (noted.has(key) || noted.size > 256) return;
  noted.add(key);
  console.warn(`toolshim: ${param} is ${show(value)}, which this proxy does not know; ${howAnswered}.`);
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

export function oneOf<T extends string>(param: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  return refuse(
    param,
    `\`${param}\` must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value) ?? 'nothing'}.`,
  );
}

export function optionalString(body: Json, key: string, param = key): string | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  return requireString(value, param);
}

export function optionalBoolean(body: Json, key: string): boolean | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'boolean') fail(key, 'a boolean', value);
  return value;
}

/** A number in [min, max] (an integer when `integer`), or undefined when absent. */
export function optionalNumber(body: Json, key: string, min: number, max: number, integer = false): number | undefined {
  const value = body[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    fail(key, integer ? 'an integer' : 'a number', value);
  }
  if (value < min || value > max) refuse(key, `\`${key}\` must be between ${min} and ${max}, got ${value}.`);
  return value;
}

/**
 * `model`, the same rule on every door: optional, since the proxy serves one
 * model and a missing name changes nothing it does (the answer then names the
 * model it serves); when given, a string (`""` counts as not given) no longer
 * than MAX_MODEL_LENGTH, because the name is echoed in every chunk or event
 * of the answer and a huge one would multiply the response.
 */
export function readModel(body: Json): string | undefined {
  const model = body.model;
  if (absent(model) || model === '') return undefined;
  if (typeof model !== 'string') fail('model', 'a string', model);
  if (model.length > MAX_MODEL_LENGTH) refuse('model', `\`model\` is longer than ${MAX_MODEL_LENGTH} characters.`);
  return model;
}

/**
 * Refuses a value nested deeper than the prompt renderers and JSON writers
 * may walk (json/depth.ts). The core refuses bodies nested deeper than
 * MAX_NESTING plus the API's envelope first, so over HTTP this fires only for
 * values that arrive as text (a call's arguments) or that sit near the top.
 */
export function checkDepth(value: unknown, param: string, what = 'it'): void {
  if (nestsDeeperThan(value)) refuse(param, `\`${param}\` nests deeper than ${MAX_NESTING} levels; flatten ${what}.`);
}

/**
 * A history call's arguments: they arrive as a JSON string, the prompt wants
 * the value. Unparseable text is kept as the string; absurd nesting is the
 * client's 400 (the prompt renderers and the upstream's JSON writer recurse).
 */
export function parseArguments(text: string, param: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  checkDepth(value, param, 'the arguments');
  return value;
}

/**
 * A tool's name: 1 to `max` letters, digits, "_", "." or "-" (OpenAI's rule
 * with 64, Anthropic's with 128); upstreams reject anything else anyway.
 */
export function checkToolName(name: unknown, param: string, max = 64): string {
  if (typeof name !== 'string' || name.length > max || !/^[A-Za-z0-9_.-]+$/.test(name)) {
    refuse(param, `\`${param}\` must be 1-${max} letters, digits, "_", "." or "-"; got ${show(name)}.`);
  }
  return name;
}

/**
 * A tool's JSON schema: an object whose `type` is "object" (when given, or
 * always with `typeRequired`) and whose `properties`, when given, is an object.
 */
export function checkToolSchema(schema: unknown, param: string, typeRequired = false): Json {
  if (!isObject(schema)) fail(param, 'a JSON schema object', schema);
  if ((typeRequired || schema.type !== undefined) && schema.type !== 'object') {
    refuse(
      `${param}.type`,
      `\`${param}.type\` must be "object" (a tool takes named arguments), got ${show(schema.type)}.`,
    );
  }
  if (schema.properties !== undefined && !isObject(schema.properties)) {
    fail(`${param}.properties`, 'an object', schema.properties);
  }
  return schema;
}
