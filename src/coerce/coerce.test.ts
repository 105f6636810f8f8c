import { describe, expect, it } from 'vitest';
import { coerceBySchema, coerceToolInput } from './coerce.ts';

describe('coerceBySchema (seed: argument-coercion rules)', () => {
  it('parses numbers: int, float, scientific; integers must be whole', () => {
    expect(coerceBySchema('42', { type: 'number' })).toBe(42);
    expect(coerceBySchema(' -3.5 ', { type: 'number' })).toBe(-3.5);
    expect(coerceBySchema('1e3', { type: 'number' })).toBe(1000);
    expect(coerceBySchema('7', { type: 'integer' })).toBe(7);
    expect(coerceBySchema('7.5', { type: 'integer' })).toBe('7.5');
    expect(coerceBySchema('forty', { type: 'number' })).toBe('forty');
  });

  it('parses booleans, case-insensitively', () => {
    expect(coerceBySchema('true', { type: 'boolean' })).toBe(true);
    expect(coerceBySchema('FALSE', { type: 'boolean' })).toBe(false);
    expect(coerceBySchema('yes', { type: 'boolean' })).toBe('yes');
  });

  it('turns numbers and booleans into strings where a string is wanted', () => {
    expect(coerceBySchema(12, { type: 'string' })).toBe('12');
    expect(coerceBySchema(false, { type: 'string' })).toBe('false');
  });

  it('parses JSON-like strings even without a schema, and leaves other strings alone', () => {
    expect(coerceBySchema('{"a": 1}', undefined)).toEqual({ a: 1 });
    expect(coerceBySchema('[1, 2]', {})).toEqual([1, 2]);
    expect(coerceBySchema('02139', undefined)).toBe('02139');
    expect(coerceBySchema('{not json', undefined)).toBe('{not json');
  });

  it('normalises object strings: single quotes, empty {}', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'boolean' } } };
    expect(coerceBySchema("{'a': '1', 'b': 'true'}", schema)).toEqual({ a: 1, b: true });
    expect(coerceBySchema('{}', schema)).toEqual({});
    expect(coerceBySchema('{"a":"1","b":"true"}', schema)).toEqual({ a: 1, b: true });
  });

  it('recurses through properties and keeps unknown keys', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'number' }, inner: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    };
    expect(coerceBySchema({ n: '5', extra: 'kept', inner: { ok: 'false', more: 1 } }, schema)).toEqual({
      n: 5,
      extra: 'kept',
      inner: { ok: false, more: 1 },
    });
  });

  it('uses prefixItems per index when the length matches, items otherwise', () => {
    const schema = {
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'boolean' }],
      items: { type: 'string' },
    };
    expect(coerceBySchema(['1', 'true'], schema)).toEqual([1, true]);
    expect(coerceBySchema([1, 2, 3], schema)).toEqual(['1', '2', '3']);
  });

  it('splits CSV or newline strings for arrays and coerces each element', () => {
    expect(coerceBySchema('1, 2, 3', { type: 'array', items: { type: 'number' } })).toEqual([1, 2, 3]);
    expect(coerceBySchema('a\nb\n c ', { type: 'array', items: { type: 'string' } })).toEqual(['a', 'b', 'c']);
    expect(coerceBySchema('["x", "y"]', { type: 'array' })).toEqual(['x', 'y']);
    expect(coerceBySchema('', { type: 'array' })).toEqual([]);
  });

  it('an array written as JSON object text is read as JSON, never cut at its commas (issue 27)', () => {
    // The object is one value: as when the model writes it as JSON, it becomes a list of one.
    expect(coerceBySchema('{"timeout": 30, "retries": 3}', { type: 'array' })).toEqual([{ timeout: 30, retries: 3 }]);
    expect(coerceBySchema(' {"timeout": 30, "retries": 3}', { type: 'array', items: { type: 'object' } })).toEqual([
      { timeout: 30, retries: 3 },
    ]);
    // An object in a list's shape is that list.
    expect(coerceBySchema('{"item": ["1", "2"]}', { type: 'array', items: { type: 'number' } })).toEqual([1, 2]);
    // JSON text that does not parse is no comma list either: it stays the text the model wrote.
    expect(coerceBySchema('{"a": 1, "b"', { type: 'array' })).toBe('{"a": 1, "b"');
    expect(coerceBySchema('[1, 2', { type: 'array' })).toBe('[1, 2');
  });

  it('unwraps XML-ish list shapes', () => {
    const schema = { type: 'array', items: { type: 'number' } };
    expect(coerceBySchema({ item: ['1', '2'] }, schema)).toEqual([1, 2]);
    expect(coerceBySchema({ item: '1' }, schema)).toEqual([1]);
    expect(coerceBySchema({ 1: 'b', 0: 'a', 10: 'c' }, { type: 'array' })).toEqual(['a', 'b', 'c']);
    expect(coerceBySchema({ values: ['4'] }, schema)).toEqual([4]);
  });

  it('wraps a scalar into a one-element array', () => {
    expect(coerceBySchema('7', { type: 'array', items: { type: 'number' } })).toEqual([7]);
    expect(coerceBySchema(true, { type: 'array' })).toEqual([true]);
    expect(coerceBySchema(null, { type: 'array' })).toEqual([null]);
  });

  it('unwraps { jsonSchema } and infers the type from properties / items / prefixItems', () => {
    expect(coerceBySchema('3', { jsonSchema: { jsonSchema: { type: 'number' } } })).toBe(3);
    expect(coerceBySchema({ a: '1' }, { properties: { a: { type: 'number' } } })).toEqual({ a: 1 });
    expect(coerceBySchema('1,2', { items: { type: 'number' } })).toEqual([1, 2]);
    expect(coerceBySchema(['1'], { prefixItems: [{ type: 'number' }] })).toEqual([1]);
  });

  it('handles type lists and anyOf', () => {
    expect(coerceBySchema('5', { type: ['number', 'null'] })).toBe(5);
    expect(coerceBySchema('null', { type: ['number', 'null'] })).toBe(null);
    expect(coerceBySchema('5', { type: ['string', 'number'] })).toBe('5');
    expect(coerceBySchema('8', { anyOf: [{ type: 'boolean' }, { type: 'number' }] })).toBe(8);
  });

  it('drops __proto__, constructor and prototype keys', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "ok": 2}');
    const out = coerceBySchema(parsed, { type: 'object' }) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['ok']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('maps an empty tool input to {}', () => {
    expect(coerceToolInput(null, { type: 'object' })).toEqual({});
    expect(coerceToolInput('  ', { type: 'object' })).toEqual({});
    expect(coerceToolInput('{"a": "1"}', { type: 'object', properties: { a: { type: 'number' } } })).toEqual({ a: 1 });
  });
});

describe('typedValues: a string the model typed stays a string where no schema asks for more', () => {
  const open = { type: 'object', properties: { payload: {}, nested: { type: 'object' } } };
  it('keeps JSON-looking strings with no schema, at every depth', () => {
    const value = { payload: '{"a": 1}', nested: { inner: '[1, 2]' } };
    expect(coerceBySchema(value, open, { typedValues: true })).toEqual(value);
    // Without it (the XML formats, whose values are text) they are read as the JSON they spell.
    expect(coerceBySchema(value, open)).toEqual({ payload: { a: 1 }, nested: { inner: [1, 2] } });
  });
  it('still coerces where the schema asks: a string for an object or a number', () => {
    const schema = { type: 'object', properties: { filter: { type: 'object' }, days: { type: 'integer' } } };
    expect(coerceBySchema({ filter: '{"a": 1}', days: '3' }, schema, { typedValues: true })).toEqual({
      filter: { a: 1 },
      days: 3,
    });
  });
  it('reads the whole input given as one JSON string (the OpenAI wire shape) either way', () => {
    expect(coerceToolInput('{"payload": "{\\"a\\": 1}"}', open, { typedValues: true })).toEqual({
      payload: '{"a": 1}',
    });
    expect(coerceToolInput('{"payload": "{\\"a\\": 1}"}', undefined, { typedValues: true })).toEqual({
      payload: '{"a": 1}',
    });
  });
});
