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

/** A route to drive: its path and a streamed request body that makes the model answer. */
export interface HeapRoute {
  name: string;
  path: string;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
}

const tools = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

/** Every route that exists; a new front door adds its streamed request here. */
export const HEAP_ROUTES: HeapRoute[] = [
  {
    name: 'POST /v1/chat/completions',
    path: '/v1/chat/completions',
    body: { model: 'm', stream: true, tools, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
  },
];

/** The upstream: a chunk every 100 ms, forever (until the proxy hangs up). Counts open connections. */
export async function startQuietUpstream(): Promise<{ baseURL: string; open: () => number; close: () => void }> {
  let open = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    open++;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    response.write(chunk('Hel'));
    const timer = setInterval(() => response.write(chunk('lo ')), 100);
    response.on('close', () => {
      open--;
      clearInterval(timer);
    });
  });
  server.keepAliveTimeout = 1;
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

/** One client: posts, waits for the first `data:` frame, drops the connection. */
function disconnectOnce(base: string, route: HeapRoute): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL(route.path, base);
    const body = JSON.stringify(route.body);
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
          if (/^data:/m.test(seen)) {
            request.destroy();
            resolve();
          }
        });
        response.on('end', () => reject(new Error(`${route.name}: the stream ended before the client left`)));
      },
    );
    request.on('error', () => {}); // the destroy
    request.end(body);
  });
}

/** `n` disconnects, `concurrency` at a time. */
export async function disconnects(base: string, route: HeapRoute, n: number, concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      await disconnectOnce(base, route);
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
  const socket = new WebSocket(target.webSocketDebuggerUrl);
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
  async function send<T>(method: string): Promise<T> {
    const answer = new Promise<T>((resolve) => waiting.set(++id, resolve as (result: unknown) => void));
    socket.send(JSON.stringify({ id, method, params: {} }));
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
    close: () => socket.close(),
  };
}

/**
 * MiB of live heap left per 1,000 disconnects on `route`: a warm-up, a
 * measure, `n` disconnects, a pause for workerd to notice them all (the next
 * upstream chunk), a measure.
 */
export async function heapPerThousand(
  base: string,
  inspectorPort: number,
  route: HeapRoute,
  n = 1000,
): Promise<{ mibPerThousand: number; before: number; after: number }> {
  const session = await inspector(inspectorPort, base);
  try {
    await disconnects(base, route, 100);
    await new Promise((r) => setTimeout(r, 500));
    const before = await session.heapAfterGc();
    await disconnects(base, route, n);
    await new Promise((r) => setTimeout(r, 500));
    const after = await session.heapAfterGc();
    return { mibPerThousand: ((after - before) / 1024 / 1024) * (1000 / n), before, after };
  } finally {
    session.close();
  }
}
