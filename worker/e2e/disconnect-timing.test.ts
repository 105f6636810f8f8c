/**
 * A client that leaves is let go of upstream within 2 s in workerd, under
 * wrangler dev and bare (miniflare), at the default settings, on every API
 * route: before the first byte (the upstream silent), after the headers (the
 * upstream sent its own and stalls) and mid-stream (one chunk, then a stall).
 * workerd notices a gone client only when the proxy writes (wrangler dev at
 * the second write), so this holds through the proxy's `:` comments every
 * 500 ms while the model is quiet; before them it took 15 to 30 s
 * (disconnect-timing.ts, worker/e2e/RESULTS.md has the table). Node, where the
 * socket's close is seen at once, is in the table but not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES } from '../../src/server/test/routes.ts';
import {
  cancelDelay,
  PHASES,
  type Runtime,
  type StallingUpstream,
  startProxy,
  startStallingUpstream,
} from './disconnect-timing.ts';

describe.each(['wrangler dev', 'workerd'] as Runtime[])('%s, default settings', (runtime) => {
  let upstream: StallingUpstream;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    upstream = await startStallingUpstream('before-first-byte');
    proxy = await startProxy(runtime, { UPSTREAM_BASE_URL: upstream.baseURL });
  });
  afterAll(async () => {
    // The upstream first: wrangler dev does not exit while a request it still sees is in flight.
    upstream?.close();
    await proxy?.stop();
  });

  it.each(ROUTE_SAMPLES.flatMap((route) => PHASES.map((phase) => [route.name, phase, route] as const)))(
    '%s, the client leaves %s: the upstream request is closed within 2 s',
    async (_name, phase, route) => {
      upstream.stallAt(phase);
      const { ms, seen } = await cancelDelay(proxy.base, upstream, route, phase, 5000);
      expect(ms, `still open 5 s after the client left; it had read ${JSON.stringify(seen)}`).toBeDefined();
      expect(ms).toBeLessThan(2000);
      expect(upstream.open()).toBe(0);
    },
    20_000,
  );
});
