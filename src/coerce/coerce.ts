/**
 * Schema-driven coercion of tool arguments: small models write "42" for 42,
 * "a, b" for ["a","b"] and {"item": [...]} for a list. These rules turn what
 * they wrote into what the tool's schema asks for, and leave anything they
 * cannot fix unchanged for the AI SDK's own validation to report.
 *
 * The streaming emitter (parse/args-streamer.ts) follows the same rules; where
 * a value's coerced form depends on all of it, it buffers and calls these.
 */

import { NUMERAL } from '../json/chars.ts';
import { nestsDeeperThan } from '../json/depth.ts';
import { isUnsafeKey } from '../json/json-sink.ts';
import { parseRelaxedJson } from '../json/json-value.ts';
import {
  isRecord,
  itemSchema,
  propertySchema,
  type Schema,
  type SchemaType,
  schemaTypes,
  tupleSchemas,
  unwrapSchema,
} from './schema.ts';

/** What a coercion attempt returns when the value cannot be read as the type. */
const FAIL = Symbol('fail');

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
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'null') return value === null;
  if (type === 'object') return isRecord(value);
  if (type === 'array') return Array.isArray(value);
  return typeof value === type; // string, number, boolean
}

/** Strings that look like a JSON object or array. */
function looksLikeJson(text: string): boolean {
  const t = text.trim();
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
}

function parseJsonLike(text: string): unknown {
  const t = text.trim();
  const parsed = t === '' ? undefined : parseRelaxedJson(t);
  return parsed?.ok ? parsed.value : FAIL;
}

function coerceObject(value: Record<string, unknown>, schema: Schema | undefined, ctx: Ctx): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isUnsafeKey(key)) continue;
    out[key] = coerceValue(value[key], propertySchema(schema, key), ctx);
  }
  return out;
}

function coerceArray(value: unknown[], schema: Schema | undefined, ctx: Ctx): unknown[] {
  const tuple = tupleSchemas(schema);
  if (tuple !== undefined && tuple.length === value.length) {
    return value.map((element, i) => coerceValue(element, tuple[i], ctx));
  }
  const items = itemSchema(schema);
  return value.map((element) => coerceValue(element, items, ctx));
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

function coerceTo(value: unknown, type: SchemaType, schema: Schema | undefined, ctx: Ctx): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : FAIL;
    case 'number':
    case 'integer': {
      if (typeof value !== 'string' || !NUMERAL.test(value.trim())) return FAIL;
      const n = Number(value.trim());
      // `1e999` is no number JSON can hold: it stays the text the model wrote, for validation to report.
      if (!Number.isFinite(n)) {
        ctx.note?.(value.trim());
        return FAIL;
      }
      return type === 'integer' && !Number.isInteger(n) ? FAIL : n;
    }
    case 'boolean': {
      const t = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      return t === 'true' ? true : t === 'false' ? false : FAIL;
    }
    case 'null':
      return isNullWord(value) ? null : FAIL;
    case 'object': {
      if (typeof value !== 'string') return FAIL;
      const parsed = parseJsonLike(value);
      return isRecord(parsed) ? coerceObject(parsed, schema, ctx) : FAIL;
    }
    case 'array': {
      if (typeof value === 'string') {
        const t = value.trim();
        if (!t.startsWith('[') && !t.startsWith('{')) return coerceArray(splitList(value), schema, ctx);
        // JSON written as text is read as JSON, never cut at its commas (`{"timeout": 30, "retries": 3}` split
        // into two strings was garbage): an object then counts as the model's JSON object would, and text
        // that does not parse stays as written.
        const parsed = parseJsonLike(value);
        if (Array.isArray(parsed)) return coerceArray(parsed, schema, ctx);
        return isRecord(parsed) ? coerceTo(parsed, 'array', schema, ctx) : FAIL;
      }
      // An object in a list's shape, else a lone value where a list is expected: a list of one.
      return coerceArray((isRecord(value) && listFromObject(value)) || [value], schema, ctx);
    }
    default:
      return FAIL;
  }
}

/** Hears a numeral the schema wants as a number but no JSON number can hold (`1e999`). */
export type Note = (numeral: string) => void;

export interface CoerceOptions {
  /** Hears a numeral no JSON number can hold. */
  note?: Note;
  /**
   * The model wrote its values typed (a JSON, Python or Gemma format): a
   * string stays a string where no schema asks for more, even when it reads
   * as JSON. Off for the XML formats, where every value arrives as text and
   * a `{…}` or `[…]` with no schema was meant as the value itself.
   */
  typedValues?: boolean;
}

/**
 * What every step of one coercion shares: CoerceOptions read. The argument
 * streamer (args-streamer.ts) makes its own and calls coerceValue and
 * coerceInputValue, so a preset does not ship the reading of the options.
 */
export interface Ctx {
  note: Note | undefined;
  typed: boolean;
}

/**
 * Coerces one value to a schema. Never throws; what it cannot fix it returns
 * unchanged (except that keys which could reach a prototype are always dropped).
 * `options` may be a Note alone, as before CoerceOptions.
 */
export function coerceBySchema(value: unknown, rawSchema: unknown, options?: Note | CoerceOptions): unknown {
  return coerceValue(value, rawSchema, contextOf(options));
}

function contextOf(options: Note | CoerceOptions | undefined): Ctx {
  if (typeof options === 'function') return { note: options, typed: false };
  return { note: options?.note, typed: options?.typedValues === true };
}

/** coerceBySchema with its options read. */
export function coerceValue(value: unknown, rawSchema: unknown, ctx: Ctx): unknown {
  const schema = unwrapSchema(rawSchema);
  if (isOpenSchema(schema)) {
    // No schema: recurse, and parse strings that are clearly JSON, unless the model chose them as strings.
    if (!ctx.typed && typeof value === 'string' && looksLikeJson(value)) {
      const parsed = parseJsonLike(value);
      return parsed === FAIL ? value : coerceValue(parsed, undefined, ctx);
    }
    if (Array.isArray(value)) return value.map((v) => coerceValue(v, undefined, ctx));
    if (isRecord(value)) return coerceObject(value, undefined, ctx);
    return value;
  }
  // A nullable property written `null` or `None` as text (XML formats write every value as text).
  if (isNullWord(value) && isNullable(schema)) return null;
  const types = schemaTypes(schema);
  if (types.length === 0) return coerceByCombinator(value, schema as Schema, ctx);
  for (const type of types) {
    if (!matches(value, type)) continue;
    if (type === 'object') return coerceObject(value as Record<string, unknown>, schema, ctx);
    if (type === 'array') return coerceArray(value as unknown[], schema, ctx);
    return value;
  }
  for (const type of types) {
    const coerced = coerceTo(value, type, schema, ctx);
    if (coerced !== FAIL) return coerced;
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
function coerceByCombinator(value: unknown, schema: Schema, ctx: Ctx): unknown {
  const branches = [schema.anyOf, schema.oneOf, schema.allOf]
    .filter(Array.isArray)
    .flat()
    .map((b) => unwrapSchema(b));
  for (const branch of branches) {
    if (schemaTypes(branch).some((t) => matches(value, t))) return coerceValue(value, branch, ctx);
  }
  for (const branch of branches) {
    for (const type of schemaTypes(branch)) {
      const coerced = coerceTo(value, type, branch, ctx);
      if (coerced !== FAIL) return coerced;
    }
  }
  return asParsed(value);
}

/**
 * A whole tool input: nothing at all means `{}`. A value nested deeper than
 * MAX_NESTING (json/depth.ts) is returned as it is: coercion recurses, and
 * toolshim's own readers never produce one. Arguments given as one JSON
 * string (the OpenAI wire shape's `"arguments": "{…}"`) are read as JSON
 * whatever `typedValues` says: the string is the wire's, not the model's value.
 */
export function coerceToolInput(value: unknown, schema: unknown, options?: Note | CoerceOptions): unknown {
  return coerceInputValue(value, schema, contextOf(options));
}

/** coerceToolInput with its options read. */
export function coerceInputValue(value: unknown, schema: unknown, ctx: Ctx): unknown {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {};
  if (nestsDeeperThan(value)) return value;
  if (typeof value === 'string' && looksLikeJson(value)) {
    const parsed = parseJsonLike(value);
    if (parsed !== FAIL && !nestsDeeperThan(parsed)) return coerceValue(parsed, schema, ctx);
  }
  return coerceValue(value, schema, ctx);
}
