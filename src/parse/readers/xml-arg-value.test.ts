import { describe, expect, it } from 'vitest';
import { everySplit } from '../../test/section-harness.ts';
import { createArgValueScanner } from './xml-arg-value.ts';

/** Feeds `chunks` to a fresh scanner until the value ends; the value text, what ended it, and the rest. */
function scan(chunks: string[], keys = ['days', 'tags']) {
  const out: string[] = [];
  const scanner = createArgValueScanner(
    (t) => out.push(t),
    (name) => keys.includes(name),
  );
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as string;
    const step = scanner.write(chunk, 0);
    if (step.end !== undefined) {
      const rest = chunk.slice(step.stop) + chunks.slice(c + 1).join('');
      return { value: out.join(''), end: step.end, key: step.key, rest };
    }
  }
  return { value: out.join(''), end: undefined, key: undefined, rest: '' };
}

const cases: Array<[string, string, ReturnType<typeof scan>]> = [
  [
    'its close tag ends it, line breaks kept',
    'a\n</arg_value>\n',
    { value: 'a\n', end: 'close', key: undefined, rest: '\n' },
  ],
  [
    'the next key (not given yet) with <arg_value> after it ends it',
    'Oslo<arg_key>days</arg_key><arg_value>2',
    { value: 'Oslo', end: 'key', key: 'days', rest: '2' },
  ],
  [
    'one line break before that key goes with it, blanks between the tags are allowed',
    'Oslo\n\n<arg_key> days </arg_key>\n <arg_value>2',
    { value: 'Oslo\n', end: 'key', key: 'days', rest: '2' },
  ],
  [
    'a key the caller refuses stays value',
    'a<arg_key>city</arg_key><arg_value>b</arg_value>',
    { value: 'a<arg_key>city</arg_key><arg_value>b', end: 'close', key: undefined, rest: '' },
  ],
  [
    'a key tag without <arg_value> after it stays value',
    'a\n<arg_key>days</arg_key> x</arg_value>',
    { value: 'a\n<arg_key>days</arg_key> x', end: 'close', key: undefined, rest: '' },
  ],
  [
    'a broken key tag, then a real one',
    'a<arg_key>x<arg_key>days</arg_key><arg_value>3',
    { value: 'a<arg_key>x', end: 'key', key: 'days', rest: '3' },
  ],
  [
    'near misses of every tag stay value',
    '<arg_ </arg_k <arg_key>days</arg_ke> <arg_key>days</arg_key><arg_val </arg_value>',
    {
      value: '<arg_ </arg_k <arg_key>days</arg_ke> <arg_key>days</arg_key><arg_val ',
      end: 'close',
      key: undefined,
      rest: '',
    },
  ],
  [
    'a key longer than a name stays value',
    `<arg_key>${'d'.repeat(200)}</arg_key><arg_value></arg_value>`,
    { value: `<arg_key>${'d'.repeat(200)}</arg_key><arg_value>`, end: 'close', key: undefined, rest: '' },
  ],
];

describe('createArgValueScanner', () => {
  for (const [name, text, expected] of cases) {
    it(`${name}, in every split`, () => {
      for (const chunks of everySplit(text)) expect(scan(chunks), JSON.stringify(chunks)).toEqual(expected);
    });
  }

  it('holds back only a line break or a tag in progress', () => {
    const out: string[] = [];
    const scanner = createArgValueScanner(
      (t) => out.push(t),
      () => true,
    );
    scanner.write('line one\nline two\n', 0);
    expect(out.join('')).toBe('line one\nline two');
    scanner.write('more <arg_ke', 0);
    expect(out.join('')).toBe('line one\nline two\nmore ');
  });
});
