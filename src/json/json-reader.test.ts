import { describe, expect, it } from 'vitest';
import { createJsonReader } from './json-reader.ts';
import { createValueBuilder, parseRelaxedJson } from './json-value.ts';

/** Feeds `text` in the given chunks and returns the value, or the problem. */
function read(chunks: string[]): { value?: unknown; problem?: string; done: boolean } {
  const builder = createValueBuilder();
  const reader = createJsonReader(builder);
  for (const chunk of chunks) {
    const stop = reader.write(chunk);
    if (stop < chunk.length && !reader.done) return { problem: reader.problem, done: false };
  }
  const done = reader.end();
  return done ? { value: builder.value, done } : { done, problem: reader.problem };
}

function everyChunking(text: string): Array<ReturnType<typeof read>> {
  const out = [read([text]), read(Array.from(text))];
  for (let at = 1; at < text.length; at++) out.push(read([text.slice(0, at), text.slice(at)]));
  return out;
}

describe('createJsonReader', () => {
  it.each([
    [
      'strict JSON',
      '{"a": [1, 2.5, -3e2], "b": {"c": null, "d": true}}',
      { a: [1, 2.5, -300], b: { c: null, d: true } },
    ],
    [
      "single quotes, bare keys, trailing commas, Python's literals",
      "{a: 'x', 'b': True, c: None, d: [1,],}",
      { a: 'x', b: true, c: null, d: [1] },
    ],
    [
      'escapes and a surrogate pair, split anywhere',
      '{"s": "a\\n\\"q\\" \\u00e9 \\ud83d\\ude00"}',
      { s: 'a\n"q" é 😀' },
    ],
    ['a raw line break inside a string', '{"s": "two\nlines"}', { s: 'two\nlines' }],
  ])('%s: the same value however it is chunked', (_name, text, expected) => {
    for (const result of everyChunking(text)) expect(result).toEqual({ value: expected, done: true });
  });

  it('a number JSON cannot hold stays its text (1e999 is not null)', () => {
    expect(parseRelaxedJson('{"n": 1e999}')).toEqual({ ok: true, value: { n: '1e999' } });
  });

  it('stops at the first character that is not JSON there, and says why', () => {
    const reader = createJsonReader(createValueBuilder());
    expect(reader.write('{"a": 1 oops}')).toBe(8);
    expect(reader.done).toBe(false);
    expect(reader.problem).toBeDefined();
  });

  it('after the value, it stops at the next non-blank character; depth follows the structure', () => {
    const reader = createJsonReader(createValueBuilder());
    reader.write('{"a": [');
    expect(reader.depth).toBe(2);
    expect(reader.write('1]}  tail')).toBe(5);
    expect(reader.done).toBe(true);
    expect(reader.depth).toBe(0);
  });

  it('a bare word at the very end is completed by end()', () => {
    expect(read(['42'])).toEqual({ value: 42, done: true });
    expect(read(['tr', 'ue'])).toEqual({ value: true, done: true });
  });

  it('unsafe keys are dropped by the value builder and reported', () => {
    const seen: string[] = [];
    const builder = createValueBuilder((key) => seen.push(key));
    const reader = createJsonReader(builder);
    reader.write('{"__proto__": {"x": 1}, "ok": 2}');
    reader.end();
    expect(builder.value).toEqual({ ok: 2 });
    expect(Object.getPrototypeOf(builder.value)).toBe(Object.prototype);
    expect(seen).toEqual(['__proto__']);
  });

  it('a dropped value is dropped whole: unsafe keys inside it are not reported again', () => {
    const seen: string[] = [];
    const builder = createValueBuilder((key) => seen.push(key));
    const reader = createJsonReader(builder);
    reader.write('{"a": [{"constructor": {"prototype": [1, {"__proto__": 2}]}, "b": 3}], "prototype": 4}');
    reader.end();
    expect(builder.value).toEqual({ a: [{ b: 3 }] });
    expect(seen).toEqual(['constructor', 'prototype']);
  });
});
