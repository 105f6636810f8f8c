/**
 * Clients that leave mid-stream leave nothing behind in workerd: for every
 * route (heap.ts HEAP_ROUTES) and both tool modes, 1,000 clients drop the
 * connection after the first data frame, and the live JS heap after GC (read
 * through the inspector) must grow by less than 1 MiB. Before the
 * cancellation was moved into the abort's dispatch this was 7.96 MiB
 * (emulated) and 4.32 MiB (native) under miniflare, 12.45 MiB emulated under
 * wrangler dev (npm run bench:workerd-leak). Also: an upstream that has not
 * answered yet is let go once the client leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEAP_ROUTES,
  heapPerThousand,
  leaveAfter,
  startQuietUpstream,
  startSilentUpstream,
  startWorkerd,
} from './heap.ts';

let upstream: Awaited<ReturnType<typeof startQuietUpstream>>;
beforeAll(async () => {
  upstream = await startQuietUpstream();
});
afterAll(() => upstream?.close());

describe.each(['emulated', 'native'])('%s mode in workerd', (mode) => {
  it.each(HEAP_ROUTES.map((route) => [route.name, route] as const))(
    '%s: 1,000 disconnects mid-stream leave under 1 MiB of heap, and close their upstream requests',
    async (_name, route) => {
      const server = await startWorkerd({ UPSTREAM_BASE_URL: upstream.baseURL, TOOL_MODE: mode });
      try {
        const { mibPerThousand } = await heapPerThousand(server.base, server.inspectorPort, route);
        expect(mibPerThousand, `${mibPerThousand.toFixed(2)} MiB per 1,000 disconnects`).toBeLessThan(1);
        expect(upstream.open(), 'upstream requests still open after their clients left').toBe(0);
      } finally {
        await server.stop();
      }
    },
    120_000,
  );
});

describe('a client that leaves before the upstream has answered at all', () => {
  // workerd notices a client that left only when it writes to it; the request's signal never fires before
  // the first byte. The proxy's `: connected` (after STREAM_HEADERS_WITHIN_MS) and `: ping`s are those writes.
  it.each(HEAP_ROUTES.map((route) => [route.name, route] as const))(
    '%s: the upstream request is closed within STREAM_HEADERS_WITHIN_MS + KEEPALIVE_MS, before and after the first byte',
    async (_name, route) => {
      const silent = await startSilentUpstream();
      const server = await startWorkerd({
        UPSTREAM_BASE_URL: silent.baseURL,
        STREAM_HEADERS_WITHIN_MS: '200',
        KEEPALIVE_MS: '300',
      });
      try {
        const waitClosed = async () => {
          const started = Date.now();
          while (silent.open() > 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 25));
          return Date.now() - started;
        };
        // Before the first byte: the client is gone before the headers.
        expect(await leaveAfter(server.base, route, 50)).toBe('');
        expect(await waitClosed()).toBeLessThan(2000);
        // After `: connected`, while the upstream is still silent.
        expect(await leaveAfter(server.base, route, 350)).toBe(': connected\n\n');
        expect(await waitClosed()).toBeLessThan(2000);
        expect(silent.open()).toBe(0);
      } finally {
        await server.stop();
        silent.close();
      }
    },
    60_000,
  );
});
