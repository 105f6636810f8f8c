/// <reference types="node" />
/**
 * The README's offline agent commands (`<!-- agent-offline -->`), run as
 * written in the app folder the README has a reader make (my-app, the
 * tarball installed there), with the real clients: the pinned
 * @anthropic-ai/claude-code, @openai/codex and @google/gemini-cli of this
 * checkout, found on PATH as a user's global install would be. Each runs the
 * client's shell tool through the proxy on the scripted sample model and
 * prints the listing of my-app; the client prints no warning about a model it
 * does not know, and the answer quotes only what `ls` printed, not the
 * client's report around it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionFolder } from '../../../worker/e2e/agents/scratch.ts';
import { readmeBlock, shellCommands } from '../docs/readme-blocks.ts';
import { root } from '../runtimes/test-files.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';
import { bash, readmeApp } from './readme-app.ts';

const clients = join(root, 'node_modules/.bin');
const haveClients = ['claude', 'codex', 'gemini'].every((name) => existsSync(join(clients, name)));
const commands = shellCommands(readmeBlock('agent-offline', 'sh'));

/** What the clients print about a model they do not know, and the report they write around a shell result. */
const NOT_SHOWN = [
  "doesn't recognize the model",
  'unrecognized_model',
  'Model metadata for',
  'Chunk ID',
  'Wall time',
  'Process Group PGID',
  'untrusted_context',
  'Output:',
];

/** A scratch home per client, with what keeps it off the network where no flag of the README's can. */
function homeFor(client: string): { env: Record<string, string>; remove: () => void } {
  if (client === 'codex') {
    // Codex's terminal sessions refuse a CODEX_HOME under the system temp folder (its sandbox helper).
    const home = sessionFolder('readme-codex');
    // Its plugin and analytics hosts, which it would look up (no network here).
    writeFileSync(join(home, 'config.toml'), '[features]\nplugins = false\n\n[analytics]\nenabled = false\n');
    return { env: { CODEX_HOME: home }, remove: () => rmSync(home, { recursive: true, force: true }) };
  }
  const home = mkdtempSync(join(tmpdir(), `toolshim-${client}-home-`));
  const env: Record<string, string> = { HOME: home };
  if (client === 'claude')
    Object.assign(env, { DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' });
  return { env, remove: () => rmSync(home, { recursive: true, force: true }) };
}

describe.skipIf(!packageChecks || !haveClients)(
  `the README's offline agent commands, in the README's app folder (${packageChecksSkipReason})`,
  () => {
    let app = '';
    beforeAll(() => {
      app = readmeApp('agent-commands').app;
    });

    it('the README shows one per client: claude, codex and gemini', () => {
      expect(commands.map((command) => command.split(' ')[2])).toEqual(['claude', 'codex', 'gemini']);
    });

    for (const command of commands) {
      it(`\`${command}\`: the client runs \`ls\` through the proxy and quotes only its listing, with no warning`, () => {
        const client = command.split(' ')[2] as string;
        const home = homeFor(client);
        try {
          const run = bash(
            command,
            app,
            { ...home.env, PATH: `${clients}:${process.env.PATH}`, REPLAY_DELAY_MS: '0' },
            150_000,
          );
          console.log(`README agent command: \`${command}\` took ${run.seconds.toFixed(1)} s`);
          expect(run.stderr).toContain('toolshim listening on http://127.0.0.1:');
          expect(run.stdout).toMatch(/package\.json[\s\S]*```/);
          expect(run.stdout).toContain('node_modules');
          for (const shown of NOT_SHOWN) expect(`${run.stdout}\n${run.stderr}`).not.toContain(shown);
        } finally {
          home.remove();
        }
      });
    }
  },
);
