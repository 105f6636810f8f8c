/// <reference types="node" />
/**
 * `npm run size`: min+gzip of each preset import (esbuild, browser), from dist/,
 * printed and written to src/test/package/SIZES.md (which the READMEs link).
 * The budget is enforced by size.node.test.ts in the `package` suite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeResults } from '../results-file.ts';
import { root } from '../runtimes/test-files.ts';
import { budgetFor, bundle, kb, presetBudgetBytes, presetGoalBytes, presetSizes } from './bundle-size.ts';

const rows = [
  ...(await presetSizes('toolshim')),
  ...(await presetSizes('toolshim/v3')).map((s) => ({ ...s, name: `${s.name} (toolshim/v3)` })),
];
const full = await bundle("export * from 'toolshim';");
const engines = await bundle("export * from 'toolshim/engines';");
const server = await bundle("export * from 'toolshim/server';");
// For scale, measured the same way: the peer's Hermes middleware, and the AI SDK's wrapLanguageModel alone.
const peer = await bundle("export { hermesToolMiddleware } from '@ai-sdk-tool/parser';");
const wrap = await bundle("export { wrapLanguageModel } from 'ai';");
const version = (name: string) =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const table = [
  '| import | min | min+gzip | budget |',
  '|---|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| \`${row.name}\` | ${kb(row.minified)} | ${kb(row.gzip)} | ${kb(budgetFor(row.name.split(' ')[0] as string))} |`,
  ),
  `| everything (\`export * from 'toolshim'\`) | ${kb(full.minified)} | ${kb(full.gzip)} | – |`,
  `| \`toolshim/engines\` (every engine) | ${kb(engines.minified)} | ${kb(engines.gzip)} | – |`,
  `| \`toolshim/server\` (the handler, with every format for PROTOCOL) | ${kb(server.minified)} | ${kb(server.gzip)} | – |`,
  `| for scale: \`hermesToolMiddleware\` of @ai-sdk-tool/parser ${version('@ai-sdk-tool/parser')} | ${kb(peer.minified)} | ${kb(peer.gzip)} | – |`,
  `| for scale: \`wrapLanguageModel\` of ai ${version('ai')} alone | ${kb(wrap.minified)} | ${kb(wrap.gzip)} | – |`,
  '',
  `Goal: ${kb(presetGoalBytes)}, enforced budget: ${kb(presetBudgetBytes)} min+gzip per preset (esbuild --bundle --minify, platform browser, gzip -9); size.node.test.ts fails past the budget.`,
].join('\n');
console.log(table);
const results = writeResults({
  file: 'src/test/package/SIZES.md',
  fileTitle: 'Bundle sizes',
  id: 'sizes',
  heading: 'One import each, from dist/, bundled for the browser',
  command: 'npm run size',
  body: table,
});
console.log(`\nResults: ${results}`);
