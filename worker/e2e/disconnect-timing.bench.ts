/**
 * The table in worker/e2e/RESULTS.md: for each runtime
 * and each phase a client can leave in, how long the upstream request stays
 * open after the client has gone (disconnect-timing.ts has the setup).
 *
 *   node worker/e2e/disconnect-timing.bench.ts
 *   node worker/e2e/disconnect-timing.bench.ts --runtime=workerd --route=/v1/messages --wait=20000
 *   node worker/e2e/disconnect-timing.bench.ts --var=KEEPALIVE_MS:5000
 */
import { ROUTE_SAMPLES } from '../../src/server/test/routes.ts';
import { cancelDelay, PHASES, RUNTIMES, startProxy, startStallingUpstream } from './disconnect-timing.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runtimes = RUNTIMES.filter((r) => option('runtime') === undefined || r === option('runtime'));
const routes = ROUTE_SAMPLES.filter((r) => r.path === (option('route') ?? '/v1/chat/completions'));
const waitMs = Number(option('wait') ?? 20_000);
const extraVars = Object.fromEntries(
  args.filter((a) => a.startsWith('--var=')).map((a) => a.slice(6).split(/:(.*)/s).slice(0, 2) as [string, string]),
);

console.log(`| runtime | route | ${PHASES.join(' | ')} |`);
console.log(`|---|---|${PHASES.map(() => '---').join('|')}|`);
for (const runtime of runtimes) {
  for (const route of routes) {
    const cells: string[] = [];
    for (const phase of PHASES) {
      const upstream = await startStallingUpstream(phase);
      const proxy = await startProxy(runtime, { UPSTREAM_BASE_URL: upstream.baseURL, ...extraVars });
      try {
        const { ms } = await cancelDelay(proxy.base, upstream, route, phase, waitMs);
        cells.push(ms === undefined ? `> ${waitMs / 1000} s` : `${(ms / 1000).toFixed(2)} s`);
      } catch (error) {
        cells.push(`error: ${(error as Error).message}`);
      } finally {
        // The upstream first: wrangler dev does not exit while a request it still sees is in flight.
        upstream.close();
        await proxy.stop();
      }
    }
    console.log(`| ${runtime} | ${route.path} | ${cells.join(' | ')} |`);
  }
}
