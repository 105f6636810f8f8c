/**
 * Playwright's global setup: type-checks the app (TypeScript 7 has no API
 * for `next build` to call), builds it, starts `next start` on a free port
 * and hands the URL to the specs in NEXT_APP_URL, and the file its output
 * is copied to in NEXT_SERVER_LOG (a spec checks it stays clean). Returns
 * the teardown, which stops that server by its process id.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const app = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function run(bin: string, args: string[]): void {
  const result = spawnSync(bin, args, { cwd: app, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (exit ${result.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  run('tsc', ['-p', 'tsconfig.json', '--noEmit']);
  run('next', ['build']);
  const port = await freePort();
  const child = spawn('next', ['start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = fileURLToPath(new URL('../../../test-results/next-server.log', import.meta.url));
  mkdirSync(fileURLToPath(new URL('../../../test-results/', import.meta.url)), { recursive: true });
  const log = createWriteStream(logFile);
  const copy = (out: NodeJS.WriteStream) => (data: Buffer) => {
    out.write(data);
    log.write(data);
  };
  child.stdout?.on('data', copy(process.stdout));
  child.stderr?.on('data', copy(process.stderr));
  process.env.NEXT_SERVER_LOG = logFile;
  const url = `http://127.0.0.1:${port}/`;
  await waitForServer(url, child, 60_000);
  process.env.NEXT_APP_URL = url;
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
