// `npm run sync`: writes what is generated from a single declaration, then
// formats it with biome; the tests fail while any of it is stale.
// - From the format registry (.ci/sync/registry.ts): src/middleware/presets.ts,
//   src/protocols/factories.ts (every format's factory, for the main entry), src/v3/index.ts, src/protocols/format-triggers.ts, the README's format table, and
//   src/test/format-fixtures.ts from the fixtures in each format's folder.
// - From the settings rows (.ci/sync/settings-docs.ts): the flags and variables
//   table of worker/README.md, the variables table of src/server/README.md and the
//   variable comments of worker/cloudflare/wrangler.jsonc.
// - From the formats' model names (.ci/sync/model-names-docs.ts): worker/README.md's model-name table.
// - From the corpus (.ci/sync/corpus-docs.ts): the "Corpus cases" line of each format's README.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { NATIVE_FORMATS } from '../src/protocols/formats.ts';
import { withCorpusLine } from './sync/corpus-docs.ts';
import { markdownMarkers, withBlock } from './sync/generated-block.ts';
import { MODEL_NAMES_BLOCK, renderModelNameTable } from './sync/model-names-docs.ts';
import {
  renderFactories,
  renderFormatFixtures,
  renderFormatFolders,
  renderFormatTriggers,
  renderPresets,
  renderV3,
  withFormatTable,
} from './sync/registry.ts';
import {
  COMMANDS_BLOCK,
  FLAGS_BLOCK,
  renderCommandsTable,
  renderFlagsTable,
  renderVariablesTable,
  renderWranglerComments,
  VARIABLES_BLOCK,
  WRANGLER_BLOCK,
} from './sync/settings-docs.ts';

// The command's flags and model names in its page; every variable in the proxy's manual.
const withBlocks = (path, blocks) =>
  blocks.reduce((text, [markers, body]) => withBlock(text, markers, body), readFileSync(path, 'utf8'));
const command = 'worker/README.md';
const manual = 'src/server/README.md';
const protocolsReadme = 'src/protocols/README.md';
const FOLDERS_BLOCK = markdownMarkers('format-folders', 'the registry');
const written = {
  'src/middleware/presets.ts': await renderPresets(),
  'src/protocols/factories.ts': await renderFactories(),
  'src/v3/index.ts': renderV3(),
  'src/protocols/format-triggers.ts': await renderFormatTriggers(),
  'src/test/format-fixtures.ts': await renderFormatFixtures(),
  'README.md': withFormatTable(readFileSync('README.md', 'utf8')),
  [command]: withBlocks(command, [
    [COMMANDS_BLOCK, renderCommandsTable()],
    [FLAGS_BLOCK, renderFlagsTable()],
    [MODEL_NAMES_BLOCK, renderModelNameTable()],
  ]),
  [manual]: withBlocks(manual, [[VARIABLES_BLOCK, renderVariablesTable()]]),
  [protocolsReadme]: withBlock(readFileSync(protocolsReadme, 'utf8'), FOLDERS_BLOCK, renderFormatFolders()),
};
// Each format's README: its corpus count, from the corpus.
for (const { name } of NATIVE_FORMATS) {
  const readme = `src/protocols/${name}/README.md`;
  written[readme] = withCorpusLine(readFileSync(readme, 'utf8'), name);
}
for (const [path, text] of Object.entries(written)) writeFileSync(path, text);
// JSONC is written as it is: biome keeps the comments, and the block's lines are already indented.
const wrangler = 'worker/cloudflare/wrangler.jsonc';
writeFileSync(wrangler, withBlock(readFileSync(wrangler, 'utf8'), WRANGLER_BLOCK, renderWranglerComments()));
execFileSync('biome', ['format', '--write', ...Object.keys(written)], { stdio: 'inherit' });
console.log('written: the registry presets, toolshim/v3 twins, auto trigger list, format table; the settings tables');
