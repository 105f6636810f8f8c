import { describe, expect, it } from 'vitest';
import { givenParams, schemaProperties } from './xml-next-param.ts';

describe('the next parameter of an XML call', () => {
  const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } } };

  it("reads a schema's properties, also through the AI SDK's { jsonSchema } wrapper", () => {
    expect(Object.keys(schemaProperties(schema))).toEqual(['city', 'days']);
    expect(Object.keys(schemaProperties({ jsonSchema: schema }))).toEqual(['city', 'days']);
    expect(schemaProperties(undefined)).toEqual({});
  });

  it('is a listed parameter not given yet; any identifier when the schema lists none', () => {
    const given = givenParams(schemaProperties({ jsonSchema: schema }));
    given.add('city');
    expect([given.isNext('city'), given.isNext('days'), given.isNext('unit')]).toEqual([false, true, false]);
    const open = givenParams({});
    expect([open.isNext('anything'), open.isNext('1x')]).toEqual([true, false]);
  });
});
