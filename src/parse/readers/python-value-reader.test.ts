import { describe, expect, it } from 'vitest';
import { createValueBuilder } from '../../json/json-value.ts';
import { createPythonValueReader } from './python-value-reader.ts';

/** Reads one Python literal fed in `chunks`; returns the value and where reading stopped in the last chunk. */
function read(chunks: string[]): { value: unknown; stop: number; problem: string | undefined } {
  const builder = createValueBuilder();
  const reader = createPythonValueReader(builder);
  let stop = 0;
  for (const chunk of chunks) {
    stop = reader.write(chunk, 0);
    if (reader.done || reader.problem !== undefined) break;
  }
  if (!reader.done) reader.end();
  return { value: reader.done ? builder.value : undefined, stop, problem: reader.problem };
}

function everyChunking(text: string) {
  const out = [read([text]).value, read(Array.from(text)).value];
  for (let at = 1; at < text.length; at++) out.push(read([text.slice(0, at), text.slice(at)]).value);
  return out;
}

describe('createPythonValueReader', () => {
  it.each([
    ['single-quoted string with Python escapes', "'a\\tb\\x41\\u00e9'", 'a\tbAé'],
    ['an unknown escape keeps its backslash', "'\\d+\\s'", '\\d+\\s'],
    ['True, False, None', '[True, False, None]', [true, false, null]],
    ['a tuple becomes a list', "(1, 'two')", [1, 'two']],
    ['a set becomes a list, a dict stays an object', "{'k': {1, 2}}", { k: [1, 2] }],
    ["LFM2's unescaped inner quote, where only one reading parses", "'it's'", "it's"],
  ])('%s, however it is chunked', (_name, text, expected) => {
    for (const value of everyChunking(text)) expect(value).toEqual(expected);
  });

  it('stops at the character after the value (a comma or bracket of the call)', () => {
    expect(read(["'a', b=1)"])).toEqual({ value: 'a', stop: 3, problem: undefined });
  });

  it('a long string streams in one piece per chunk', () => {
    const pieces: string[] = [];
    const builder = createValueBuilder();
    const reader = createPythonValueReader({
      ...builder,
      stringChunk: (t: string) => {
        pieces.push(t);
        builder.stringChunk(t);
      },
    } as typeof builder);
    reader.write("'" + 'x'.repeat(400), 0);
    reader.write('y'.repeat(400) + "'", 0);
    reader.end();
    expect(pieces.length).toBeLessThanOrEqual(3);
    expect(pieces.join('')).toBe('x'.repeat(400) + 'y'.repeat(400));
  });
});
