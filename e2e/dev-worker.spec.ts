/**
 * Local development of the Worker as worker/README.md describes it: `npm run
 * dev:worker -- --port N` (any port), `--var` for plain settings, and
 * `worker/cloudflare/.dev.vars` (git-ignored) for `UPSTREAM_BASE_URL` and `PROXY_TOKEN`.
 * No browser: these talk to the Worker over HTTP.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeUpstream, type Running, root, startWorker } from './dev-worker.ts';
import { freePort } from './ports.ts';

test.describe.configure({ timeout: 120_000 });

const token = 'local-dev-token';

async function expectProxying(worker: Running, upstreamText: string): Promise<void> {
  const ask = (authorization?: string) =>
    fetch(`${worker.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ model: 'local', messages: [{ role: 'user', content: 'hi' }] }),
    });
  // PROXY_TOKEN took effect: no token, no answer.
  expect((await ask()).status).toBe(401);
  const answer = await ask(`Bearer ${token}`);
  expect(answer.status, worker.output()).toBe(200);
  // UPSTREAM_BASE_URL took effect: the answer is the fake upstream's, not the offline replay model's.
  const body = (await answer.json()) as { choices: Array<{ message: { content: string } }> };
  expect(body.choices[0]?.message.content).toBe(upstreamText);
}

test('npm run dev:worker -- --port N --var NAME:value: the port and the variables are the ones given', async () => {
  const upstream = await fakeUpstream('answered by the upstream given with --var');
  const port = freePort();
  const worker = await startWorker(
    'npm',
    [
      'run',
      '--silent',
      'dev:worker',
      '--',
      '--port',
      String(port),
      '--var',
      `UPSTREAM_BASE_URL:${upstream.baseURL}`,
      '--var',
      `PROXY_TOKEN:${token}`,
    ],
    port,
  );
  try {
    await expectProxying(worker, 'answered by the upstream given with --var');
  } finally {
    await worker.stop();
    await upstream.close();
  }
});

test('.dev.vars beside wrangler.jsonc sets the variables, and worker/cloudflare/.dev.vars is git-ignored', async () => {
  // A repository-tracked file would leak a real token into git.
  const ignored = spawnSync('git', ['check-ignore', '-q', 'worker/cloudflare/.dev.vars'], { cwd: root });
  expect(ignored.status, 'worker/cloudflare/.dev.vars must be listed in .gitignore').toBe(0);

  // The same Worker from a copy of its config in a temporary folder, so a reader's own worker/cloudflare/.dev.vars is never touched.
  const dir = mkdtempSync(join(tmpdir(), 'toolshim-dev-vars-'));
  const config = readFileSync(join(root, 'worker/cloudflare/wrangler.jsonc'), 'utf8').replace(
    /"main":\s*"index\.ts"/,
    `"main": ${JSON.stringify(join(root, 'worker/cloudflare/index.ts'))}`,
  );
  expect(config).toContain(join(root, 'worker/cloudflare/index.ts'));
  writeFileSync(join(dir, 'wrangler.jsonc'), config);
  const upstream = await fakeUpstream('answered by the upstream named in .dev.vars');
  writeFileSync(join(dir, '.dev.vars'), `UPSTREAM_BASE_URL=${upstream.baseURL}\nPROXY_TOKEN=${token}\n`);
  const port = freePort();
  const worker = await startWorker(
    process.execPath,
    [
      join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config',
      join(dir, 'wrangler.jsonc'),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    port,
  );
  try {
    await expectProxying(worker, 'answered by the upstream named in .dev.vars');
    expect(worker.output()).toContain('.dev.vars');
  } finally {
    await worker.stop();
    await upstream.close();
  }
});
