/// <reference types="node" />
/**
 * What ships: dist/ (from `npm run build`) has JS and .d.ts for both entries,
 * publint and Are-the-Types-Wrong find nothing in the packed tarball, and the
 * sources bundle for the browser and for a neutral platform with no Node
 * built-in anywhere in them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';

const bin = (name: string) => join(root, 'node_modules/.bin', name);
const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Fails the bundle on any import of a Node built-in, naming the importer. */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      nodeBuiltins.has(args.path) || args.path.startsWith('node:')
        ? {
            errors: [
              { text: `${args.importer} imports the Node built-in "${args.path}"; src/ must use Web APIs only` },
            ],
          }
        : undefined,
    );
  },
};

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', env: process.env });
}

describe.skipIf(!packageChecks)(`the shipped package (${packageChecksSkipReason})`, () => {
  let tarball = '';
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshim-pack-'));
    const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    tarball = join(dir, name.split('\n').pop() as string);
  });

  it('dist has JS and .d.ts for toolshim, toolshim/engines, toolshim/server and toolshim/v3, and no test code', () => {
    for (const file of ['index', 'engines', 'server', 'v3/index'].flatMap((e) => [`${e}.js`, `${e}.d.ts`])) {
      expect(existsSync(join(root, 'dist', file)), `dist/${file}`).toBe(true);
    }
    const files = readdirSync(join(root, 'dist'), { recursive: true }).map(String);
    expect(files.filter((f) => /test|bench|examples/.test(f))).toEqual([]);
  });

  it('the V3 declarations name the peer @ai-sdk/provider, never the dev-only alias', () => {
    const v3 = readFileSync(join(root, 'dist/v3/index.d.ts'), 'utf8');
    expect(v3).toContain("from '@ai-sdk/provider'");
    const all = readdirSync(join(root, 'dist'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'));
    for (const file of all) expect(readFileSync(join(root, 'dist', file), 'utf8')).not.toContain('provider-v3');
  });

  const listing = () =>
    execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((path) => path.replace(/^package\//, ''));
  /** The documents the README links to, shipped so that its links resolve inside the package too. */
  const shippedDocs = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }
  ).files.filter((entry) => entry !== 'dist');

  // A `files` entry as a pattern: a star is any name, two stars and a slash any folders (npm globs, as package.json uses them).
  const patternOf = (entry: string): RegExp => {
    // The entries are paths: dots are the only other character with a meaning in a pattern.
    const source = entry
      .replaceAll('.', '\\.')
      .split('**/')
      .map((part) => part.replaceAll('*', '[^/]*'))
      .join('(?:.*/)?');
    return new RegExp(`^${source}$`);
  };
  const patterns = shippedDocs.map(patternOf);

  it('the tarball ships dist, package.json, the README, the LICENSE and the documents it links to, nothing else', () => {
    const outside = listing().filter(
      (path) =>
        !/^(dist\/|package\.json$|README\.md$|LICENSE$)/.test(path) && !patterns.some((pattern) => pattern.test(path)),
    );
    expect(outside).toEqual([]);
  });

  it('the tarball carries the MIT license text (the top-level LICENSE, which npm packs by itself)', () => {
    expect(listing()).toContain('LICENSE');
    const license = execFileSync('tar', ['-xzOf', tarball, 'package/LICENSE'], { encoding: 'utf8' });
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(license).toContain('Permission is hereby granted, free of charge');
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });

  it('every relative link and image of the README names a file in the tarball (the registry page has no repository to resolve them against)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => (m[1] as string).split('#')[0] as string)
      .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(5);
    const shipped = listing();
    expect(targets.filter((target) => !shipped.includes(target))).toEqual([]);
  });

  it('publint --strict finds nothing', () => {
    const result = run(bin('publint'), ['run', tarball, '--strict']);
    expect(result.stdout + result.stderr).toContain('All good');
    expect(result.status).toBe(0);
  });

  it('Are the Types Wrong finds nothing (esm-only profile: toolshim ships ESM only)', () => {
    const result = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  for (const platform of ['browser', 'neutral'] as const) {
    it(`every entry point (src/index.ts, engines.ts, server.ts, v3/index.ts) bundles for platform "${platform}" with no Node built-in`, async () => {
      const result = await build({
        entryPoints: ['src/index.ts', 'src/engines.ts', 'src/server.ts', 'src/v3/index.ts'].map((e) => join(root, e)),
        outdir: join(root, '.cache/no-node', platform),
        bundle: true,
        platform,
        format: 'esm',
        write: false,
        logLevel: 'silent',
        plugins: [noNodeBuiltins],
        // Type-only imports vanish; a runtime import of the peer would be legal, but src has none today.
        external: ['@ai-sdk/provider'],
      });
      expect(result.errors).toEqual([]);
      for (const file of result.outputFiles) expect(file.text).not.toMatch(/from\s*["']node:|require\(["']/);
    });
  }

  it('the lint rules that keep src/ Node-free are active (a probe under src/ of a project extending biome.json is rejected)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshim-lint-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'biome.json'), JSON.stringify({ extends: [join(root, 'biome.json')] }));
    writeFileSync(
      join(dir, 'src/probe.ts'),
      "import { readFileSync } from 'node:fs';\nexport const a = [process.env.X, Buffer.from(''), require('x'), readFileSync];\n",
    );
    const result = spawnSync(bin('biome'), ['lint', 'src/probe.ts'], { cwd: dir, encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    expect(output.match(/lint\/correctness\/noNodejsModules/g)?.length).toBe(1);
    expect(output.match(/lint\/style\/noRestrictedGlobals/g)?.length).toBe(3);
  });

  it('src/ passes those lint rules', () => {
    // Other lint findings are the lint step's business; this check is about Node-freedom only.
    const result = run(bin('biome'), ['lint', '--max-diagnostics=10000', 'src']);
    const output = result.stdout + result.stderr;
    expect(output.match(/^.*lint\/(correctness\/noNodejsModules|style\/noRestrictedGlobals).*$/gm) ?? []).toEqual([]);
  });
});
