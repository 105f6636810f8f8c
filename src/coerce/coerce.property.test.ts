/**
 * Coercion never throws and always returns something JSON can hold, whatever
 * the schema says: random schemas (standard and non-standard types such as
 * "float", "int", "dict", "list", missing types, unresolvable $ref, anyOf
 * with null, nested objects and arrays, tuples, enums) against random values
 * (numbers as strings, 1e999, NaN-like text, nested structures, prototype
 * keys). Seeded, so a failure names its seed.
 */
import { describe, expect, it } from 'vitest';
import { createJsonReader } from '../json/json-reader.ts';
import { createArgsStreamer } from '../parse/engine/args-streamer.ts';
import { seededRandom } from '../test/random.ts';
import { coerceBySchema, coerceToolInput } from './coerce.ts';

/** The streaming path: the value's JSON read in small pieces into the args streamer. */
function streamed(value: unknown, schema: unknown): string {
  const deltas: string[] = [];
  const reader = createJsonReader(
    createArgsStreamer(
      schema,
      (d) => deltas.push(d),
      () => {},
    ),
  );
  const text = JSON.stringify(value) ?? 'null';
  for (let i = 0; i < text.length; i += 3) reader.write(text.slice(i, i + 3));
  reader.end();
  return deltas.join('');
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'null',
  'object',
  'array',
  'float',
  'int',
  'dict',
  'list',
  'str',
  'any',
  '',
];

function randomSchema(random: Random, depth = 0): unknown {
  const r = random();
  if (r < 0.05) return undefined;
  if (r < 0.1) return { $ref: '#/definitions/Missing' };
  if (r < 0.15) return { description: 'no type at all' };
  if (r < 0.25) return { anyOf: [randomSchema(random, depth + 1), { type: 'null' }] };
  if (r < 0.3) return { oneOf: [randomSchema(random, depth + 1), randomSchema(random, depth + 1)] };
  if (r < 0.35) return { enum: ['a', 1, null, true] };
  if (r < 0.4) return { type: [pick(random, TYPES), pick(random, TYPES)] };
  if (r < 0.45) return { jsonSchema: randomSchema(random, depth + 1) };
  const type = pick(random, TYPES);
  const schema: Record<string, unknown> = type === '' ? {} : { type };
  if (depth < 3 && (type === 'object' || type === 'dict' || random() < 0.2)) {
    schema.properties = { a: randomSchema(random, depth + 1), b: randomSchema(random, depth + 1) };
    if (random() < 0.3) schema.additionalProperties = randomSchema(random, depth + 1);
  }
  if (depth < 3 && (type === 'array' || type === 'list' || random() < 0.2)) {
    schema.items =
      random() < 0.2
        ? [randomSchema(random, depth + 1), randomSchema(random, depth + 1)]
        : randomSchema(random, depth + 1);
  }
  if (random() < 0.1) schema.prefixItems = [randomSchema(random, depth + 1)];
  return schema;
}

const SCALARS = [
  '42',
  '-3.5',
  '1e999',
  '-1e999',
  'NaN',
  'Infinity',
  'true',
  'False',
  'null',
  'None',
  '',
  ' ',
  'a, b',
  '[1, 2]',
  '{"a": 1}',
  '{bad',
  'x',
];

function randomValue(random: Random, depth = 0): unknown {
  const r = random();
  if (r < 0.3) return pick(random, SCALARS);
  if (r < 0.4) return Math.floor(random() * 100) - 50;
  if (r < 0.45) return random() < 0.5;
  if (r < 0.5) return null;
  if (depth < 3 && r < 0.75)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  if (depth < 3) {
    const value: Record<string, unknown> = {};
    for (const key of ['a', 'b', 'item', '0', '__proto__', 'constructor']) {
      if (random() < 0.4)
        Object.defineProperty(value, key, { value: randomValue(random, depth + 1), enumerable: true });
    }
    return value;
  }
  return 'leaf';
}

/** Only what JSON can hold: no undefined, no NaN or Infinity, no functions, plain objects and arrays. */
function jsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (typeof value === 'object') return Object.values(value as object).every(jsonSafe);
  return false;
}

function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['__proto__', 'constructor', 'prototype'].includes(key))
      .map(([key, item]) => [key, withoutPrototypeKeys(item)]),
  );
}

describe('coercion is total: random schemas x random values', () => {
  for (let seed = 1; seed <= 20; seed++) {
    it(`seed ${seed}: 500 pairs, no throw, JSON-safe output`, () => {
      const random = seededRandom(seed);
      for (let n = 0; n < 500; n++) {
        const schema = randomSchema(random);
        const value = randomValue(random);
        const label = `seed ${seed} #${n}: ${JSON.stringify(schema)} <- ${JSON.stringify(value)}`;
        let out: unknown;
        expect(() => {
          out = coerceBySchema(value, schema);
        }, label).not.toThrow();
        expect(jsonSafe(out), label).toBe(true);
        expect(() => coerceToolInput(value, schema), label).not.toThrow();
        // Streaming and whole-value coercion agree on what parsing can produce (it drops prototype keys).
        const whole = JSON.stringify(coerceToolInput(withoutPrototypeKeys(value), schema));
        expect(JSON.parse(streamed(value, schema)), label).toEqual(JSON.parse(whole));
      }
    });
  }

  it('leaves a value JSON cannot hold as its text instead of turning it into null', () => {
    expect(coerceBySchema('1e999', { type: 'number' })).toBe('1e999');
    expect(coerceBySchema('-1e999', { type: 'integer' })).toBe('-1e999');
  });

  it('keeps null for a nullable property (anyOf with null)', () => {
    const schema = { type: 'object', properties: { due: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
    expect(coerceBySchema({ due: null }, schema)).toEqual({ due: null });
    // Text formats write null as text: for a nullable property, `null` and Python's `None` mean null.
    expect(coerceBySchema({ due: 'null' }, schema)).toEqual({ due: null });
    expect(coerceBySchema({ due: ' None ' }, schema)).toEqual({ due: null });
    expect(coerceBySchema({ due: 'nullable' }, schema)).toEqual({ due: 'nullable' });
    // Not nullable: the text stays text.
    expect(coerceBySchema('null', { type: 'string' })).toBe('null');
  });
});
