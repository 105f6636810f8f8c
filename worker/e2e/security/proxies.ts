/// <reference types="node" />
/**
 * The two ways the proxy runs on a user's machine, started the same way for
 * the security suite: `toolshim serve` (worker/node/cli.ts on Node 24, its
 * variables from the environment) and the Worker under `wrangler dev` in
 * workerd (its variables as `--var`). Both on 127.0.0.1, a free port.
 */
import { listeningURL, runCli, stop } from '../../node/test-support.ts';
import { startDev } from '../wrangler.ts';

export interface RunningProxy {
  port: number;
  /** Everything the process wrote: banner, warnings, log lines. */
  output(): string;
  stop(): Promise<void>;
}

export type ProxyRuntime = 'node' | 'workerd';

/**
 * `vars` as the proxy's variables. For workerd, ALLOWED_HOSTS defaults to
 * `localhost`, the policy `toolshim serve` applies by itself on loopback, so
 * both runtimes run the shared Host check the same way.
 */
export async function startProxy(runtime: ProxyRuntime, vars: Record<string, string>): Promise<RunningProxy> {
  if (runtime === 'node') {
    const cli = runCli(['serve', '--port', '0'], { env: vars });
    const url = await listeningURL(cli);
    return { port: Number(new URL(url).port), output: () => cli.stdout() + cli.stderr(), stop: () => stop(cli) };
  }
  const dev = await startDev({ ALLOWED_HOSTS: 'localhost', ...vars });
  return { port: Number(new URL(dev.url).port), output: dev.output, stop: dev.stop };
}
