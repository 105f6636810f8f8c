/**
 * Randomised checks of the XML parsers' hold-back: prose full of near-misses
 * (`<`, `<no`, `</`, `<tool_ca`, `<function=`, HTML, `&amp;`) mixed with real
 * calls whose values contain the formats' own close tags must come out as the
 * same prose and the same calls, whatever the chunking. Seeds are fixed.
 */
import { describe, expect, it } from 'vitest';
import {
  glmToolMiddleware,
  minimaxM2ToolMiddleware,
  morphXmlToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../../index.ts';
import { functionTool, randomChunks, seededRandom, streamParts, summarize } from '../../test/harness.ts';

const tools = [
  functionTool('note', { type: 'object', properties: { text: { type: 'string' }, n: { type: 'number' } } }),
];

const proseAtoms = ['<', 'no', 'te', '>', '/>', '</', '<b>', '</b>', 'a', ' ', '\n', '&amp;', '😀', '<tool_ca', 'll>'];
// Parameter tags that are not the next parameter (the one being written, one the tool lacks, one not at a
// line start) stay in the value; a forgotten close tag is only read where one names a parameter not given yet.
const valueAtoms = [
  'x',
  ' ',
  '\n',
  '<',
  '>',
  '&&',
  '</b>',
  '</parameter>',
  '</function>',
  '"',
  'é',
  '<note>',
  '<n>',
  '\n<parameter=text>',
  '\n<parameter=zz>',
  '<parameter=n>',
  '<parameter name="text">',
  '\n<parameter name="zz">',
  '<arg_key>text</arg_key><arg_value>',
  '<arg_key>zz</arg_key>\n<arg_value>',
  '<arg_key>n</arg_key>',
  '</arg_',
];

function pick(random: () => number, atoms: string[], max: number): string {
  let text = '';
  const length = Math.floor(random() * max);
  for (let i = 0; i < length; i++) text += atoms[Math.floor(random() * atoms.length)];
  return text;
}

interface Format {
  name: string;
  middleware: typeof morphXmlToolMiddleware;
  /** Makes prose safe: it must not contain a real call opening. */
  safeProse: (text: string) => string;
  /** A call's text for a value; the value must not hold the call's own string close tag. */
  call: (value: string, n: number) => string;
  safeValue: (value: string) => string;
}

const formats: Format[] = [
  {
    name: 'morph-xml',
    middleware: morphXmlToolMiddleware,
    safeProse: (text) => text.split('<note').join('<nxte'),
    // Entities are decoded in values, so `&` is written as `&amp;`; `</text>` would end the value.
    safeValue: (value) => value.split('</text>').join(''),
    call: (value, n) => `<note>\n<text>${value.split('&').join('&amp;')}</text>\n<n>${n}</n>\n</note>`,
  },
  {
    name: 'qwen3-coder',
    middleware: qwen3CoderToolMiddleware,
    safeProse: (text) => text.split('<tool_call>').join('<tool_cxll>'),
    // A close tag followed by a valid continuation would end the value; `x` after each rules that out.
    // So would `<parameter=n>` at a line start (n is not given yet): `y` before it rules that out.
    safeValue: (value) =>
      value
        .split('</parameter>')
        .join('</parameter>x')
        .split('</function>')
        .join('</function>x')
        .split('\n<parameter=n>')
        .join('\ny<parameter=n>'),
    call: (value, n) =>
      `<tool_call>\n<function=note>\n<parameter=text>\n${value}\n</parameter>\n<parameter=n>\n${n}\n</parameter>\n</function>\n</tool_call>`,
  },
  {
    name: 'minimax-m2',
    middleware: minimaxM2ToolMiddleware,
    safeProse: (text) => text.split('<minimax').join('<minimxx').split('<invoke').join('<invxke'),
    // As for qwen3-coder, with MiniMax's tags.
    safeValue: (value) =>
      value
        .split('</parameter>')
        .join('</parameter>x')
        .split('</invoke>')
        .join('</invoke>x')
        .split('\n<parameter name="n">')
        .join('\ny<parameter name="n">'),
    call: (value, n) =>
      `<minimax:tool_call>\n<invoke name="note">\n<parameter name="text">${value}</parameter>\n<parameter name="n">${n}</parameter>\n</invoke>\n</minimax:tool_call>`,
  },
  {
    name: 'glm',
    middleware: glmToolMiddleware,
    safeProse: (text) => text.split('<tool_call>').join('<tool_cxll>'),
    // `</arg_value>` always ends a value; `<arg_key>n</arg_key>` then `<arg_value>` would too (n is not given yet).
    safeValue: (value) =>
      value.split('</arg_value>').join('').split('<arg_key>n</arg_key>').join('<arg_key>n</arg_key>y'),
    call: (value, n) =>
      `<tool_call>note\n<arg_key>text</arg_key>\n<arg_value>${value}</arg_value>\n<arg_key>n</arg_key>\n<arg_value>${n}</arg_value>\n</tool_call>`,
  },
];

describe.each(formats)('$name hold-back under random chunking', (format) => {
  for (let seed = 1; seed <= 20; seed++) {
    it(`seed ${seed}`, async () => {
      const random = seededRandom(seed);
      let text = '';
      let prose = '';
      const calls: Array<{ text: string; n: number }> = [];
      const count = 1 + Math.floor(random() * 3);
      for (let k = 0; k < count; k++) {
        // Prose ends in a letter so it cannot run into the call that follows (`<` + `<note>`).
        const before = `${format.safeProse(pick(random, proseAtoms, 10))}.`;
        // Values start and end with a letter: the line breaks around them are format, not value.
        const value = `v${format.safeValue(pick(random, valueAtoms, 10))}w`;
        const n = Math.floor(random() * 100);
        text += before + format.call(value, n);
        prose += before;
        calls.push({ text: value, n });
      }
      const after = format.safeProse(pick(random, proseAtoms, 10));
      text += after;
      prose += after;

      for (const chunks of [[text], Array.from(text), randomChunks(text, seed, 9)]) {
        const summary = summarize(await streamParts({ middleware: format.middleware, tools }, chunks));
        expect(summary.calls.map((c) => c.input)).toEqual(calls);
        // The part writer trims whitespace where a text block opens after a call; compare without it.
        expect(summary.text.replace(/\s+/g, '')).toBe(prose.replace(/\s+/g, ''));
      }
    });
  }
});
