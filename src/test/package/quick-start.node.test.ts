/// <reference types="node" />
/**
 * The README's quick start, done as a reader does it: the tarball where the
 * README's install line expects it (`../toolshim/toolshim-0.1.0.tgz`), the
 * README's setup commands run as written in a new folder (`mkdir my-app`,
 * `npm init -y`, `npm pkg set type=module`, `npm install … ai`), the
 * snippet saved as `quickstart.ts`, and each run command of the README. The
 * output must be the README's. npm may use its cache (prefer-offline) and
 * otherwise the registry, as a reader's would.
 *
 * The folders live under .cache/ inside this checkout, so `npx tsx` finds
 * the checkout's own tsx (a devDependency) the way it finds one installed
 * globally, rather than downloading it. Node 20 (the machine's own node):
 * npm installs AI SDK 6 there, and the reader's first type check must say
 * to use `toolshim/v3`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readmeBlock, shellCommands } from '../docs/readme-blocks.ts';
import { root } from '../runtimes/test-files.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';
import { bash, readmeApp } from './readme-app.ts';

const snippet = readmeBlock('quick-start', 'ts');
const runs = shellCommands(readmeBlock('quick-start-run', 'sh'));
const output = readmeBlock('quick-start-output', 'text');

const installedMajor = (app: string, name: string) =>
  Number(JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')).version.split('.')[0]);

/** A tsconfig as a new app has one: strict, with skipLibCheck on (as most templates set it). */
function typeCheck(app: string) {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        types: [],
        lib: ['ES2023', 'DOM'],
      },
      files: ['quickstart.ts'],
    }),
  );
  return spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
}

describe.skipIf(!packageChecks)(`the README quick start, as pasted (${packageChecksSkipReason})`, () => {
  let app = '';
  beforeAll(() => {
    const made = readmeApp('quick-start');
    console.log(`quick start: the README's setup commands took ${made.seconds.toFixed(1)} s`);
    app = made.app;
    writeFileSync(join(app, 'quickstart.ts'), snippet);
  });

  it('the setup installs toolshim from the tarball and AI SDK 7 on Node 24', () => {
    expect(installedMajor(app, 'toolshim')).toBe(0);
    expect(installedMajor(app, 'ai')).toBe(7);
    expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).type).toBe('module');
  });

  it('the README runs it two ways', () => {
    expect(runs).toEqual(['node quickstart.ts', 'npx tsx quickstart.ts']);
  });

  for (const command of runs) {
    it(`\`${command}\` prints what the README shows`, () => {
      const { stdout, seconds } = bash(command, app);
      console.log(`quick start: \`${command}\` took ${seconds.toFixed(1)} s`);
      expect(stdout).toBe(output);
    });
  }

  it('type-checks in the new app', () => {
    const result = typeCheck(app);
    expect(result.status, result.stdout).toBe(0);
  });
});

// The machine's own node, when it is Node 20 (these machines have it; Node 24 comes from the devDependency).
const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path));
const systemMajor = systemNode
  ? Number(execFileSync(systemNode, ['--version'], { encoding: 'utf8' }).slice(1).split('.')[0])
  : 0;

describe.skipIf(!packageChecks || systemMajor !== 20)(
  `Node 20: the README's setup gets AI SDK 6, and the type check says to import toolshim/v3 (${packageChecksSkipReason})`,
  () => {
    let app = '';
    beforeAll(() => {
      // The system's node and npm first, as on a machine with Node 20 only.
      const path = [dirname(systemNode as string), process.env.PATH ?? ''].join(delimiter);
      app = readmeApp('quick-start-node20', { PATH: path }).app;
      writeFileSync(join(app, 'quickstart.ts'), snippet);
    });

    it('npm on Node 20 installs ai@6', () => {
      expect(installedMajor(app, 'ai')).toBe(6);
    });

    it('the first type check fails at the middleware, naming toolshim/v3', () => {
      const result = typeCheck(app);
      expect(result.status).not.toBe(0);
      expect(result.stdout).toMatch(/quickstart\.ts\(\d+,\d+\): error TS2322/);
      expect(result.stdout).toContain('with AI SDK 6 import the same names from \\"toolshim/v3\\"');
    });
  },
);
