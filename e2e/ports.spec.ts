/**
 * `npm test` while the demo runs: `npm run demo` holds 5173 and 8787, and
 * another checkout's e2e run may hold anything. This suite's servers take
 * free ports, so holding the old fixed ones (4173 for the preview, 8787 for
 * the Worker) must not matter. A nested Playwright run of one Worker spec,
 * with both ports taken by servers that answer like a running demo, proves it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { root } from './dev-worker.ts';

test.describe.configure({ timeout: 240_000 });

/** Listens on `port` like a running server; undefined when something already does (then it is taken anyway). */
async function hold(port: number): Promise<Server | undefined> {
  const server = createServer((_request, response) => response.end('another server'));
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

test('the e2e servers start on free ports while 4173 and 8787 are taken', async () => {
  const held = await Promise.all([hold(4173), hold(8787)]);
  try {
    const env = { ...process.env };
    // The nested run picks its own ports, not this run's.
    delete env.TOOLSHIM_E2E_PREVIEW_PORT;
    delete env.TOOLSHIM_E2E_WORKER_PORT;
    const run = spawnSync(
      join(root, 'node_modules/.bin/playwright'),
      [
        'test',
        '--config',
        'e2e/playwright.config.ts',
        'worker.spec',
        '--grep',
        'tool calling in the browser',
        '--reporter=line',
        '--output',
        mkdtempSync(join(tmpdir(), 'toolshim-e2e-nested-')),
      ],
      { cwd: root, env, encoding: 'utf8', timeout: 220_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('1 passed');
  } finally {
    for (const server of held) server?.close();
  }
});
