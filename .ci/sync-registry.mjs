// `npm run sync`: writes what the format registry generates (see
// src/test/registry-sync.ts): src/middleware/presets.ts, src/v3/index.ts and
// the README's format table, then formats them with biome. Run it after adding
// or changing a format; registry.node.test.ts fails while they are stale.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderPresets, renderV3, withFormatTable } from '../src/test/registry-sync.ts';

writeFileSync('src/middleware/presets.ts', renderPresets());
writeFileSync('src/v3/index.ts', renderV3());
writeFileSync('README.md', withFormatTable(readFileSync('README.md', 'utf8')));
execFileSync('biome', ['format', '--write', 'src/middleware/presets.ts', 'src/v3/index.ts', 'README.md'], {
  stdio: 'inherit',
});
console.log('presets, toolshim/v3 twins and the README format table written from the registry');
