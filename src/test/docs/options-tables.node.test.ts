/// <reference types="node" />
/**
 * Every public option is documented: the option tables of the READMEs list
 * exactly the fields of the interfaces they document, read from the source,
 * so an option added (or removed) without its docs fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The field names of `export interface name { … }` in a source file (top-level fields only). */
function fieldsOf(file: string, name: string): string[] {
  const source = read(file);
  const start = source.indexOf(`export interface ${name} {`);
  expect(start, `${file} declares ${name}`).toBeGreaterThanOrEqual(0);
  const body = source.slice(start, source.indexOf('\n}', start));
  const fields = [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((match) => match[1] as string).sort();
  expect(fields.length, `${name} has fields`).toBeGreaterThan(2);
  return fields;
}

/** The first cells (`code`) of the table that follows `after` in a README. */
function tableNames(file: string, after: string): string[] {
  const text = read(file);
  const from = text.indexOf(after);
  expect(from, `${file} has "${after}"`).toBeGreaterThanOrEqual(0);
  const table =
    text
      .slice(from)
      .split('\n\n')
      .find((block) => block.startsWith('|')) ?? '';
  const names = [...table.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1] as string).sort();
  expect(names.length, `the table after "${after}" in ${file}`).toBeGreaterThan(2);
  return names;
}

describe('README option tables list every option', () => {
  const middleware = fieldsOf('src/middleware/options.ts', 'ToolMiddlewareOptions');

  it('createToolMiddleware: src/middleware/README.md, the full reference', () => {
    expect(tableNames('src/middleware/README.md', '### `createToolMiddleware(options)`')).toEqual(middleware);
  });

  it('fromChatEngine: src/engines/README.md', () => {
    expect(tableNames('src/engines/README.md', '`fromChatEngine(engine, options)`:')).toEqual(
      fieldsOf('src/engines/chat-engine.ts', 'FromChatEngineOptions'),
    );
  });

  // The proxy's variables and flags are generated from their rows: worker/node/settings-docs.test.ts.

  it('createProxyHandler: src/server/README.md, The handler elsewhere', () => {
    expect(tableNames('src/server/README.md', 'The options of `createProxyHandler`')).toEqual(
      fieldsOf('src/server/core/options.ts', 'ProxyHandlerOptions'),
    );
  });
});
