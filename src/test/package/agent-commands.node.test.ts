/// <reference types="node" />
/**
 * The README's agent commands from the packed tarball, with the real
 * clients (the pinned @anthropic-ai/claude-code and @openai/codex of this
 * checkout, found on PATH as a user's global install would be) on the
 * embedded offline sample model: `toolshim claude -p "run `ls`"` and
 * `toolshim codex exec "run `ls`"` each run the client's shell tool through
 * the proxy and print the listing. Offline: no --upstream.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionFolder } from '../../../worker/e2e/agents/scratch.ts';
import { root } from '../runtimes/test-files.ts';
import { consumerProject, packTarball } from './consumer-project.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';

const clients = join(root, 'node_modules/.bin');
const haveClients = existsSync(join(clients, 'claude')) && existsSync(join(clients, 'codex'));

describe.skipIf(!packageChecks || !haveClients)(
  `npx toolshim claude|codex from the tarball, on the sample model (${packageChecksSkipReason})`,
  () => {
    let app = '';
    let work = '';
    beforeAll(() => {
      if (!existsSync(join(root, 'dist/cli/cli.js'))) throw new Error('dist/ is missing: run `npm run build` first.');
      app = consumerProject(packTarball(), {});
      // The folder the agent works in, with a file its `ls` must show.
      work = mkdtempSync(join(tmpdir(), 'toolshim-agent-work-'));
      writeFileSync(join(work, 'marker-7f3e.txt'), 'hello\n');
    });

    /** Runs the installed bin in the work folder; the clients come from PATH, the Node from this one. */
    function toolshim(args: string[], env: Record<string, string>) {
      return spawnSync(join(app, 'node_modules/.bin/toolshim'), args, {
        cwd: work,
        encoding: 'utf8',
        timeout: 150_000,
        input: '',
        env: { ...process.env, PATH: `${clients}:${process.env.PATH}`, REPLAY_DELAY_MS: '0', ...env },
      });
    }

    it('toolshim claude -p "run `ls`": Claude Code runs Bash through the proxy and answers with the listing', () => {
      const home = mkdtempSync(join(tmpdir(), 'toolshim-claude-home-'));
      const run = toolshim(['claude', '-p', 'run `ls`', '--allowedTools', 'Bash'], {
        HOME: home,
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain('toolshim listening on http://127.0.0.1:');
      expect(run.stdout).toContain('marker-7f3e.txt');
    });

    it('toolshim codex exec "run `ls`": Codex runs its shell tool through the proxy and answers with the listing', () => {
      // Codex's terminal sessions refuse a CODEX_HOME under the system temp folder (its sandbox helper).
      const home = sessionFolder('tarball-codex');
      try {
        const run = toolshim(
          // The two -c keep Codex from looking up its plugin and analytics hosts (no network here).
          [
            'codex',
            '-c',
            'features.plugins=false',
            '-c',
            'analytics.enabled=false',
            'exec',
            '--skip-git-repo-check',
            'run `ls`',
          ],
          { CODEX_HOME: home },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('marker-7f3e.txt');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });
  },
);
