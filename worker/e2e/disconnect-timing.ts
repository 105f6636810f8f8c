/**
 * How long an upstream request outlives a client that left, measured from
 * outside with real sockets on 127.0.0.1:
 *
 * - a scripted upstream (node:http) that stalls at a chosen point and records
 *   when the proxy closes each of its requests;
 * - a client (node:http) that posts a streamed request and drops the
 *   connection at a chosen phase, recording when;
 * - the proxy in wrangler dev, in bare workerd (miniflare) or in Node
 *   (worker/node/serve.ts).
 *
 * Used by disconnect-timing.bench.ts (the table in worker/e2e/RESULTS.md) and
 * disconnect-timing.test.ts (the bound under wrangler dev).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RouteSample, sampleBody } from '../../src/server/test/routes.ts';
import { createProxyHandlerFromEnv } from '../../src/server.ts';
import { listen } from '../node/serve.ts';
import { startWorkerd } from './heap.ts';
import { startDev } from './wrangler.ts';

/**
 * Where the client leaves:
 * - `before-first-byte`: 300 ms in, while the upstream has sent nothing and the proxy still holds its headers;
 * - `after-headers`: 200 ms after the proxy's first bytes, while the upstream has sent its SSE headers and stalls;
 * - `mid-stream`: 200 ms after the words of the upstream's one chunk arrived, while the upstream stalls after it.
 */
export type Phase = 'before-first-byte' | 'after-headers' | 'mid-stream';
export const PHASES: Phase[] = ['before-first-byte', 'after-headers', 'mid-stream'];

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

export interface StallingUpstream {
  baseURL: string;
  /** Where the requests from now on stall. */
  stallAt: (phase: Phase) => void;
  /** Resolves with the time (Date.now()) the proxy closed its next request still open, or undefined after `ms`. */
  closedWithin(ms: number): Promise<number | undefined>;
  open: () => number;
  close: () => void;
}

/** An upstream that stalls where `phase` needs it to: no answer, SSE headers only, or one chunk. */
export async function startStallingUpstream(initial: Phase): Promise<StallingUpstream> {
  let phase = initial;
  let open = 0;
  const closes: number[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    open++;
    response.on('close', () => {
      open--;
      closes.push(Date.now());
    });
    if (phase === 'before-first-byte') return;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
    if (phase === 'mid-stream') response.write(chunk('Hello'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    stallAt: (next) => {
      phase = next;
    },
    async closedWithin(ms) {
      const deadline = Date.now() + ms;
      while (closes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return closes.shift();
    },
    open: () => open,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Posts a streamed request and drops the connection at `phase`; resolves with when it left and what it read. */
export function leaveAt(base: string, route: RouteSample, phase: Phase): Promise<{ leftAt: number; seen: string }> {
  return new Promise((resolve, reject) => {
    const body = sampleBody(route, true);
    let seen = '';
    let waiting = false;
    const request = http.request(new URL(route.path, base), {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...route.headers },
    });
    const leave = () => {
      clearTimeout(giveUp);
      request.destroy();
      resolve({ leftAt: Date.now(), seen });
    };
    const giveUp = setTimeout(() => {
      request.destroy();
      reject(new Error(`${phase}: the client never reached its phase; it read ${JSON.stringify(seen)}`));
    }, 10_000);
    request.on('response', (response) => {
      response.on('data', (data: Buffer) => {
        seen += data.toString();
        // Leave 200 ms after the last bytes the proxy has to write: in that quiet, not during a write (workerd
        // notices a client that goes while a write is in flight at once, one that goes between writes only later).
        const reached = phase === 'after-headers' || (phase === 'mid-stream' && seen.includes('Hello'));
        if (reached && !waiting) {
          waiting = true;
          setTimeout(leave, 200);
        }
      });
    });
    request.on('error', () => {});
    request.end(body);
    if (phase === 'before-first-byte') setTimeout(leave, 300);
  });
}

export type Runtime = 'wrangler dev' | 'workerd' | 'node';
export const RUNTIMES: Runtime[] = ['wrangler dev', 'workerd', 'node'];

/** The proxy in `runtime`, configured by env-style vars; `stop` frees it. */
export async function startProxy(runtime: Runtime, vars: Record<string, string>) {
  if (runtime === 'wrangler dev') {
    const dev = await startDev(vars);
    return { base: dev.url, stop: dev.stop };
  }
  if (runtime === 'workerd') {
    const server = await startWorkerd(vars);
    return { base: server.base, stop: server.stop };
  }
  const server = await listen(createProxyHandlerFromEnv(vars), { host: '127.0.0.1', port: 0 });
  return { base: server.url, stop: server.close };
}

/** Ms from the client leaving to the upstream request closing, or undefined when it stayed open `waitMs`. */
export async function cancelDelay(
  base: string,
  upstream: StallingUpstream,
  route: RouteSample,
  phase: Phase,
  waitMs: number,
): Promise<{ ms: number | undefined; seen: string }> {
  const { leftAt, seen } = await leaveAt(base, route, phase);
  const closedAt = await upstream.closedWithin(waitMs);
  return { ms: closedAt === undefined ? undefined : Math.max(0, closedAt - leftAt), seen };
}
