/**
 * Nothing stays behind in workerd, for every route (heap.ts HEAP_ROUTES) and
 * both tool modes: 2,000 clients that drop the connection after the first
 * data frame, or 2,000 answers whose upstream cuts the connection mid-stream,
 * must leave under 1 MiB of live JS heap per 1,000 after GC (read through
 * the inspector). Before the cancellation ran inside the abort's dispatch,
 * the disconnects left 7.96 MiB (emulated) and 4.32 MiB (native) per 1,000
 * under miniflare, 12.45 MiB emulated under wrangler dev; the cut upstreams
 * 1.56 and 1.39 (npm run bench:workerd-leak). Also: an upstream that has not
 * answered yet is let go once the client leaves.
 */
import { describe, expect, it } from 'vitest';
import { isModelDoor } from '../../src/server/core/front-door.ts';
import { FRONT_DOORS } from '../../src/server/front-doors.ts';
import {
  type ClientKind,
  HEAP_ROUTES,
  heapPerThousand,
  leaveAfter,
  startCuttingUpstream,
  startQuietUpstream,
  startSilentUpstream,
  startWorkerd,
} from './heap.ts';

it('every streaming API route has a sample here (src/server/test/routes.ts)', () => {
  const sampled = HEAP_ROUTES.map((route) => route.door ?? route.path);
  // Gemini's :generateContent answers whole, always (its stream is the :streamGenerateContent route):
  // there is no stream for a client to leave, so no sample.
  const streaming = FRONT_DOORS.filter(isModelDoor).filter((door) => !door.path.endsWith(':generateContent'));
  expect(sampled).toEqual(expect.arrayContaining(streaming.map((door) => door.path)));
});

const scenarios: Array<[string, () => ReturnType<typeof startQuietUpstream>, ClientKind]> = [
  ['clients leave mid-stream', startQuietUpstream, 'leave'],
  ['the upstream cuts mid-stream', startCuttingUpstream, 'read'],
];

describe.each(scenarios)('%s, in workerd', (_scenario, start, kind) => {
  it.each(['emulated', 'native'].flatMap((mode) => HEAP_ROUTES.map((route) => [mode, route.name, route] as const)))(
    '%s, %s: under 1 MiB of heap per 1,000, and no upstream request left open',
    async (mode, _name, route) => {
      const upstream = await start();
      const server = await startWorkerd({ UPSTREAM_BASE_URL: upstream.baseURL, TOOL_MODE: mode });
      try {
        const { mibPerThousand } = await heapPerThousand(server.base, server.inspectorPort, route, 2000, kind);
        expect(mibPerThousand, `${mibPerThousand.toFixed(2)} MiB per 1,000`).toBeLessThan(1);
        expect(upstream.open(), 'upstream requests still open').toBe(0);
      } finally {
        await server.stop();
        upstream.close();
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
        expect(await leaveAfter(server.base, route, 350)).toBe(route.opening ?? ': connected\n\n');
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
