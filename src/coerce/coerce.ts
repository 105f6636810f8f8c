/**
 * Schema-driven coercion of tool arguments: small models write "42" for 42,
 * "a, b" for ["a","b"] and {"item": [...]} for a list. These rules turn what
 * they wrote into what the tool's schema asks for, and leave anything they
 * cannot fix unchanged for the AI SDK's own validation to report.
 *
 * The streaming emitter (parse/args-streamer.ts) follows the same rules; where
 * a value's coerced form depends on all of it, it buffers and calls these.
 */

import { isUnsafeKey } from '../json/json-sink.ts';
import { parseRelaxedJson } from '../json/json-value.ts';
import {
  itemSchema,
  propertySchema,
  type Schema,
  type SchemaType,
  schemaTypes,
  tupleSchemas,
  unwrapSchema,
} from './schema.ts';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

type Attempt = { ok: true; value: unknown } | { ok: false };
const FAIL: Attempt = { ok: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema allows null: `"type": [… "null"]`, or an anyOf/oneOf branch that is null. */
export function isNullable(schema: Schema | undefined): boolean {
  if (schema === undefined) return false;
  if (schemaTypes(schema).includes('null')) return true;
  return [schema.anyOf, schema.oneOf]
    .filter(Array.isArray)
    .flat()
    .some((branch) => isNullable(unwrapSchema(branch)));
}

/** What models write for null in text formats (XML parameters, pythonic): `null`, or Python's `None`. */
function isNullWord(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const t = value.trim();
  return t === 'null' || t === 'None';
}

/** A schema that says nothing about the value: no type, no combinators. */
export function isOpenSchema(schema: Schema | undefined): boolean {
  return (
    schema === undefined ||
    (schemaTypes(schema).length === 0 &&
      schema.anyOf === undefined &&
      schema.oneOf === undefined &&
      schema.allOf === undefined)
  );
}

function matches(value: unknown, type: SchemaType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

/** Strings that look like a JSON object or array. */
function looksLikeJson(text: string): boolean {
  const t = text.trim();
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
}

function parseJsonLike(text: string): Attempt {
  const t = text.trim();
  if (t === '') return FAIL;
  const parsed = parseRelaxedJson(t);
  return parsed.ok ? { ok: true, value: parsed.value } : FAIL;
}

function coerceObject(
  value: Record<string, unknown>,
  schema: Schema | undefined,
  note?: Note,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isUnsafeKey(key)) continue;
    out[key] = coerceBySchema(value[key], propertySchema(schema, key), note);
  }
  return out;
}

function coerceArray(value: unknown[], schema: Schema | undefined, note?: Note): unknown[] {
  const tuple = tupleSchemas(schema);
  if (tuple !== undefined && tuple.length === value.length) {
    return value.map((element, i) => coerceBySchema(element, tuple[i], note));
  }
  const items = itemSchema(schema);
  return value.map((element) => coerceBySchema(element, items, note));
}

/** XML-ish shapes that mean a list: {item:[…]}, {"0":…,"1":…}, or one key holding an array. */
function listFromObject(value: Record<string, unknown>): unknown[] | undefined {
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'item') {
    const item = value.item;
    return Array.isArray(item) ? item : [item];
  }
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  if (keys.length === 1) {
    const only = value[keys[0] as string];
    if (Array.isArray(only)) return only;
  }
  return undefined;
}

function splitList(text: string): string[] {
  const t = text.trim();
  if (t === '') return [];
  const parts = t.includes('\n') ? t.split(/\r?\n/) : t.split(',');
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function coerceTo(value: unknown, type: SchemaType, schema: Schema | undefined, note?: Note): Attempt {
  switch (type) {
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? { ok: true, value: String(value) } : FAIL;
    case 'number':
    case 'integer': {
      if (typeof value !== 'string' || !NUMBER.test(value.trim())) return FAIL;
      const n = Number(value.trim());
      // `1e999` is no number JSON can hold: it stays the text the model wrote, for validation to report.
      if (!Number.isFinite(n)) {
        note?.(value.trim());
        return FAIL;
      }
      return type === 'integer' && !Number.isInteger(n) ? FAIL : { ok: true, value: n };
    }
    case 'boolean': {
      const t = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      return t === 'true' ? { ok: true, value: true } : t === 'false' ? { ok: true, value: false } : FAIL;
    }
    case 'null':
      return isNullWord(value) ? { ok: true, value: null } : FAIL;
    case 'object': {
      if (typeof value !== 'string') return FAIL;
      const parsed = parseJsonLike(value);
      return parsed.ok && isRecord(parsed.value) ? { ok: true, value: coerceObject(parsed.value, schema, note) } : FAIL;
    }
    case 'array': {
      if (typeof value === 'string') {
        const parsed = value.trim().startsWith('[') ? parseJsonLike(value) : FAIL;
        const list = parsed.ok && Array.isArray(parsed.value) ? parsed.value : splitList(value);
        return { ok: true, value: coerceArray(list, schema, note) };
      }
      if (isRecord(value)) {
        const list = listFromObject(value);
        return { ok: true, value: coerceArray(list ?? [value], schema, note) };
      }
      // A lone scalar where a list is expected: a list of one.
      return { ok: true, value: coerceArray([value], schema, note) };
    }
    default:
      return FAIL;
  }
}

/** Hears a numeral the schema wants as a number but no JSON number can hold (`1e999`). */
export type Note = (numeral: string) => void;

/**
 * Coerces one value to a schema. Never throws; what it cannot fix it returns
 * unchanged (except that keys which could reach a prototype are always dropped).
 */
export function coerceBySchema(value: unknown, rawSchema: unknown, note?: Note): unknown {
  const schema = unwrapSchema(rawSchema);
  if (isOpenSchema(schema)) {
    // No schema: recurse, and parse strings that are clearly JSON.
    if (typeof value === 'string' && looksLikeJson(value)) {
      const parsed = parseJsonLike(value);
      return parsed.ok ? coerceBySchema(parsed.value, undefined) : value;
    }
    if (Array.isArray(value)) return value.map((v) => coerceBySchema(v, undefined));
    if (isRecord(value)) return coerceObject(value, undefined, note);
    return value;
  }
  // A nullable property written `null` or `None` as text (XML formats write every value as text).
  if (isNullWord(value) && isNullable(schema)) return null;
  const types = schemaTypes(schema);
  if (types.length === 0) return coerceByCombinator(value, schema as Schema, note);
  for (const type of types) {
    if (!matches(value, type)) continue;
    if (type === 'object') return coerceObject(value as Record<string, unknown>, schema, note);
    if (type === 'array') return coerceArray(value as unknown[], schema, note);
    return value;
  }
  for (const type of types) {
    const attempt = coerceTo(value, type, schema, note);
    if (attempt.ok) return attempt.value;
  }
  return asParsed(value);
}

/** The value unchanged, except that keys which could reach a prototype are dropped (as parsing drops them). */
function asParsed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asParsed);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (!isUnsafeKey(key)) out[key] = asParsed(value[key]);
  return out;
}

/** anyOf / oneOf / allOf: the first branch the value already fits, else the first that coerces it. */
function coerceByCombinator(value: unknown, schema: Schema, note?: Note): unknown {
  const branches = [schema.anyOf, schema.oneOf, schema.allOf]
    .filter(Array.isArray)
    .flat()
    .map((b) => unwrapSchema(b));
  for (const branch of branches) {
    if (schemaTypes(branch).some((t) => matches(value, t))) return coerceBySchema(value, branch, note);
  }
  for (const branch of branches) {
    for (const type of schemaTypes(branch)) {
      const attempt = coerceTo(value, type, branch, note);
      if (attempt.ok) return attempt.value;
    }
  }
  return asParsed(value);
}

/** A whole tool input: nothing at all means `{}`. */
export function coerceToolInput(value: unknown, schema: unknown, note?: Note): unknown {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {};
  return coerceBySchema(value, schema, note);
}
