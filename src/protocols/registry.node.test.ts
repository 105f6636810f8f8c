/**
 * The format registry drives the presets, the toolshim/v3 twins and the
 * README's format table (`npm run sync` writes them): each must be current.
 * And lookups by name are safe for any string.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as main from '../index.ts';
import { renderFormatTable, renderPresets, renderV3, TABLE_END, TABLE_START } from '../test/registry-sync.ts';
import { root } from '../test/runtimes/test-files.ts';
import { FORMAT_TRIGGERS } from './format-triggers.ts';
import { NATIVE_FORMATS } from './formats.ts';
import { FORMAT_NAMES, FORMATS, findFormat, protocolByName } from './registry.ts';

/** `text` as biome formats it for `path` (the sync script formats what it writes). */
function formatted(path: string, text: string): string {
  const biome = join(root, 'node_modules/.bin/biome');
  const result = spawnSync(biome, ['format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
    cwd: root,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the format registry', () => {
  it('generated the presets (run `npm run sync` after changing a format)', () => {
    expect(read('src/middleware/presets.ts')).toBe(formatted('src/middleware/presets.ts', renderPresets()));
  });

  it('generated the toolshim/v3 twins', () => {
    expect(read('src/v3/index.ts')).toBe(formatted('src/v3/index.ts', renderV3()));
  });

  it("generated the README's format table", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf(TABLE_START), readme.indexOf(TABLE_END) + TABLE_END.length);
    expect(table).toBe(formatted('table.md', renderFormatTable()).trim());
  });

  it('has a preset for every format, exported from the main entry', () => {
    for (const format of FORMATS) expect(Object.keys(main), format.preset).toContain(format.preset);
  });

  it('finds every name and alias, and nothing else (no prototype lookups)', () => {
    for (const name of FORMAT_NAMES) expect(findFormat(name)?.name).toBe(name);
    expect(findFormat('xml')?.name).toBe('morph-xml');
    expect(findFormat('qwen3coder')?.name).toBe('qwen3-coder');
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'HERMES', ' hermes', '']) {
      expect(findFormat(name), name).toBeUndefined();
      expect(() => protocolByName(name), name).toThrow(/Unknown protocol .*Use one of: hermes, gemma/);
    }
  });

  it('gives auto the triggers of every native format, in the registry order', () => {
    expect(Object.keys(FORMAT_TRIGGERS)).toEqual(NATIVE_FORMATS.map((format) => format.name));
    for (const format of NATIVE_FORMATS) {
      expect(format.triggers, format.name).toBe(FORMAT_TRIGGERS[format.name as keyof typeof FORMAT_TRIGGERS]);
    }
  });

  it('names formats uniquely', () => {
    const names = FORMATS.flatMap((f) => [f.name, ...(f.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(FORMATS.map((f) => f.preset)).size).toBe(FORMATS.length);
  });
});
