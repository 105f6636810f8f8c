/**
 * jsonSchemaOf: Gemini's OpenAPI-style Schema → JSON Schema, on the shapes
 * that can go wrong: nesting (items, properties, additionalProperties,
 * $defs), anyOf with nullable, nullable beside an enum (the enum must let
 * null through too), type lists, Gemini's hints and `format: "enum"`
 * dropped, other keywords and property names that look like keywords kept.
 * Each case is checked against a small JSON Schema validator of the
 * keywords involved, so the test asserts what the schema accepts, not only
 * how it is spelled.
 */
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from './gemini-schema.ts';

type Schema = Record<string, unknown>;

/** Whether `value` is valid under `schema`, for type, enum, properties, required, items and anyOf. */
function accepts(schema: Schema, value: unknown): boolean {
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = typeOf(value);
    if (!types.some((type) => type === t || (type === 'number' && t === 'integer'))) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => accepts(s as Schema, value))) return false;
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in object)) return false;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, item] of Object.entries(object))
      if (properties[key] && !accepts(properties[key], item)) return false;
  }
  if (Array.isArray(value) && schema.items !== undefined)
    return value.every((item) => accepts(schema.items as Schema, item));
  return true;
}

describe('jsonSchemaOf', () => {
  it('lowers types at every depth: properties, items of items, additionalProperties, $defs', () => {
    const out = jsonSchemaOf({
      type: 'OBJECT',
      properties: {
        grid: { type: 'ARRAY', items: { type: 'ARRAY', items: { type: 'NUMBER' } } },
        tags: { type: 'OBJECT', additionalProperties: { type: 'STRING' } },
        ref: { $ref: '#/$defs/point' },
      },
      $defs: { point: { type: 'OBJECT', properties: { x: { type: 'INTEGER' } } } },
    });
    expect(JSON.stringify(out)).not.toMatch(/"[A-Z]{4,}"/);
    expect(accepts(out, { grid: [[1, 2.5], [3]] })).toBe(true);
    expect(accepts(out, { grid: [[1, 'x']] })).toBe(false);
    expect((out.$defs as Record<string, Schema>).point).toEqual({
      type: 'object',
      properties: { x: { type: 'integer' } },
    });
    expect(out.properties).toMatchObject({
      tags: { additionalProperties: { type: 'string' } },
      ref: { $ref: '#/$defs/point' },
    });
  });

  it('nullable: null allowed beside the type, in an enum, and as one more anyOf alternative', () => {
    const cases: Array<[Schema, unknown[], unknown[]]> = [
      [{ type: 'STRING', nullable: true }, ['a', null], [1]],
      [{ type: 'STRING', format: 'enum', enum: ['r', 'w'], nullable: true }, ['r', null], ['x', 1]],
      [{ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true }, ['a', 3, null], [true]],
      [{ type: ['STRING', 'NULL'], nullable: true }, ['a', null], [2]],
      [{ type: 'INTEGER', nullable: false }, [4], [null, 'a']],
    ];
    for (const [schema, good, bad] of cases) {
      const out = jsonSchemaOf(schema);
      for (const value of good) expect(accepts(out, value), `${JSON.stringify(out)} takes ${value}`).toBe(true);
      for (const value of bad) expect(accepts(out, value), `${JSON.stringify(out)} refuses ${value}`).toBe(false);
      expect(out).not.toHaveProperty('nullable');
    }
  });

  it('drops the decoder hints and format "enum", keeps every other keyword and format', () => {
    const out = jsonSchemaOf({
      type: 'STRING',
      title: 'When',
      description: 'A time',
      format: 'date-time',
      pattern: '^2',
      minLength: 1,
      maxLength: 40,
      default: '2025-01-01T00:00:00Z',
      example: '2025-06-01T12:00:00Z',
      propertyOrdering: [],
    });
    expect(out).toEqual({
      type: 'string',
      title: 'When',
      description: 'A time',
      format: 'date-time',
      pattern: '^2',
      minLength: 1,
      maxLength: 40,
      default: '2025-01-01T00:00:00Z',
    });
    expect(jsonSchemaOf({ type: 'STRING', format: 'enum', enum: ['a'] })).toEqual({ type: 'string', enum: ['a'] });
    expect(jsonSchemaOf({ type: 'INTEGER', format: 'int64', minimum: 0 })).toEqual({
      type: 'integer',
      format: 'int64',
      minimum: 0,
    });
  });

  it('property names that are keywords or hints are names, not keywords; values are left alone', () => {
    const out = jsonSchemaOf({
      type: 'OBJECT',
      properties: {
        type: { type: 'STRING', enum: ['FILE', 'DIR'] },
        example: { type: 'BOOLEAN' },
        nullable: { type: 'STRING' },
      },
      required: ['type', 'example'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['FILE', 'DIR'] },
        example: { type: 'boolean' },
        nullable: { type: 'string' },
      },
      required: ['type', 'example'],
    });
  });

  it('TYPE_UNSPECIFIED says nothing; JSON Schema already in lower case comes back the same', () => {
    expect(jsonSchemaOf({ type: 'TYPE_UNSPECIFIED', description: 'anything' })).toEqual({ description: 'anything' });
    const json = {
      type: 'object',
      properties: {
        a: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }] },
        b: { not: { type: 'null' } },
      },
      additionalProperties: false,
    };
    expect(jsonSchemaOf(json)).toEqual(json);
  });
});
