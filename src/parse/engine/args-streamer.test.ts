import { describe, expect, it } from 'vitest';
import { coerceToolInput } from '../../coerce/coerce.ts';
import { createJsonReader } from '../../json/json-reader.ts';
import { parseRelaxedJson } from '../../json/json-value.ts';
import { chunkings } from '../../test/harness.ts';
import { createArgsStreamer } from './args-streamer.ts';

function stream(schema: unknown, chunks: string[]) {
  const deltas: string[] = [];
  const unsafe: string[] = [];
  const reports: Array<[string, string]> = [];
  const streamer = createArgsStreamer(
    schema,
    (d) => deltas.push(d),
    (message, code) => {
      reports.push([code, message]);
      if (code === 'unsafe-key') unsafe.push(/"(.*?)"/.exec(message)?.[1] ?? message);
    },
  );
  const reader = createJsonReader(streamer);
  for (const chunk of chunks) expect(reader.write(chunk)).toBe(chunk.length);
  expect(reader.end()).toBe(true);
  return { deltas, unsafe, reports, done: streamer.done };
}

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'number' },
    flags: { type: 'array', items: { type: 'boolean' } },
    point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
    nested: { type: 'object', properties: { n: { type: 'integer' } } },
    anything: {},
    choice: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  },
};

const cases: Array<[string, string]> = [
  ['plain', '{"city": "Seoul", "days": 3}'],
  ['strings needing coercion', '{"days": "4", "flags": "true, false", "nested": {"n": "9"}}'],
  ['tuple', '{"point": ["1", "2"]}'],
  ['array of booleans as strings', '{"flags": ["true", "false"]}'],
  ['list shape object', '{"flags": {"item": ["true"]}}'],
  ['schema-less JSON-like string', '{"anything": "  {\\"a\\": 1}", "extra": "[1,2]", "plain": "  hi"}'],
  ['anyOf', '{"choice": "12"}'],
  ['escapes and unicode', '{"city": "a\\"b\\\\c\\n\\u00e9😀", "extra": "ß"}'],
  ['forgiving syntax', "{city: 'Rome', days: 2, flags: [True, False,], nothing: None,}"],
  ['arguments as a JSON string', '"{\\"city\\": \\"Lima\\", \\"days\\": \\"5\\"}"'],
  ['null arguments', 'null'],
];

describe('createArgsStreamer', () => {
  for (const [name, text] of cases) {
    it(`emits exactly the coerced JSON, in any chunking: ${name}`, () => {
      const parsed = parseRelaxedJson(text);
      expect(parsed.ok).toBe(true);
      const expected = JSON.stringify(coerceToolInput(parsed.ok ? parsed.value : undefined, schema));
      for (const { chunks } of chunkings(text, 7)) {
        const { deltas, done } = stream(schema, chunks);
        expect(done).toBe(true);
        expect(deltas.join('')).toBe(expected);
      }
    });
  }

  it('streams a string argument progressively instead of in one burst', () => {
    const text = `{"city": "${'x'.repeat(200)}"}`;
    const chunks = text.match(/[\s\S]{1,4}/g) ?? [];
    const { deltas } = stream(schema, chunks);
    expect(deltas.length).toBeGreaterThan(40);
  });

  it('buffers a number written as a string and emits it once, coerced', () => {
    const { deltas } = stream(schema, Array.from('{"days": "12"}'));
    expect(deltas).toContain('12');
    expect(deltas.join('')).toBe('{"days":12}');
  });

  it('keeps a surrogate pair together when a chunk splits it', () => {
    const text = '{"city": "😀"}';
    const { deltas } = stream(schema, Array.from(text.split('')));
    expect(deltas.join('')).toBe('{"city":"😀"}');
  });

  it('drops unsafe keys and reports them', () => {
    const { deltas, unsafe } = stream(schema, ['{"__proto__": {"x": 1}, "constructor": "y", "city": "ok"}']);
    expect(deltas.join('')).toBe('{"city":"ok"}');
    expect(unsafe).toEqual(['__proto__', 'constructor']);
  });

  it('a numeral no JSON number can hold stays its text, reported for its own argument only', () => {
    const numbers = {
      type: 'object',
      properties: {
        x: { type: 'number' },
        list: { type: 'array', items: { type: 'number' } },
        note: { type: 'string' },
      },
    };
    for (const { chunks } of chunkings('{"x": "1e999", "list": ["2", "-1e400"], "note": "1e999"}', 3)) {
      const { deltas, reports } = stream(numbers, chunks);
      expect(JSON.parse(deltas.join(''))).toEqual({ x: '1e999', list: [2, '-1e400'], note: '1e999' });
      expect(reports).toEqual([
        ['invalid-argument', 'The argument "x" holds 1e999, a number JSON cannot hold; it was passed as that text.'],
        [
          'invalid-argument',
          'The argument "list[1]" holds -1e400, a number JSON cannot hold; it was passed as that text.',
        ],
      ]);
    }
  });
});
