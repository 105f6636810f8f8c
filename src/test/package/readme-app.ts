/// <reference types="node" />
/**
 * The app folder the README has a reader make: the packed tarball where the
 * README's install line expects it (`../toolshim/toolshim-0.1.0.tgz`), then
 * the README's setup commands run as written, making `my-app`. The folders
 * live under .cache/ inside this checkout, so `npx tsx` finds the checkout's
 * own tsx (a devDependency) the way it finds one installed globally.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readmeBlock } from '../docs/readme-blocks.ts';
import { root } from '../runtimes/test-files.ts';

export const setup = readmeBlock('quick-start-setup', 'sh');
/** npm may use its cache (prefer-offline) and otherwise the registry, as a reader's would. */
const quiet = {
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/** Runs a README shell block with bash, as pasted into a terminal in `cwd`; returns stdout and the seconds it took. */
export function bash(script: string, cwd: string, env: Record<string, string> = {}, timeout = 240_000) {
  const started = performance.now();
  const result = spawnSync('bash', ['-e', '-c', script], {
    cwd,
    encoding: 'utf8',
    input: '',
    env: { ...process.env, ...quiet, ...env },
    timeout,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`\`${script}\` exited ${result.status} in ${cwd}\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr, seconds };
}

/**
 * `bash` without blocking this process: for commands that talk to a server
 * running in it (a scripted model server), which a blocked event loop could not answer.
 */
export function bashAsync(script: string, cwd: string, env: Record<string, string> = {}, timeout = 240_000) {
  const started = performance.now();
  return new Promise<{ stdout: string; stderr: string; seconds: number }>((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env: { ...process.env, ...quiet, ...env }, timeout });
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ stdout, stderr, seconds });
      else reject(new Error(`\`${script}\` exited ${code} in ${cwd}\n${stdout}\n${stderr}`));
    });
  });
}

/** A folder with the packed tarball where the README's install line looks for it; returns the folder. */
export function besideTheClone(name: string): string {
  const base = join(root, '.cache', name);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(join(base, 'toolshim'), { recursive: true });
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', join(base, 'toolshim')], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop() as string;
  // The README names the tarball; a version bump must update it.
  expect(setup).toContain(`../toolshim/${packed}`);
  return base;
}

/** The README's `my-app`, made as the README says, beside a fresh tarball; returns its path. */
export function readmeApp(name: string, env: Record<string, string> = {}): { app: string; seconds: number } {
  const base = besideTheClone(name);
  const { seconds } = bash(setup, base, env);
  return { app: join(base, 'my-app'), seconds };
}
