// `npm run sync`: writes what the format registry generates (see
// src/test/registry-sync.ts): src/middleware/presets.ts, src/v3/index.ts,
// src/protocols/format-triggers.ts and the README's format table, then formats
// them with biome. Run it after adding or changing a format;
// registry.node.test.ts fails while they are stale.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderFormatTriggers, renderPresets, renderV3, withFormatTable } from '../src/test/registry-sync.ts';

const written = {
  'src/middleware/presets.ts': await renderPresets(),
  'src/v3/index.ts': renderV3(),
  'src/protocols/format-triggers.ts': await renderFormatTriggers(),
  'README.md': withFormatTable(readFileSync('README.md', 'utf8')),
};
for (const [path, text] of Object.entries(written)) writeFileSync(path, text);
execFileSync('biome', ['format', '--write', ...Object.keys(written)], { stdio: 'inherit' });
console.log('presets, toolshim/v3 twins, auto trigger list and the README format table written from the registry');
