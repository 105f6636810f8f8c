// `npm run build`: dist/ from src/ with tsc (JS + .d.ts), and one fix-up
// (npm packs the top-level LICENSE by itself):
// src/v3 names the AI SDK 6 types through the dev-only alias
// `@ai-sdk/provider-v3`; consumers have them as the peer `@ai-sdk/provider`
// (3.x, or 4.x which still exports the V3 types), so the emitted .d.ts must
// say `@ai-sdk/provider`. The packaging test type-checks a consumer against both.
// Then the `toolshim` command (package.json "bin"): worker/node/ bundled by
// esbuild into dist/cli/cli.js for Node 20, its imports of src/ entry points
// pointed at the built dist/ files, so the command runs the same code as the
// library and ships no second copy of it.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
execFileSync(join('node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { stdio: 'inherit' });

const files = readdirSync('dist', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name));
let rewritten = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('@ai-sdk/provider-v3')) continue;
  if (!file.endsWith('.d.ts'))
    throw new Error(`${file} imports @ai-sdk/provider-v3 at runtime; src/v3 may use it for types only.`);
  writeFileSync(file, text.replaceAll("'@ai-sdk/provider-v3'", "'@ai-sdk/provider'"));
  rewritten++;
}
// Only the package's public entries: the command uses toolshim as any consumer would.
const entries = new Set(['server.ts', 'index.ts', 'engines.ts']);
const srcAsDist = {
  name: 'src-as-dist',
  setup(b) {
    b.onResolve({ filter: /\/src\// }, (args) => {
      const target = relative(resolve('src'), resolve(args.resolveDir, args.path));
      if (!entries.has(target))
        throw new Error(`${args.importer} imports src/${target}; the CLI may import only ${[...entries].join(', ')}.`);
      return { path: `../${target.replace(/\.ts$/, '.js')}`, external: true };
    });
  },
};
await build({
  entryPoints: ['worker/node/cli.ts'],
  outfile: 'dist/cli/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [srcAsDist],
  logLevel: 'warning',
});
chmodSync('dist/cli/cli.js', 0o755);

console.log(`dist: ${files.length} files; ${rewritten} .d.ts now import V3 types from the peer @ai-sdk/provider`);
