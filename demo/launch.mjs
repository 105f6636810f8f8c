// `npm run demo`: starts the demo page (Vite dev server) and, when the Worker
// is in the checkout, the Worker offline on its embedded replay model
// (`npm run dev:worker`). Prints the URL; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pageUrl = 'http://127.0.0.1:5173/';
const workerUrl = 'http://127.0.0.1:8787';
const children = [];

function start(name, command, args) {
  // Own process group, so stopping it also stops what it started (workerd under wrangler).
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: process.env,
  });
  const prefix = (line) => (line.trim() === '' ? '' : `[${name}] ${line}\n`);
  child.stdout.on('data', (data) => process.stdout.write(String(data).split('\n').map(prefix).join('')));
  child.stderr.on('data', (data) => process.stderr.write(String(data).split('\n').map(prefix).join('')));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping the demo.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
const hasWorker = existsSync(join(root, 'worker', 'cloudflare', 'wrangler.jsonc')) && 'dev:worker' in scripts;
const bin = (name) => join(root, 'node_modules', '.bin', name);

start('vite', bin('vite'), ['--config', 'demo/vite.config.ts', '--strictPort']);
// The Worker allows no browser origins by default; let the demo page in.
const origins = 'ALLOWED_ORIGINS:http://127.0.0.1:5173,http://localhost:5173';
if (hasWorker) start('worker', 'npm', ['run', '--silent', 'dev:worker', '--', '--var', origins]);

const pageUp = await waitFor(pageUrl, 30);
const workerUp = hasWorker ? await waitFor(`${workerUrl}/health`, 60) : false;
console.log('');
console.log(pageUp ? `  toolshim demo:  ${pageUrl}` : '  The demo page did not start; see the [vite] lines above.');
if (hasWorker) {
  console.log(
    workerUp
      ? `  Worker (offline replay upstream): ${workerUrl}/v1  (pick "Worker proxy" in the page)`
      : '  The Worker did not answer /health within 60 s; see the [worker] lines above. The page works without it.',
  );
} else {
  console.log('  worker/ is not in this checkout: started the page only (the Worker proxy engine needs it).');
}
console.log('  Ctrl-C stops everything.\n');
