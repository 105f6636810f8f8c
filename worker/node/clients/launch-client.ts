/// <reference types="node" />
/**
 * How `toolshim claude|codex|gemini` finds its client and runs it: the
 * binary, the environment it gets (without the user's real API keys, which
 * would otherwise be sent to the proxy or handed to the model's shell tool),
 * and the exit code passed on. How each client is pointed at the proxy is
 * its own file beside this one (client-table.ts lists them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { SECRET_VARIABLES } from '../../../src/server.ts';
import { CLIENTS, type ClientName } from './client-table.ts';
import type { Launch } from './launch.ts';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The client's executable: the project's own node_modules/.bin first (cwd,
 * then toolshim's package, then the folder toolshim is installed in), then
 * PATH. `undefined` when none is found.
 */
export function findClient(
  name: ClientName,
  { cwd, packageRoot, path }: { cwd: string; packageRoot: string; path: string },
): string | undefined {
  const { binary } = CLIENTS[name];
  const local = [join(cwd, 'node_modules', '.bin'), join(packageRoot, 'node_modules', '.bin')];
  // Installed as a dependency, toolshim sits in <app>/node_modules/toolshim: its neighbours' bins are one up.
  if (basename(dirname(packageRoot)) === 'node_modules') local.push(join(dirname(packageRoot), '.bin'));
  const onPath = path.split(delimiter).filter((dir) => dir !== '');
  return [...local, ...onPath].map((dir) => join(dir, binary)).find(executable);
}

export function notInstalledMessage(name: ClientName): string {
  const { title, install, binary } = CLIENTS[name];
  return `${title} is not installed: ${install} (or npx toolshim ${binary} after installing it)`;
}

/**
 * What the client is not given: the proxy's own secrets (the upstream key,
 * the token from the user's environment) and the credentials of hosted
 * providers, which the client would otherwise send elsewhere or hand to the
 * model's shell tool. It gets its token for this run from the launch instead.
 */
export const WITHHELD_VARIABLES: readonly string[] = [
  ...SECRET_VARIABLES,
  'OPENAI_API_KEY',
  'CODEX_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
];

/** The child's environment: ours without the withheld variables, with the launch's changes. */
export function childEnvironment(
  base: Record<string, string | undefined>,
  changes: Record<string, string | undefined>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !WITHHELD_VARIABLES.includes(name)) env[name] = value;
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * Runs the client on the terminal and resolves with the exit code to pass on
 * (128 + the signal's number when it was killed by one, as shells report it).
 * Ctrl-C reaches the client directly (same process group): it decides what
 * an interrupt means, so ours is ignored while it runs.
 */
export function runClient(binary: string, launch: Launch, base: Record<string, string | undefined>): Promise<number> {
  const child: ChildProcess = spawn(binary, launch.args, {
    stdio: 'inherit',
    env: childEnvironment(base, launch.env),
  });
  const ignore = () => {};
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward('SIGTERM');
  const onHup = forward('SIGHUP');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onHup);
  return new Promise((resolve) => {
    const finish = (code: number) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', onHup);
      resolve(code);
    };
    child.once('error', (error) => {
      console.error(`toolshim: could not start ${binary}: ${error.message}`);
      finish(127);
    });
    child.once('exit', (code, signal) => {
      finish(code ?? 128 + (signal ? osConstants.signals[signal] : 0));
    });
  });
}
