/// <reference types="node" />
/**
 * The proxy the agents talk to, started the two ways users start it: the
 * Worker under `wrangler dev`, and the Node command `toolshim serve`
 * (worker/node/cli.ts). Both get the same settings, the ones the README's
 * "Use with" sections give (upstream, its model name, format, token).
 */
import { spawn } from 'node:child_process';
import { root, startDev } from '../wrangler.ts';

export type Runner = 'wrangler' | 'node';
export type Mode = 'emulated' | 'native';

export interface ProxySettings {
  runner: Runner;
  mode: Mode;
  /** Emulated mode's format. */
  protocol: string;
  upstreamURL: string;
  upstreamModel: string;
  token: string;
}

export interface RunningProxy {
  /** Base URL without /v1. */
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const nodeCli = `${root}worker/node/cli.ts`;

export async function startProxy(settings: ProxySettings): Promise<RunningProxy> {
  if (settings.runner === 'wrangler') {
    const server = await startDev({
      UPSTREAM_BASE_URL: settings.upstreamURL,
      UPSTREAM_MODEL: settings.upstreamModel,
      PROTOCOL: settings.protocol,
      TOOL_MODE: settings.mode,
      PROXY_TOKEN: settings.token,
      // As src/server/messages/README.md's Claude Code command: an agent's requests outgrow the default 1 MB.
      MAX_BODY_BYTES: '16777216',
    });
    return { url: server.url, output: server.output, stop: server.stop };
  }
  return startNodeServe(settings);
}

async function startNodeServe(settings: ProxySettings): Promise<RunningProxy> {
  const args = [
    nodeCli,
    'serve',
    '--upstream',
    settings.upstreamURL,
    '--protocol',
    settings.protocol,
    '--mode',
    settings.mode,
    '--model',
    settings.upstreamModel,
    '--port',
    '0',
    '--token',
    settings.token,
  ];
  // process.execPath: the Node 24 vitest runs on, which strips the .ts types itself.
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => {
    log += d;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`toolshim serve printed no address within 30 s:\n${log}`)), 30_000);
    child.stdout.on('data', (d) => {
      log += d;
      const match = /^toolshim listening on (http:\/\/\S+)$/m.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve((match[1] as string).replace(/\/$/, ''));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolshim serve exited with ${code}:\n${log}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, output: () => log, stop };
}
