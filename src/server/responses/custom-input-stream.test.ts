/**
 * Decoding a freeform tool's text out of streamed `{"input":"…"}` arguments:
 * fed whole, one character at a time and at random cuts, the pieces always
 * join to the JSON string's value, and no piece ends in half a surrogate pair.
 */
import { describe, expect, it } from 'vitest';
import { chunkings } from '../../test/harness.ts';
import { createCustomInputStream } from './custom-input-stream.ts';

const samples = [
  '*** Begin Patch\n*** Add File: a.txt\n+say "hi" \\ \t done\n*** End Patch',
  'café ☕ 😀 and 𝄞, escaped \u00e9 \u2028',
  '',
];

describe('streaming a custom tool input', () => {
  for (const value of samples) {
    const json = `{"input":${JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}}`;
    for (const { name, chunks } of chunkings(json, 7)) {
      it(`${JSON.stringify(value.slice(0, 12))}…, fed ${name}`, () => {
        const stream = createCustomInputStream();
        const pieces = chunks.map((chunk) => stream.push(chunk)).filter((piece) => piece !== '');
        expect(pieces.join('')).toBe(value);
        expect(stream.decoded).toBe(value);
        for (const piece of pieces) {
          const last = piece.charCodeAt(piece.length - 1);
          expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
        }
        if (name === 'one char at a time' && value.length > 20) expect(pieces.length).toBeGreaterThan(10);
      });
    }
  }

  it('arguments not written the canonical way yield nothing (the writer sends the input at the end)', () => {
    for (const json of ['{ "input": "x"}', '{"patch":"x"}', '"x"']) {
      const stream = createCustomInputStream();
      expect(
        Array.from(json)
          .map((c) => stream.push(c))
          .join(''),
      ).toBe('');
    }
  });

  it('text after the closing quote is not part of the input', () => {
    const stream = createCustomInputStream();
    expect(stream.push('{"input":"ab"')).toBe('ab');
    expect(stream.push(',"more":"cd"}')).toBe('');
    expect(stream.decoded).toBe('ab');
  });
});
