// The layer check (part of `npm run lint`): imports in src/ point down.
//
//   json (leaf) <- coerce <- parse <- protocols <- middleware <- v3
//   wire (OpenAI types) <- engines, server
//
// A rule names a folder that must not import another. Test files and test
// harnesses (src/test) are exempt: a test may reach anywhere. Prints every
// offending import with the fix, and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** [from, to, why]: files under src/<from>/ must not import from src/<to>/. */
const RULES = [
  ['json', 'coerce', 'json/ is the leaf both coerce/ and parse/ use'],
  ['json', 'parse', 'json/ is the leaf both coerce/ and parse/ use'],
  ['coerce', 'parse', 'parse/ uses coerce/, not the other way round'],
  ['parse', 'protocols', 'parse/ owns the parser event types; protocols/ builds on parse/'],
  ['parse', 'middleware', 'parse/ knows nothing of the AI SDK middleware'],
  ['protocols', 'middleware', 'middleware/ uses protocols/, not the other way round'],
  ['coerce', 'middleware', 'coerce/ is below the middleware'],
  ['engines', 'server', 'the OpenAI wire format lives in wire/, below both the HTTP handler and the engines'],
  ['wire', 'server', 'wire/ is below the HTTP handler'],
  ['wire', 'engines', 'wire/ is below the engines'],
  ['parse', 'server', 'the parser knows nothing of the server'],
  ['protocols', 'server', 'protocols know nothing of the server'],
  ['middleware', 'server', 'the middleware knows nothing of the server'],
  ['middleware', 'engines', 'the middleware knows nothing of the engines'],
];

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

function sourceFiles(directory) {
  const files = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (path !== join(src, 'test')) files.push(...sourceFiles(path));
    } else if (name.endsWith('.ts') && !/\.test\.ts$/.test(name)) files.push(path);
  }
  return files;
}

const layerOf = (path) => relative(src, path).split('/')[0];
const problems = [];
let imports = 0;
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    imports += 1;
    const from = layerOf(file);
    const to = layerOf(join(dirname(file), match[1]));
    const rule = RULES.find(([a, b]) => a === from && b === to);
    if (rule)
      problems.push(`${relative(root, file)} imports '${match[1]}': ${from}/ must not import ${to}/ (${rule[2]}).`);
  }
}

if (problems.length > 0) {
  console.error(`Layer check: ${problems.length} import(s) point up.\n  ${problems.join('\n  ')}`);
  console.error('Move the shared piece down (or the importing code up), then run node .ci/check-layers.mjs again.');
  process.exitCode = 1;
} else {
  console.log(`Layer check: ${imports} relative imports in src/, none points up (${RULES.length} rules).`);
}
