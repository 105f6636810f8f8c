/// <reference types="node" />
/**
 * What the format registry (src/protocols/formats.ts, registry.ts) generates:
 * the presets (src/middleware/presets.ts), their AI SDK 6 twins
 * (src/v3/index.ts) and the README's format table. `npm run sync` writes them
 * (.ci/sync-registry.mjs); registry.node.test.ts fails when one is stale, so
 * adding a format is: its protocol file, one registry entry, fixtures, `npm run sync`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMATS, type FormatEntry } from '../protocols/registry.ts';
import { root } from './runtimes/test-files.ts';

const GENERATED = 'Generated from the format registry by `npm run sync`; registry.node.test.ts checks it is current.';

/** `hermesProtocol()` → `hermesProtocol`. */
function factoryName(entry: FormatEntry): string {
  return /^(\w+)\(/.exec(entry.factory)?.[1] ?? entry.factory;
}

/** The protocols/ module that exports `name`. */
function moduleOf(name: string): string {
  const dir = join(root, 'src/protocols');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    if (new RegExp(`export function ${name}\\(`).test(readFileSync(join(dir, file), 'utf8'))) return file;
  }
  throw new Error(`No module in src/protocols exports ${name}.`);
}

function importLines(names: string[], from: (name: string) => string, prefix: string): string[] {
  const byModule = new Map<string, string[]>();
  for (const name of names) byModule.set(from(name), [...(byModule.get(from(name)) ?? []), name]);
  return [...byModule.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([module, list]) => `import { ${list.sort().join(', ')} } from '${prefix}${module}';`);
}

export function renderPresets(): string {
  const factories = FORMATS.map(factoryName);
  const lines = [
    `/** Ready-made middlewares, one per format, every option at its default. ${GENERATED} */`,
    ...importLines(factories, moduleOf, '../protocols/'),
    "import { presetMiddleware } from './create-tool-middleware.ts';",
  ];
  for (const entry of FORMATS) {
    lines.push(
      '',
      `/** ${entry.label}: ${entry.models}. Format name \`${entry.name}\`. */`,
      `export const ${entry.preset} = /* @__PURE__ */ presetMiddleware(/* @__PURE__ */ ${factoryName(entry)}());`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function renderV3(): string {
  const index = readFileSync(join(root, 'src/index.ts'), 'utf8');
  // Main-entry exports whose modules never name AI SDK 7 types (checked by the provider-3 consumer type test).
  const v4Free = /^\.\/(protocols|coerce|parse|json)\/|^\.\/(errors|types)\.ts$|^\.\/middleware\/options\.ts$/;
  const reexports = [...index.matchAll(/export (type )?\{([^}]*)\} from '([^']+)';/g)]
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

const EXAMPLE = { toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Seoul' } };

/** A markdown table cell: code that may hold `|` and line breaks. */
function codeCell(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.replaceAll('|', '\\|'))
      // A line with backticks (a ``` fence) goes in a double-backtick code span.
      .map((line) => (line === '' ? '' : line.includes('`') ? `\`\` ${line} \`\`` : `\`${line}\``))
      .filter((line) => line !== '')
      .join('<br>')
  );
}

export const TABLE_START = '<!-- formats:start (generated from the registry by `npm run sync`) -->';
export const TABLE_END = '<!-- formats:end -->';

/** The README's format table: one row per registry entry. */
export function renderFormatTable(): string {
  const rows = [
    '| format (`PROTOCOL`) | preset | the model writes | fits |',
    '| --- | --- | --- | --- |',
    ...FORMATS.map((entry) => {
      const writes =
        entry.name === 'auto'
          ? 'any of the formats above (taught: Hermes)'
          : codeCell(entry.create().formatToolCall(EXAMPLE));
      return `| \`${entry.name}\` | \`${entry.preset}\` | ${writes} | ${entry.models} |`;
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
