/**
 * Gemini's `Schema` → JSON Schema. Gemini's `parameters` (and
 * `responseSchema`) use an OpenAPI 3.0 subset: types are written in capitals
 * (`"OBJECT"`, `"STRING"`; `TYPE_UNSPECIFIED` says nothing), `nullable: true`
 * allows null, and `propertyOrdering` and `example` are hints for Gemini's
 * own decoder. The result is the JSON Schema the middleware's prompt and
 * argument coercion read: types in lower case (also in a list of types),
 * `nullable` as a `"null"` type (and a null in its `enum`, which would
 * otherwise still refuse it), the hints dropped, and `format: "enum"`
 * (Gemini's marker of an enum string, no JSON Schema format) too; every
 * other keyword (`enum`, `format`, `required`, `minItems`, `anyOf`, …) means
 * the same in both and is kept. Schemas are converted wherever one may
 * stand: `properties`, `items`, `anyOf` / `oneOf` / `allOf` / `not`,
 * `additionalProperties`, and `$defs` / `definitions`.
 *
 * Recursive, over a body the core has already refused when it nests deeper
 * than MAX_NESTING levels (core/handler.ts).
 */
import { isObject, type Json } from '../door-kit/request-fields.ts';

const HINTS = new Set(['nullable', 'propertyOrdering', 'example']);

function typeOf(type: unknown, nullable: boolean): unknown {
  if (Array.isArray(type)) {
    const lower = type.map((item) => (typeof item === 'string' ? item.toLowerCase() : item));
    return nullable && !lower.includes('null') ? [...lower, 'null'] : lower;
  }
  if (typeof type !== 'string') return type;
  if (type === 'TYPE_UNSPECIFIED') return undefined;
  const lower = type.toLowerCase();
  return nullable && lower !== 'null' ? [lower, 'null'] : lower;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  return isObject(value) ? jsonSchemaOf(value) : value;
}

export function jsonSchemaOf(schema: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (HINTS.has(key)) continue;
    if (key === 'type') {
      const type = typeOf(value, schema.nullable === true);
      if (type !== undefined) out.type = type;
    } else if ((key === 'properties' || key === '$defs' || key === 'definitions') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, convert(property)]));
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'not') {
      out[key] = convert(value);
    } else if (key === 'additionalProperties' && isObject(value)) {
      out[key] = jsonSchemaOf(value);
    } else if (!(key === 'format' && value === 'enum')) out[key] = value;
  }
  if (schema.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  // `nullable` beside `anyOf` (no `type`): null is one more alternative.
  if (schema.nullable === true && schema.type === undefined && Array.isArray(out.anyOf)) {
    out.anyOf = [...out.anyOf, { type: 'null' }];
  }
  return out;
}
