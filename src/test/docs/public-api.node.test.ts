/// <reference types="node" />
/**
 * Each entry exports exactly the names its docs list: src/README.md's "Public
 * API" section, one paragraph per entry (plus, for `toolshim`, the factories
 * and presets in the format headings of src/protocols/README.md; `toolshim/v3`
 * is `toolshim` minus the names its paragraph says it lacks). Fails on an
 * export no doc names (a helper leaking out of an entry) and on a documented
 * name the entry does not export (a stale doc after a rename). Types count:
 * the names come from the entry's export statements, and the runtime ones are
 * checked against `Object.keys(await import(entry))`, so the reading of the
 * statements cannot drift from what the module really exports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';

const ENTRIES = {
  toolshim: 'src/index.ts',
  'toolshim/engines': 'src/engines.ts',
  'toolshim/server': 'src/server.ts',
  'toolshim/v3': 'src/v3/index.ts',
} as const;
type Entry = keyof typeof ENTRIES;

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What `npm run sync` writes at the top of the modules it generates from the format registry. */
const GENERATED = 'Generated from the format registry by `npm run sync`';

/**
 * An entry's exported names from its export statements: `values` exist at run time, `types` only for the
 * compiler. `export *` is allowed only from a module generated from the registry (`from`: the entry's path),
 * whose own statements are read in its place: those name each export, so no helper can leak through.
 */
function exportStatements(source: string, from?: string): { values: Set<string>; types: Set<string> } {
  const values = new Set<string>();
  const types = new Set<string>();
  for (const [, target] of source.matchAll(/^export \* from '([^']+)';/gm)) {
    const path = from === undefined ? undefined : join(dirname(from), target as string);
    const module = path === undefined ? '' : read(path);
    if (!module.includes(GENERATED))
      throw new Error(`an entry re-exports a whole module (\`export * from '${target}'\`); name each export`);
    const inner = exportStatements(module, path);
    for (const name of inner.values) values.add(name);
    for (const name of inner.types) types.add(name);
  }
  for (const [, typeOnly, list] of source.matchAll(/^export (type )?\{([^}]*)\}/gm)) {
    for (const item of (list as string).split(',').map((part) => part.trim())) {
      if (item === '') continue;
      const isType = typeOnly !== undefined || item.startsWith('type ');
      const name = item
        .replace(/^type /, '')
        .split(/\s+as\s+/)
        .pop() as string;
      (isType ? types : values).add(name);
    }
  }
  for (const [, kind, name] of source.matchAll(
    /^export (?:declare )?(const|let|function|async function|class|interface|type|enum) ([\w$]+)/gm,
  )) {
    (kind === 'interface' || kind === 'type' ? types : values).add(name as string);
  }
  return { values, types };
}

/** The leading identifier of each `code` span that names something: has a capital, or is called as `name(…)`. */
function namesIn(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`]+)`/g)) {
    const match = /^([A-Za-z_$][\w$]*)(\()?/.exec(span as string);
    if (match === null) continue;
    const [, name, called] = match as unknown as [string, string, string | undefined];
    if (!/[A-Z]/.test(name) && called === undefined) continue; // a field or option name: `label`, `tools`
    if (name in globalThis) continue; // the platform's: `TransformStream`, `TypeError`
    names.add(name);
  }
  return names;
}

/** src/README.md's "Public API" paragraph of each entry. */
function publicApiParagraphs(): Map<Entry, string> {
  const readme = read('src/README.md');
  const start = readme.indexOf('\n## Public API\n');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start, 'src/README.md has a "Public API" section').toBeGreaterThan(0);
  const section = readme.slice(start, end);
  const paragraphs = new Map<Entry, string>();
  for (const [, entry, text] of section.matchAll(
    /^\*\*`(toolshim[^`]*)`\*\*([\s\S]*?)(?=^\*\*`toolshim|(?![\s\S]))/gm,
  )) {
    paragraphs.set(entry as Entry, text as string);
  }
  return paragraphs;
}

/** The names each entry's docs list. */
function documented(): Map<Entry, Set<string>> {
  const paragraphs = publicApiParagraphs();
  const paragraph = (entry: Entry) => {
    const text = paragraphs.get(entry);
    if (text === undefined) throw new Error(`src/README.md's Public API has no paragraph for ${entry}`);
    return text;
  };
  // The format headings: "### hermes — `hermesProtocol()`, `hermesToolMiddleware`".
  // Each format's README opens with "# hermes — `hermesProtocol()`, `hermesToolMiddleware`".
  const folders = readdirSync(join(root, 'src/protocols'), { withFileTypes: true }).filter((e) => e.isDirectory());
  const readmes = folders
    .map((folder) => `src/protocols/${folder.name}/README.md`)
    .filter((path) => existsSync(join(root, path)));
  const headings = [read('src/protocols/README.md'), ...readmes.map(read)].flatMap((text) =>
    [...text.matchAll(/^#{1,3} .* — (.*)$/gm)].map(([, names]) => names),
  );
  const main = new Set([...namesIn(paragraph('toolshim')), ...namesIn(headings.join('\n'))]);
  const v3Lacks = /every\s+name\s+of\s+`toolshim`\s+except\s+((?:`[^`]+`(?:,\s*|\s+and\s+)?)+)/.exec(
    paragraph('toolshim/v3'),
  );
  if (v3Lacks === null) throw new Error("the toolshim/v3 paragraph says which of `toolshim`'s names it lacks");
  const lacks = namesIn(v3Lacks[1] as string);
  return new Map<Entry, Set<string>>([
    ['toolshim', main],
    ['toolshim/engines', namesIn(paragraph('toolshim/engines'))],
    ['toolshim/server', namesIn(paragraph('toolshim/server'))],
    ['toolshim/v3', new Set([...main].filter((name) => !lacks.has(name)))],
  ]);
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('each entry exports exactly what its docs list', () => {
  const docs = documented();

  it('the docs list names for every entry (the reading works)', () => {
    expect(docs.get('toolshim')).toContain('hermesToolMiddleware');
    expect(docs.get('toolshim')).toContain('ParserCallbacks');
    expect(docs.get('toolshim')).not.toContain('label');
    expect(docs.get('toolshim/v3')).not.toContain('CoalesceToolInputOptions');
    expect(docs.get('toolshim/engines')).toContain('ChatCompletionChunk');
    expect(docs.get('toolshim/server')).toContain('ProxyEnv');
    const statements = exportStatements(
      "export { a, type B, c as d } from './x.ts';\nexport type { E } from './e.ts';",
    );
    expect([sorted(statements.values), sorted(statements.types)]).toEqual([
      ['a', 'd'],
      ['B', 'E'],
    ]);
    // A whole module re-exported counts only when the registry generated it (its statements are read instead).
    expect(() => exportStatements("export * from './util/id.ts';", 'src/index.ts')).toThrow(/name each export/);
    expect(exportStatements("export * from './middleware/presets.ts';", 'src/index.ts').values).toContain(
      'hermesToolMiddleware',
    );
  });

  for (const [entry, path] of Object.entries(ENTRIES) as Array<[Entry, string]>) {
    it(`${entry} (${path})`, async () => {
      const { values, types } = exportStatements(read(path), path);
      // The statements, as read here, are what the module exports at run time.
      const runtime = Object.keys(await import(join(root, path)));
      expect(sorted(runtime), `${path}: run-time exports`).toEqual(sorted(values));

      const exported = new Set([...values, ...types]);
      const listed = docs.get(entry) as Set<string>;
      const undocumented = sorted([...exported].filter((name) => !listed.has(name)));
      const missing = sorted([...listed].filter((name) => !exported.has(name)));
      expect(undocumented, `${entry} exports names that src/README.md's Public API does not list`).toEqual([]);
      expect(missing, `src/README.md's Public API lists names that ${entry} does not export`).toEqual([]);
    }, 60_000);
  }
});
