/// <reference types="node" />
/**
 * `npm run size`: min+gzip of each preset import (esbuild, browser), from dist/.
 * The budget is enforced by size.node.test.ts in the `package` suite.
 */
import { budgetFor, bundle, kb, presetBudgetBytes, presetGoalBytes, presetSizes } from './bundle-size.ts';

const rows = [
  ...(await presetSizes('toolshim')),
  ...(await presetSizes('toolshim/v3')).map((s) => ({ ...s, name: `${s.name} (toolshim/v3)` })),
];
const full = await bundle("export * from 'toolshim';");
const engines = await bundle("export * from 'toolshim/engines';");
const server = await bundle("export * from 'toolshim/server';");
console.log(`| import | min | min+gzip | budget |\n|---|---:|---:|---:|`);
for (const row of rows) {
  console.log(
    `| \`${row.name}\` | ${kb(row.minified)} | ${kb(row.gzip)} | ${kb(budgetFor(row.name.split(' ')[0] as string))} |`,
  );
}
console.log(`| everything (\`export * from 'toolshim'\`) | ${kb(full.minified)} | ${kb(full.gzip)} | – |`);
console.log(`| \`toolshim/engines\` (every engine) | ${kb(engines.minified)} | ${kb(engines.gzip)} | – |`);
console.log(
  `| \`toolshim/server\` (the handler, with every format for PROTOCOL) | ${kb(server.minified)} | ${kb(server.gzip)} | – |`,
);
console.log(
  `\nGoal: ${kb(presetGoalBytes)}, enforced budget: ${kb(presetBudgetBytes)} min+gzip per preset (esbuild --bundle --minify, platform browser, gzip -9).`,
);
