/**
 * Free ports for the e2e servers. Playwright loads the config in its runner
 * and again in each worker process: the runner picks the ports and leaves
 * them in the environment, which the workers inherit, so every process agrees.
 */
import { execFileSync } from 'node:child_process';

/** A port the OS says is free now (asked synchronously: the config is loaded synchronously). */
export function freePort(): number {
  const script =
    "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export function e2ePorts(): { preview: number; worker: number } {
  process.env.TOOLSHIM_E2E_PREVIEW_PORT ??= String(freePort());
  let worker = Number(process.env.TOOLSHIM_E2E_WORKER_PORT ?? freePort());
  while (worker === Number(process.env.TOOLSHIM_E2E_PREVIEW_PORT)) worker = freePort();
  process.env.TOOLSHIM_E2E_WORKER_PORT = String(worker);
  return {
    preview: Number(process.env.TOOLSHIM_E2E_PREVIEW_PORT),
    worker: Number(process.env.TOOLSHIM_E2E_WORKER_PORT),
  };
}

/** The Worker's base URL, for specs that point the page at it. */
export function workerBaseUrl(): string {
  return `http://127.0.0.1:${e2ePorts().worker}/v1`;
}
