import { describe, expect, it } from 'vitest';
import { everySplit } from '../../test/section-harness.ts';
import { CALL_END, createValueEndScanner, type InvokeTags, NEXT_PARAMETER, OPENED_PARAMETER } from './xml-value-end.ts';

const QWEN: InvokeTags = {
  invoke: '<function=',
  invokeEnd: '</function>',
  param: '<parameter=',
  paramEnd: '</parameter>',
  close: '</tool_call>',
};

/** Feeds `chunks` until the value ends (or finishes it at the end); the raw value text and what ended it. */
function scan(chunks: string[], next = ['unit', 'days']) {
  const out: string[] = [];
  const scanner = createValueEndScanner(QWEN, { write: (t) => out.push(t), end: () => {} }, (h) => next.includes(h));
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as string;
    const step = scanner.write(chunk, 0);
    if (step.end !== undefined) {
      const rest = chunk.slice(step.stop) + chunks.slice(c + 1).join('');
      return { value: out.join(''), end: step.end, header: step.header, rest };
    }
  }
  const closed = scanner.finish();
  return { value: out.join(''), end: closed ? 'closed at the end' : 'unclosed', header: undefined, rest: '' };
}

const cases: Array<[string, string, ReturnType<typeof scan>]> = [
  [
    'the next parameter on its own line ends the value, with one line break',
    'Leeds\n\n<parameter=unit>\nc',
    { value: 'Leeds\n', end: OPENED_PARAMETER, header: 'unit', rest: '\nc' },
  ],
  [
    'a line break before a close tag stays value (the value trimmer drops it)',
    'a\n</parameter>\n</function>',
    { value: 'a\n', end: CALL_END, header: undefined, rest: '' },
  ],
  [
    'a refused name stays value',
    'a\n<parameter=city>\nb\n</parameter>\n<parameter=',
    { value: 'a\n<parameter=city>\nb\n', end: NEXT_PARAMETER, header: undefined, rest: '' },
  ],
  [
    'not at a line start, it stays value',
    'a <parameter=unit>\nb\n</parameter>\n</function>',
    { value: 'a <parameter=unit>\nb\n', end: CALL_END, header: undefined, rest: '' },
  ],
  [
    'a tag cut by a `<` or a line break is value, and what cut it is read again',
    'a\n<parameter=un<x\n<parameter=un\n<parameter=days>',
    { value: 'a\n<parameter=un<x\n<parameter=un', end: OPENED_PARAMETER, header: 'days', rest: '' },
  ],
  [
    'a header longer than a tag is value',
    `a\n<parameter=${'u'.repeat(300)}>`,
    { value: `a\n<parameter=${'u'.repeat(300)}>`, end: 'unclosed', header: undefined, rest: '' },
  ],
  [
    'an opener cut off by the end of the output is value, and the value unclosed',
    'a\n<parameter=un',
    { value: 'a\n<parameter=un', end: 'unclosed', header: undefined, rest: '' },
  ],
];

describe('createValueEndScanner: the next parameter after a forgotten close tag', () => {
  for (const [name, text, expected] of cases) {
    it(`${name}, in every split`, () => {
      for (const chunks of everySplit(text)) expect(scan(chunks), JSON.stringify(chunks)).toEqual(expected);
    });
  }

  it('without `opens`, a line break is plain value text, never held back', () => {
    const out: string[] = [];
    const scanner = createValueEndScanner(QWEN, { write: (t) => out.push(t), end: () => {} });
    scanner.write('a\n', 0);
    expect(out).toEqual(['a\n']);
    expect(scanner.write('<parameter=unit>\n', 0).end).toBeUndefined();
  });
});
