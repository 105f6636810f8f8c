/**
 * Where a session's folders (its HOME, CODEX_HOME and work folder) go: not
 * under the system temp folder, because Codex 0.169 sets up no sandbox
 * helper for a CODEX_HOME there ("Refusing to create helper binaries under
 * temporary dir /tmp"), and its terminal sessions need one. The checkout's
 * .cache/ serves, unless the checkout itself is under the temp folder (a CI
 * clone in /tmp failed so); then the user's ~/.cache.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { root } from '../wrangler.ts';

function scratchRoot(): string {
  const inTemp = !relative(tmpdir(), root).startsWith('..');
  return inTemp ? join(homedir(), '.cache', 'toolshim-agents') : join(root, '.cache', 'agents');
}

/** A fresh folder for one session, named after `prefix`. */
export function sessionFolder(prefix: string): string {
  const base = scratchRoot();
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${prefix}-`));
}
