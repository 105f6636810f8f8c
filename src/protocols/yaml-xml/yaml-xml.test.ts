import { describe, expect, it } from 'vitest';
import { yamlXmlToolMiddleware } from '../../index.ts';
import { chunkings, streamParts, summarize } from '../../test/harness.ts';
import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { parseGeneratedText } from '../parse-text.ts';
import { yamlXmlFixtures, yamlXmlTools } from './test/fixtures.ts';
import { renderYamlXmlCall, yamlXmlProtocol } from './yaml-xml.ts';

runFormatFixtures('yaml-xml', yamlXmlProtocol(), yamlXmlFixtures, yamlXmlTools);

const open = { name: 'f', inputSchema: {} };
const read = (text: string, tools = [open]) =>
  parseGeneratedText(yamlXmlProtocol(), { text, tools }).flatMap((c) =>
    c.type === 'tool-call' ? [JSON.parse(c.input) as unknown] : [],
  );

describe('yaml-xml values', () => {
  it('types plain scalars as YAML does, where no schema says string', () => {
    const text = '<f>\na: 3\nb: -2.5e3\nc: true\nd: ~\ne: null\nf: 0x1F\ng: 1e999\nh: yes\ni: "3"\n</f>';
    expect(read(text)).toEqual([{ a: 3, b: -2500, c: true, d: null, e: null, f: 31, g: '1e999', h: 'yes', i: '3' }]);
  });

  it('keeps a plain scalar as written where the schema wants a string', () => {
    const tool = { name: 'f', inputSchema: { type: 'object', properties: { zip: { type: 'string' } } } };
    expect(read('<f>\nzip: 00123\n</f>', [tool])).toEqual([{ zip: '00123' }]);
  });

  it('reads nested mappings, block lists, flow collections and folded plain scalars', () => {
    const text =
      '<f>\nfilter:\n  min: 1\n  tags: [a, "b c", {x: 1}]\nsteps:\n- first\n- name: second\n  done: false\nkeys:\n  - x\nnote: a long\n  sentence\nempty:\n</f>';
    expect(read(text)).toEqual([
      {
        filter: { min: 1, tags: ['a', 'b c', { x: 1 }] },
        steps: ['first', { name: 'second', done: false }],
        keys: ['x'],
        note: 'a long sentence',
        empty: null,
      },
    ]);
  });

  it('chomps block scalars as YAML does: clip, strip (-) and keep (+)', () => {
    expect(read('<f>\na: |\n  x\n\nb: |-\n  y\nc: |+\n  z\n\n</f>')).toEqual([{ a: 'x\n', b: 'y', c: 'z\n\n' }]);
  });
});

describe('yaml-xml history', () => {
  const samples: Array<Record<string, unknown>> = [
    { city: 'Seoul', days: 3, metric: true, none: null },
    { code: 'if (a < b) {\n  return "x";\n}\n', path: 'a.js' },
    { text: 'no final break\nline two', more: 'two\n\n', html: '<p>see </f> here</p>' },
    { tricky: ['007', 'true', '- dash', 'a: b', ' lead', '#hash', ''], nested: { deep: [{ a: 1 }, [2, 3]] } },
    { quote: 'it\'s "quoted"', tab: 'a\tb', cr: 'a\r\nb', unicode: '北京 🎉', emptyList: [], emptyMap: {} },
  ];
  for (const [i, input] of samples.entries()) {
    it(`writes a call the parser reads back unchanged (${i + 1})`, () => {
      const written = renderYamlXmlCall('f', input);
      for (const { chunks } of chunkings(written)) {
        const got = parseGeneratedText(yamlXmlProtocol(), { text: chunks.join(''), tools: [open] });
        expect(
          got.map((c) => (c.type === 'tool-call' ? JSON.parse(c.input) : c)),
          written,
        ).toEqual([input]);
      }
    });
  }

  it('writes a call without arguments as an empty element', () => {
    expect(renderYamlXmlCall('get_location', {})).toBe('<get_location/>');
  });
});

describe('yaml-xml streaming', () => {
  it('streams a block scalar line by line, before the call ends', async () => {
    const chunks = ['<write_file>\nfile_path: a.txt\ncontents: |\n', '  line one\n', '  line two\n', '</write_file>'];
    const parts = await streamParts({ middleware: yamlXmlToolMiddleware, tools: yamlXmlTools }, chunks);
    const deltas = parts.filter((p) => p.type === 'tool-input-delta').map((p) => (p as { delta: string }).delta);
    expect(deltas.join('')).toBe('{"file_path":"a.txt","contents":"line one\\nline two\\n"}');
    expect(deltas.some((d) => d.includes('line one') && !d.includes('line two'))).toBe(true);
    expect(summarize(parts).calls).toHaveLength(1);
  });

  it('teaches the format, with the multi-line example unless turned off', () => {
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object' } }];
    expect(yamlXmlProtocol().formatTools({ tools })).toContain('contents: |');
    expect(yamlXmlProtocol({ includeMultilineExample: false }).formatTools({ tools })).not.toContain('contents: |');
  });
});
