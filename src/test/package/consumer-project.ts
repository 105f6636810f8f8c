/// <reference types="node" />
/**
 * The packed tarball installed into a fresh consumer project (offline:
 * toolshim has no dependencies; what a test needs besides, such as ai, is
 * linked from this checkout). Shared by the package suite's test files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../runtimes/test-files.ts';

export function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** A consumer project with the tarball installed and `links` (name → folder in this checkout) linked in. */
export function consumerProject(tarball: string, links: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshim-consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tarball], dir);
  for (const [name, target] of Object.entries(links)) {
    mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', target), join(dir, 'node_modules', name), 'dir');
  }
  cpSync(join(root, 'src/test/package/consumer'), dir, { recursive: true });
  // The type tests are stored as .ts.txt so the checkout's own tsc (which resolves 'toolshim' differently) skips them.
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts.txt'))) {
    renameSync(join(dir, file), join(dir, file.slice(0, -'.txt'.length)));
  }
  return dir;
}

/** `npm pack` of this checkout (dist/ must be built) into a temp folder; the tarball's path. */
export function packTarball(): string {
  const packDir = mkdtempSync(join(tmpdir(), 'toolshim-pack-'));
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], {
    cwd: root,
    encoding: 'utf8',
  });
  return join(packDir, name.trim().split('\n').pop() as string);
}
