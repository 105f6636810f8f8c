/// <reference types="node" />
/**
 * Every format of the registry is documented: a README in its folder
 * (`# name — …`) showing its exact text in a fenced block, naming its factory
 * and preset, and saying what it was checked against; and in
 * src/protocols/README.md a row in the history table or the sentence that
 * says why it has none. A format added without its docs fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATIVE_FORMATS } from '../../protocols/formats.ts';
import { parseGeneratedText } from '../../protocols/parse-text.ts';
import { root } from '../runtimes/test-files.ts';

const readme = readFileSync(join(root, 'src/protocols/README.md'), 'utf8');

/** The text from a `## heading` to the next `## ` heading. */
function chapter(heading: string): string {
  const from = readme.indexOf(`\n## ${heading}`);
  expect(from, `src/protocols/README.md has a "## ${heading}" chapter`).toBeGreaterThan(0);
  const to = readme.indexOf('\n## ', from + 1);
  return readme.slice(from, to < 0 ? undefined : to);
}

/** Every identifier in the block as a declared tool, so a format that reads only declared tools finds its call. */
function toolsNamedIn(block: string) {
  const names = new Set(block.match(/[A-Za-z_][\w.-]*/g) ?? []);
  return [...names].map((name) => ({ type: 'function' as const, name, inputSchema: { type: 'object' as const } }));
}

/** The rows of the first table in `text`, by the code-quoted name in their first cell. */
function rowNames(text: string): string[] {
  return [...text.matchAll(/^\| `([\w.-]+)`/gm)].map((match) => match[1] as string);
}

describe('every format has its README, and src/protocols/README.md covers it', () => {
  for (const format of NATIVE_FORMATS) {
    it(`${format.name}: its folder's README, with its text, factory, preset and sources`, () => {
      const section = readFileSync(join(root, 'src/protocols', format.name, 'README.md'), 'utf8');
      const heading = section.split('\n')[0] as string;
      expect(heading.startsWith(`# ${format.name} — `)).toBe(true);
      expect(heading).toContain(`\`${format.preset}\``);
      expect(heading).toMatch(/`\w+Protocol\(/);
      // The first fenced block is the format's exact text: its own parser reads a call out of it, no text left.
      const block = /\n(`{3,})\n([\s\S]+?)\n\1\n/.exec(section)?.[2];
      expect(block, 'a fenced block with the exact text').toBeDefined();
      const parsed = parseGeneratedText(format.create(), {
        text: block as string,
        tools: toolsNamedIn(block as string),
      });
      expect(parsed.filter((part) => part.type === 'tool-call').length, 'calls read from the block').toBeGreaterThan(0);
      expect(parsed.filter((part) => part.type === 'text' && part.text.trim() !== '')).toEqual([]);
      expect(section).toContain('\n## Checked against\n');
    });
  }

  it('the history table has a row per format, or names it as having no template that writes calls', () => {
    const history = chapter('History rendering');
    const rows = new Set(rowNames(history));
    const noRow = NATIVE_FORMATS.filter((format) => !rows.has(format.name)).map((format) => format.name);
    const flat = history.replace(/\s+/g, ' ');
    const sentence = flat.slice(0, flat.indexOf('have no official template that writes tool calls'));
    const why = sentence.slice(sentence.lastIndexOf('. ') + 1);
    for (const name of noRow)
      expect(why, `${name}: a history row, or named as having no template`).toContain(`\`${name}\``);
  });
});
