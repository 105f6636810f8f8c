/**
 * The format registry drives the presets, the toolshim/v3 twins and the
 * README's format table (`npm run sync` writes them): each must be current.
 * And lookups by name are safe for any string.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCorpusLine } from '../../.ci/sync/corpus-docs.ts';
import {
  renderFactories,
  renderFormatFixtures,
  renderFormatTable,
  renderFormatTriggers,
  renderPresets,
  renderV3,
  TABLE_END,
  TABLE_START,
} from '../../.ci/sync/registry.ts';
import * as main from '../index.ts';
import { root } from '../test/runtimes/test-files.ts';
import { triggersOf } from './builtin-format.ts';
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
  it('generated the presets (run `npm run sync` after changing a format)', async () => {
    expect(read('src/middleware/presets.ts')).toBe(formatted('src/middleware/presets.ts', await renderPresets()));
  });

  it("generated the main entry's factories (src/protocols/factories.ts)", async () => {
    expect(read('src/protocols/factories.ts')).toBe(formatted('src/protocols/factories.ts', await renderFactories()));
  });

  it("wrote each format README's corpus count from the corpus", () => {
    for (const { name } of NATIVE_FORMATS) {
      const readme = read(`src/protocols/${name}/README.md`);
      expect(readme, name).toBe(withCorpusLine(readme, name));
    }
  });

  it("generated auto's trigger list", async () => {
    expect(read('src/protocols/format-triggers.ts')).toBe(
      formatted('src/protocols/format-triggers.ts', await renderFormatTriggers()),
    );
  });

  it("generated the fixtures index from the formats' folders", async () => {
    expect(read('src/test/format-fixtures.ts')).toBe(
      formatted('src/test/format-fixtures.ts', await renderFormatFixtures()),
    );
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

  it("exports every format's factory from the main entry", () => {
    for (const format of FORMATS) expect(Object.values(main), format.name).toContain(format.create);
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

  it('gives auto the triggers of every native format (its autoTriggers where it declares them), in the registry order', () => {
    const inAuto = NATIVE_FORMATS.filter((format) => format.inAuto !== false);
    expect(FORMAT_TRIGGERS).toEqual(inAuto.map((format) => format.autoTriggers ?? format.triggers));
  });

  it("makes each format's protocol with the triggers it declares", () => {
    const context = {
      tools: new Map([['get_weather', { name: 'get_weather', inputSchema: {} }]]),
      generateId: () => 'x',
    };
    for (const format of NATIVE_FORMATS) {
      const own = triggersOf(format.create());
      const declared = typeof format.triggers === 'function' ? format.triggers(context) : format.triggers;
      expect(own?.(context), format.name).toEqual(declared);
    }
  });

  it('names formats uniquely', () => {
    const names = FORMATS.flatMap((f) => [f.name, ...(f.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(FORMATS.map((f) => f.preset)).size).toBe(FORMATS.length);
  });
});
