/**
 * Runs wrangler offline: `startDev` starts `wrangler dev` on a free port and
 * resolves once /health answers; `stop` sends SIGTERM to that PID only, which
 * shuts workerd down cleanly. Quiet flags from TOOLCHAIN.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const wranglerBin = `${root}node_modules/wrangler/bin/wrangler.js`;
export const config = `${root}worker/cloudflare/wrangler.jsonc`;

export function quietEnv(): NodeJS.ProcessEnv {
  const xdg = `${root}.cache/wrangler-xdg`;
  mkdirSync(xdg, { recursive: true });
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    XDG_CONFIG_HOME: xdg,
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface DevServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startDev(vars: Record<string, string>, extraArgs: string[] = []): Promise<DevServer> {
  const port = await freePort();
  const args = [wranglerBin, 'dev', '--config', config, '--ip', '127.0.0.1', '--port', String(port), ...extraArgs];
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  // process.execPath is the Node 24 that runs vitest (wrangler refuses Node 20).
  const child = spawn(process.execPath, args, { cwd: root, env: quietEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return { url, child, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer /health within 90 s:\n${log}`);
}
