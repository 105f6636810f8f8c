/// <reference types="node" />
/**
 * What the format registry (each format's declaration, listed in
 * src/protocols/formats.ts) generates: the presets (src/middleware/presets.ts),
 * their AI SDK 6 twins (src/v3/index.ts), auto's trigger list
 * (src/protocols/format-triggers.ts) and the README's format table.
 * `npm run sync` writes them (.ci/sync-registry.mjs); registry.node.test.ts
 * fails when one is stale, so adding a format is: its protocol file with its
 * declaration, one line in formats.ts, fixtures, `npm run sync`.
 *
 * The generated code names each format's factory and triggers by the name its
 * module exports them under, found by importing src/protocols/ and comparing
 * values, so no name is written twice by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatDeclaration } from '../../src/protocols/builtin-format.ts';
import { NATIVE_FORMATS } from '../../src/protocols/formats.ts';
import { FORMATS } from '../../src/protocols/registry.ts';
import { root } from '../../src/test/runtimes/test-files.ts';

const GENERATED = 'Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.';

/** Where a value is exported in src/protocols/: module file and export name. */
interface ExportSite {
  module: string;
  name: string;
}

let exportSites: Map<unknown, ExportSite> | undefined;

/** Every value src/protocols/ modules export, by identity (the first export wins). */
async function protocolExports(): Promise<Map<unknown, ExportSite>> {
  if (exportSites !== undefined) return exportSites;
  const dir = join(root, 'src/protocols');
  const sites = new Map<unknown, ExportSite>();
  // The shared modules, then each format's folder (`hermes/hermes.ts`); its tests and test/ data are no protocol code.
  const modules = readdirSync(dir, { recursive: true })
    .map(String)
    // factories.ts only re-exports (it is generated from what this finds).
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split('/').includes('test') && f !== 'factories.ts',
    )
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  for (const module of modules) {
    const namespace = (await import(join(dir, module))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(namespace)) if (!sites.has(value)) sites.set(value, { module, name });
  }
  exportSites = sites;
  return sites;
}

/** The module and export name of `value`; throws when src/protocols/ does not export it. */
async function siteOf(value: unknown, what: string): Promise<ExportSite> {
  const site = (await protocolExports()).get(value);
  if (site === undefined) throw new Error(`${what} is not exported by any module in src/protocols/; export it.`);
  return site;
}

function importLines(sites: ExportSite[], prefix: string): string[] {
  const byModule = new Map<string, Set<string>>();
  for (const { module, name } of sites) byModule.set(module, (byModule.get(module) ?? new Set()).add(name));
  return [...byModule.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([module, names]) => {
      const list = [...names].sort();
      // A module imported for types only gets `import type`, as the linter wants.
      return list.every((name) => name.startsWith('type '))
        ? `import type { ${list.map((name) => name.slice(5)).join(', ')} } from '${prefix}${module}';`
        : `import { ${list.join(', ')} } from '${prefix}${module}';`;
    });
}

/** The factory of each format: `hermesProtocol` from hermes.ts, … */
async function factories(): Promise<ExportSite[]> {
  return Promise.all(FORMATS.map((entry) => siteOf(entry.create, `The ${entry.name} format's create`)));
}

export async function renderPresets(): Promise<string> {
  const sites = await factories();
  const lines = [
    `/** Ready-made middlewares, one per format, every option at its default. ${GENERATED} */`,
    ...importLines(sites, '../protocols/'),
    "import { presetMiddleware } from './create-tool-middleware.ts';",
  ];
  FORMATS.forEach((entry, i) => {
    lines.push(
      '',
      `/** ${entry.label}: ${entry.models}. Format name \`${entry.name}\`. */`,
      `export const ${entry.preset} = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ ${sites[i]?.name}());`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/**
 * The public factories of every format, for the main entry (src/index.ts
 * re-exports this module): the module that exports each registry entry's
 * `create`, with every factory (`export function …Protocol(`) and options type
 * (`export interface …ProtocolOptions`) it declares. A new format's factory
 * reaches the package's exports with no line written by hand.
 */
/** Biome's order of named exports: letter by letter ignoring case, a capital first where only case differs. */
const sortKey = (name: string) =>
  [...name.replace('type ', '')].map((c) => `${c.toLowerCase()}${c === c.toLowerCase() ? 1 : 0}`).join('');

export async function renderFactories(): Promise<string> {
  const modules = [...new Set((await factories()).map((site) => site.module))].sort();
  const lines = modules.map((module) => {
    const source = readFileSync(join(root, 'src/protocols', module), 'utf8');
    const found = [
      ...[...source.matchAll(/^export function (\w+Protocol)\(/gm)].map((m) => m[1] as string),
      ...[...source.matchAll(/^export interface (\w+ProtocolOptions)\b/gm)].map((m) => `type ${m[1]}`),
    ].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    return `export { ${found.join(', ')} } from './${module}';`;
  });
  return [`/** Every format's factory and options, as the main entry exports them. ${GENERATED} */`, ...lines, ''].join(
    '\n',
  );
}

/**
 * Auto's trigger list: each native format's triggers, in the registry's
 * order, without the rest of the declarations (auto ships no prompt or
 * history renderer but its own).
 */
export async function renderFormatTriggers(): Promise<string> {
  const sites = await Promise.all(
    NATIVE_FORMATS.filter((entry: FormatDeclaration) => entry.inAuto !== false).map((entry) =>
      siteOf(entry.autoTriggers ?? entry.triggers, `The ${entry.name} format's triggers`),
    ),
  );
  return [
    '/**',
    " * Every native format's triggers, in the registry's order (formats.ts): what",
    ' * auto runs. Kept apart from the registry so that auto ships every parser but',
    " * not every format's prompt, history renderer and registry text, which it",
    ' * never uses (it prompts in one format).',
    ` * ${GENERATED}`,
    ' */',
    "import type { Trigger } from '../parse/engine/section.ts';",
    ...importLines([...sites, { module: 'builtin-format.ts', name: 'type TriggersOf' }], './'),
    '',
    'export const FORMAT_TRIGGERS: ReadonlyArray<readonly Trigger[] | TriggersOf> = [',
    ...sites.map((site) => `  ${site.name},`),
    '];',
    '',
  ].join('\n');
}

export function renderV3(): string {
  const index = readFileSync(join(root, 'src/index.ts'), 'utf8');
  // Main-entry exports whose modules never name AI SDK 7 types (checked by the provider-3 consumer type test).
  const v4Free = /^\.\/(protocols|coerce|parse|json)\/|^\.\/(errors|types)\.ts$|^\.\/middleware\/options\.ts$/;
  const reexports = [...index.matchAll(/export (?:(type )?\{([^}]*)\}|\*) from '([^']+)';/g)]
    .filter(([, , , from]) => v4Free.test(from as string))
    .map(([statement, , , from]) => statement.replace(`'${from}'`, `'.${from}'`));
  const presets = FORMATS.map((entry) => entry.preset).sort();
  const lines = [
    '/**',
    ' * toolshim for AI SDK 6 (`ai@6`, `@ai-sdk/provider@3`, `LanguageModelV3`):',
    " * `import { hermesToolMiddleware } from 'toolshim/v3'`. The same middleware as",
    " * the main entry, served with `specificationVersion: 'v3'`, plus the main",
    " * entry's exports that do not depend on AI SDK 7 types (protocols, coercion).",
    ` * ${GENERATED}`,
    ' */',
    "import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';",
    "import { createToolMiddleware as createV4ToolMiddleware } from '../middleware/create-tool-middleware.ts';",
    "import type { ToolMiddlewareOptions } from '../middleware/options.ts';",
    `import { ${presets.map((name) => `${name} as ${name}V4`).join(', ')} } from '../middleware/presets.ts';`,
    "import { toV3Middleware } from './adapt.ts';",
    '',
    ...reexports,
    '',
    '/** `createToolMiddleware` for AI SDK 6: the same options, a V3 middleware. */',
    'export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV3Middleware {',
    '  return toV3Middleware(createV4ToolMiddleware(options));',
    '}',
  ];
  for (const entry of FORMATS) {
    lines.push(
      '',
      `/** ${entry.label}, for AI SDK 6. */`,
      `export const ${entry.preset}: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(${entry.preset}V4);`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const TABLE_START = '<!-- formats:start (generated from the registry by `npm run sync`) -->';
export const TABLE_END = '<!-- formats:end -->';

/** The README's format table: one row per registry entry. */
export function renderFormatTable(): string {
  // Auto reads a format left out of it (`inAuto: false`) only when it prompts in it; the row says which.
  const notInAuto = NATIVE_FORMATS.filter((format) => format.inAuto === false).map((format) => `\`${format.name}\``);
  const autoReads = notInAuto.length === 0 ? 'all above' : `all above (${notInAuto.join(', ')}: if prompted)`;
  // The model's text is in each format's section of src/protocols/README.md, not here: a column of it made
  // every row of this table over 300 characters wide.
  const rows = [
    '| format (`PROTOCOL`) | preset | fits |',
    '| --- | --- | --- |',
    ...FORMATS.map((entry) => {
      const fits = entry.name === 'auto' ? `reads ${autoReads}; teaches Hermes` : entry.models;
      return `| \`${entry.name}\` | \`${entry.preset}\` | ${fits} |`;
    }),
  ];
  return `${TABLE_START}\n${rows.join('\n')}\n${TABLE_END}`;
}

/** `text` with its format table replaced by the current one. */
export function withFormatTable(text: string): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`The file has no ${TABLE_START} … ${TABLE_END} block.`);
  return text.slice(0, start) + renderFormatTable() + text.slice(end + TABLE_END.length);
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * src/test/format-fixtures.ts: every native format's fixtures, found in the
 * formats' folders (`<format>/test/fixtures.ts` exports `<format>Fixtures`
 * and `<format>Tools`; a format may keep its fixtures in a kindred format's
 * folder and share its tools, as gemma does hermes's).
 */
export async function renderFormatFixtures(): Promise<string> {
  const dir = join(root, 'src/protocols');
  const modules = new Map<string, Record<string, unknown>>();
  for (const folder of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const path = join(dir, folder.name, 'test', 'fixtures.ts');
    if (existsSync(path)) modules.set(folder.name, (await import(path)) as Record<string, unknown>);
  }
  const imports = new Map<string, Set<string>>();
  const rows: string[] = [];
  for (const entry of NATIVE_FORMATS) {
    const fixtures = `${camel(entry.name)}Fixtures`;
    const found = [...modules].find(([, namespace]) => fixtures in namespace);
    if (found === undefined)
      throw new Error(`No src/protocols/*/test/fixtures.ts exports ${fixtures}; add the fixtures.`);
    const [folder, namespace] = found;
    const own = `${camel(entry.name)}Tools`;
    const tools = own in namespace ? own : Object.keys(namespace).find((name) => name.endsWith('Tools'));
    if (tools === undefined) throw new Error(`src/protocols/${folder}/test/fixtures.ts exports no tools.`);
    imports.set(folder, (imports.get(folder) ?? new Set()).add(fixtures).add(tools));
    rows.push(`  { format: '${entry.name}', tools: ${tools}, fixtures: ${fixtures} },`);
  }
  return [
    '/**',
    " * Every format's fixtures, by registry name, from each format's folder. The",
    " * format's own tests, the preset/auto parity suite and the provider",
    ' * composition tests read them from here. Data only: safe to import outside a',
    ` * test runner. ${GENERATED}`,
    ' */',
    "import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';",
    ...[...imports]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(
        ([folder, names]) =>
          `import { ${[...names].sort().join(', ')} } from '../protocols/${folder}/test/fixtures.ts';`,
      ),
    "import type { FormatFixture } from './fixtures/tools.ts';",
    '',
    "export type { FormatFixture } from './fixtures/tools.ts';",
    '',
    'export interface FormatFixtureSet {',
    "  /** The format's registry name. */",
    '  format: string;',
    '  tools: LanguageModelV4FunctionTool[];',
    '  fixtures: FormatFixture[];',
    '}',
    '',
    'export const FORMAT_FIXTURES: readonly FormatFixtureSet[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}

/** src/protocols/README.md's list of the formats' folders, each with its README. */
export function renderFormatFolders(): string {
  // The labels quote markup (`<tool_call>`), which Markdown would read as HTML: the models say enough.
  return FORMATS.map((entry) => `- [\`${entry.name}\`](${entry.name}/README.md): ${entry.models}`).join('\n');
}
