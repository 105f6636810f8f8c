import { describe, expect, it } from 'vitest';
import {
  cdataStage,
  createEntityDecoder,
  createValueTrimmer,
  decodeEntities,
  type TextStage,
  trimValueText,
} from './xml-text.ts';

/** Runs a stage over `text` split at `cut` (and at every char), returning the output pieces joined. */
function through(make: (emit: (t: string) => void) => TextStage, pieces: string[]): string {
  const out: string[] = [];
  const stage = make((t) => out.push(t));
  for (const piece of pieces) stage.write(piece);
  stage.end();
  return out.join('');
}

function everySplit(text: string): string[][] {
  const splits = [[text], Array.from(text)];
  for (let cut = 1; cut < text.length; cut++) splits.push([text.slice(0, cut), text.slice(cut)]);
  return splits;
}

describe('value trimmer', () => {
  const cases: Array<[string, string]> = [
    ['Seoul', 'Seoul'],
    ['\nSeoul\n', 'Seoul'],
    ['\r\nSeoul\r\n', 'Seoul'],
    ['  \n  Seoul\n  ', '  Seoul'],
    ['\n\ncode\n\n', '\ncode\n'],
    [' a b ', ' a b '],
    ['   ', '   '],
    ['\n', ''],
    ['a\n  b\n    ', 'a\n  b'],
    ['x\r', 'x'],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)} at every split`, () => {
      expect(trimValueText(input)).toBe(expected);
      for (const pieces of everySplit(input)) expect(through(createValueTrimmer, pieces)).toBe(expected);
    });
  }

  it('passes text through at once, holding only a trailing line break', () => {
    const out: string[] = [];
    const trimmer = createValueTrimmer((t) => out.push(t));
    trimmer.write('\nline one\n');
    expect(out).toEqual(['line one']);
    trimmer.write('line two');
    expect(out).toEqual(['line one', '\nline two']);
  });
});

describe('entity decoding', () => {
  const cases: Array<[string, string]> = [
    ['a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;', 'a & b <c> "d" \'e\''],
    ['&#65;&#x42;&#X43;', 'ABC'],
    ['a && b & c &nbsp; &amp', 'a && b & c &nbsp; &amp'],
    ['&amp;lt;', '&lt;'],
    ['end &', 'end &'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} at every split`, () => {
      expect(decodeEntities(input)).toBe(expected);
      for (const pieces of everySplit(input)) expect(through(createEntityDecoder, pieces)).toBe(expected);
    });
  }
});

describe('CDATA unwrapping (MiniCPM 5 values)', () => {
  const cases: Array<[string, string]> = [
    ['<![CDATA[a\n<b>]]>', 'a\n<b>'],
    ['<![CDATA[]]>', ''],
    // Opened and never closed: the opener is markup and goes; the text after it stays.
    ['<![CDATA[x]]', 'x]]'],
    ['plain', 'plain'],
    ['<![C', '<![C'],
    ['<![Cdata', '<![Cdata'],
    ['a]]>', 'a]]>'],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}, at every split`, () => {
      for (const pieces of everySplit(input)) {
        const stage = (emit: (t: string) => void) => cdataStage({ write: emit, end: () => {} });
        expect(through(stage, pieces), JSON.stringify(pieces)).toBe(expected);
      }
    });
  }
});
