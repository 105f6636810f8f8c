/// <reference types="node" />
/**
 * The README's agent commands, run as written in the app folder the README
 * has a reader make (my-app, the tarball installed there), with the real
 * clients: the pinned @anthropic-ai/claude-code, @openai/codex and
 * @google/gemini-cli of this checkout, found on PATH as a user's global
 * install would be.
 * - The offline ones (`<!-- agent-offline -->`): each runs the client's shell
 *   tool through the proxy on the scripted sample model and prints the
 *   listing of my-app; the client prints no warning about a model it does not
 *   know, and the answer quotes only what `ls` printed, not the client's
 *   report around it.
 * - The ones for a model server (`<!-- agent-upstream -->`): a scripted server
 *   listens where the command's `--upstream` preset looks (Ollama's 11434,
 *   llama.cpp's 8080, LM Studio's 1234, vLLM's 8000) and each client gets its
 *   answer; `serve` listens on :8787 and answers through it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionFolder } from '../../../worker/e2e/agents/scratch.ts';
import { startUpstream } from '../../../worker/e2e/agents/upstream.ts';
import { UPSTREAM_PRESETS } from '../../../worker/node/upstream-presets.ts';
import { readmeBlock, shellCommands } from '../docs/readme-blocks.ts';
import { root } from '../runtimes/test-files.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';
import { bash, bashAsync, readmeApp } from './readme-app.ts';

const clients = join(root, 'node_modules/.bin');
const haveClients = ['claude', 'codex', 'gemini'].every((name) => existsSync(join(clients, name)));
const commands = shellCommands(readmeBlock('agent-offline', 'sh'));
const upstreamCommands = shellCommands(readmeBlock('agent-upstream', 'sh'));

/** A command's `--flag value`. */
const flagOf = (command: string, flag: string) => new RegExp(`--${flag} (\\S+)`).exec(command)?.[1] as string;

/** A scripted model server where the command's `--upstream` preset looks for one (its default port). */
function serverFor(command: string) {
  const port = Number(new URL(UPSTREAM_PRESETS[flagOf(command, 'upstream')] as string).port);
  return startUpstream('qwen3-coder', flagOf(command, 'model'), port);
}

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
  `the README's agent commands, in the README's app folder (${packageChecksSkipReason})`,
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

    it('the README shows the upstream commands for claude, codex, gemini and serve', () => {
      expect(upstreamCommands.map((command) => command.split(' ')[2])).toEqual(['claude', 'codex', 'gemini', 'serve']);
    });

    for (const command of upstreamCommands.filter((line) => !line.includes(' serve '))) {
      it(`\`${command}\`: runs as written against a scripted server on the preset's port`, async () => {
        const client = command.split(' ')[2] as string;
        const upstream = await serverFor(command);
        const home = homeFor(client);
        try {
          const run = await bashAsync(command, app, { ...home.env, PATH: `${clients}:${process.env.PATH}` }, 150_000);
          console.log(`README agent command: \`${command}\` took ${run.seconds.toFixed(1)} s`);
          // The scripted server answers every turn with this line; the client prints it as the answer.
          expect(run.stdout).toContain('Nothing to do.');
          expect(upstream.requests.length).toBeGreaterThan(0);
          expect(upstream.requests.every((request) => request.body.model === flagOf(command, 'model'))).toBe(true);
        } finally {
          home.remove();
          await upstream.close();
        }
      });
    }

    it('the serve command listens on :8787 and answers through the preset server', async () => {
      const command = upstreamCommands.find((line) => line.includes(' serve ')) as string;
      const upstream = await serverFor(command);
      // A process group of its own, so the proxy npx starts is stopped with it.
      const serve = spawn('bash', ['-c', command], {
        cwd: app,
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      try {
        let log = '';
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 30_000);
          const hear = (chunk: Buffer) => {
            log += chunk.toString();
            if (log.includes('toolshim listening on http://127.0.0.1:8787')) {
              clearTimeout(timer);
              resolve();
            }
          };
          serve.stdout.on('data', hear);
          serve.stderr.on('data', hear);
          serve.on('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${log}`)));
        });
        const response = await fetch('http://127.0.0.1:8787/v1/chat/completions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'any', messages: [{ role: 'user', content: 'hi' }] }),
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('Nothing to do.');
        expect(upstream.requests[0]?.body.model).toBe(flagOf(command, 'model'));
      } finally {
        process.kill(-(serve.pid as number), 'SIGTERM');
        await upstream.close();
      }
    });
  },
);
