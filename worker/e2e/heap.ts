/**
 * Measures what client disconnects leave in workerd's JS heap, from outside:
 *
 * - a Node upstream that streams a chat-completions chunk every 100 ms and
 *   never finishes (so the proxy always has a read of its body pending);
 * - real clients (node:http) that post a streamed request, wait for the
 *   first `data:` frame and drop the connection;
 * - the heap read through the V8 inspector of the workerd process
 *   (`HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`), the port
 *   miniflare's `inspectorPort` or `wrangler dev --inspector-port` opens.
 *   workerd serves inspector messages when its isolate is entered, so the
 *   measurer keeps poking `/health` until the answer comes.
 *
 * Used by heap.bench.ts (the table for every route and mode) and
 * disconnect-heap.test.ts (the threshold).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { GEMINI_STREAM_SAMPLES, ROUTE_SAMPLES, type RouteSample, sampleBody } from '../../src/server/test/routes.ts';
import { freePort, root, startDev } from './wrangler.ts';

/** A route to drive: every API's sample request (src/server/test/routes.ts). */
export type HeapRoute = RouteSample;

/** Every streaming route that exists; a new front door adds its sample to ROUTE_SAMPLES (or, streaming by path, beside GEMINI_STREAM_SAMPLES). */
export const HEAP_ROUTES: HeapRoute[] = [...ROUTE_SAMPLES, ...GEMINI_STREAM_SAMPLES];

interface FakeUpstream {
  baseURL: string;
  /** Requests whose connection is still open. */
  open: () => number;
  close: () => void;
}

/** An upstream on a free port: `answer` gets each request whose body was read; open connections are counted. */
async function startUpstream(answer: (response: http.ServerResponse) => void): Promise<FakeUpstream> {
  let open = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    open++;
    response.on('close', () => open--);
    answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    open: () => open,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The upstream: a chunk every 100 ms, forever (until the proxy hangs up). */
export function startQuietUpstream(): Promise<FakeUpstream> {
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  return startUpstream((response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(chunk('Hel'));
    const timer = setInterval(() => response.write(chunk('lo ')), 100);
    response.on('close', () => clearInterval(timer));
  });
}

/** An upstream that sends one chunk and then cuts the connection (no finish, no [DONE]). */
export function startCuttingUpstream(): Promise<FakeUpstream> {
  return startUpstream((response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(
      `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }] })}\n\n`,
      () => setTimeout(() => response.destroy(), 5),
    );
  });
}

/** An upstream that accepts requests and never answers, not even with headers. */
export function startSilentUpstream(): Promise<FakeUpstream> {
  return startUpstream(() => {});
}

/** A client that posts a streamed request and drops the connection after `afterMs`, whatever it got. */
export function leaveAfter(base: string, route: HeapRoute, afterMs: number): Promise<string> {
  return new Promise((resolve) => {
    const body = sampleBody(route, true);
    let seen = '';
    const request = http.request(new URL(route.path, base), {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...route.headers },
    });
    request.on('response', (response) => response.on('data', (data: Buffer) => (seen += data.toString())));
    request.on('error', () => {});
    request.end(body);
    setTimeout(() => {
      request.destroy();
      resolve(seen);
    }, afterMs);
  });
}

/**
 * One client: posts, and either waits for the first `data:` frame and drops
 * the connection (`leave`), or reads the answer to its end (`read`).
 */
function clientOnce(base: string, route: HeapRoute, kind: ClientKind): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL(route.path, base);
    const body = sampleBody(route, true);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...route.headers },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${route.name}: status ${response.statusCode}`));
          request.destroy();
          return;
        }
        let seen = '';
        response.on('data', (data: Buffer) => {
          seen += data.toString();
          if (kind === 'leave' && /^data:/m.test(seen)) {
            request.destroy();
            resolve();
          }
        });
        response.on('end', () =>
          kind === 'read' ? resolve() : reject(new Error(`${route.name}: the stream ended before the client left`)),
        );
      },
    );
    request.on('error', () => {}); // the destroy
    request.end(body);
  });
}

/** `leave`: the client drops the connection after the first data frame; `read`: it reads to the end. */
export type ClientKind = 'leave' | 'read';

/** `n` clients, `concurrency` at a time. */
export async function clients(
  base: string,
  route: HeapRoute,
  n: number,
  kind: ClientKind = 'leave',
  concurrency = 16,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      await clientOnce(base, route, kind);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A Chrome DevTools Protocol session with one workerd isolate. */
export async function inspector(inspectorPort: number, base: string) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
    id: string;
    webSocketDebuggerUrl: string;
  }>;
  // The user worker: miniflare names it core:user:<name>; wrangler dev lists it first.
  const target = targets.find((t) => t.id.startsWith('core:user:')) ?? targets[0];
  if (target === undefined) throw new Error('no inspector target');
  // wrangler's inspector proxy wants a local Origin (undici's WebSocket takes headers as an extension).
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { origin: 'http://127.0.0.1' },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  async function send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const answer = new Promise<T>((resolve) => waiting.set(++id, resolve as (result: unknown) => void));
    socket.send(JSON.stringify({ id, method, params }));
    // workerd reads inspector messages when the isolate is entered: poke it until the answer comes.
    let done = false;
    void answer.then(() => {
      done = true;
    });
    while (!done) {
      await fetch(`${base}/health`).catch(() => {});
      await Promise.race([answer, new Promise((r) => setTimeout(r, 50))]);
    }
    return answer;
  }
  return {
    /** Live JS heap after three full collections, in bytes. */
    async heapAfterGc(): Promise<number> {
      for (let i = 0; i < 3; i++) {
        await send('HeapProfiler.collectGarbage');
        await new Promise((r) => setTimeout(r, 100));
      }
      return (await send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    /** V8's CPU profile (the DevTools `.cpuprofile` shape) of the isolate while `run` runs, sampled every 50 µs. */
    async cpuProfile(run: () => Promise<void>): Promise<unknown> {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: 50 });
      await send('Profiler.start');
      await run();
      return (await send<{ profile: unknown }>('Profiler.stop')).profile;
    },
    close: () => socket.close(),
  };
}

/**
 * MiB of live heap left per 1,000 requests on `route`: a warm-up, a measure,
 * `n` clients, a pause for workerd to notice them all (the next upstream
 * chunk), a measure.
 */
export async function heapPerThousand(
  base: string,
  inspectorPort: number,
  route: HeapRoute,
  n = 1000,
  kind: ClientKind = 'leave',
): Promise<{ mibPerThousand: number; before: number; after: number }> {
  const session = await inspector(inspectorPort, base);
  try {
    await clients(base, route, 300, kind);
    await new Promise((r) => setTimeout(r, 500));
    const before = await session.heapAfterGc();
    await clients(base, route, n, kind);
    await new Promise((r) => setTimeout(r, 500));
    const after = await session.heapAfterGc();
    return { mibPerThousand: ((after - before) / 1024 / 1024) * (1000 / n), before, after };
  } finally {
    session.close();
  }
}

/**
 * The Worker in workerd: under miniflare (the entry bundled and minified with
 * esbuild as wrangler.jsonc ships it, the shipped compatibility settings) or
 * under `wrangler dev --config worker/cloudflare/wrangler.jsonc`. Its inspector is open
 * unless `inspect` is false (npm run bench:proxy, which wants workerd as
 * deployed and uses this with its own entry); `minify: false` keeps the
 * names readable in a CPU profile taken through the inspector.
 */
export async function startWorkerd(
  vars: Record<string, string>,
  {
    entry = `${root}worker/cloudflare/index.ts`,
    useWrangler = false,
    inspect = true,
    minify = true,
  }: { entry?: string; useWrangler?: boolean; inspect?: boolean; minify?: boolean } = {},
): Promise<{ base: string; inspectorPort: number; stop: () => Promise<void> }> {
  const inspectorPort = inspect ? await freePort() : 0;
  if (useWrangler) {
    const dev = await startDev(vars, inspect ? ['--inspector-port', String(inspectorPort)] : []);
    return { base: dev.url, inspectorPort, stop: dev.stop };
  }
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    minify,
  });
  const mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]?.text ?? '',
    compatibilityDate: '2026-07-01',
    compatibilityFlags: ['enable_request_signal'],
    bindings: vars,
    ...(inspect ? { inspectorPort } : {}),
  });
  const url = await mf.ready;
  return { base: url.origin, inspectorPort, stop: () => mf.dispose() };
}
