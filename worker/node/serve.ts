/// <reference types="node" />
/**
 * node:http around the web-standard handler (`(Request) => Promise<Response>`).
 * Node 20 has `Request`, `Response` and web streams but no built-in way to
 * serve them, and the package takes no dependency for it. Two things matter:
 * the response body is written as it arrives (SSE must not be buffered), and
 * a client that leaves aborts the Request's signal, which is how the handler
 * knows to cancel the upstream request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { type ServerLimits, serverLimits } from './server-limits.ts';

type Handler = (request: Request) => Promise<Response>;

export interface RunningServer {
  /** `http://HOST:PORT`, with the real port when 0 was asked for. */
  url: string;
  port: number;
  /** Stops accepting, drops open connections (aborting their requests) and resolves when closed. */
  close(): Promise<void>;
}

/**
 * What the handler is given as the request's host when the Host header is no
 * host at all: a name under `.invalid` (RFC 2606), which no allow-list can
 * hold, so such a request is refused where hosts are checked (the handler's
 * ALLOWED_HOSTS) and routed on its path alone where they are not.
 */
const NO_HOST = 'host-header-is-not-a-host.invalid';

/**
 * The request's URL from its Host header and its path. An absolute-form
 * target (`POST http://localhost/v1/...`) gives only its path: the handler
 * checks the host the client named in Host, which a browser always sets to the
 * name it resolved (the one a DNS-rebinding page cannot choose to be localhost).
 */
function requestURL(req: IncomingMessage): URL {
  let target = req.url ?? '/';
  if (!target.startsWith('/')) {
    try {
      const absolute = new URL(target);
      target = absolute.pathname + absolute.search;
    } catch {
      target = '/';
    }
  }
  // HTTP/1.0 may leave Host out; node:http refuses an HTTP/1.1 request without one (400).
  const host = req.headers.host ?? 'localhost';
  // `Host: a/b`, `a?b` or `user@a` would parse as a host plus more: not a host.
  if (/^[^\s/?#@\\]+$/.test(host)) {
    try {
      return new URL(target, `http://${host}`);
    } catch {
      // not a host either
    }
  }
  return new URL(target, `http://${NO_HOST}`);
}

/**
 * Methods the Fetch API refuses to put in a Request (TRACE, TRACK; CONNECT
 * never reaches 'request' in node:http). Such a request reaches the handler
 * as a body-less GET whose `method` reads as sent, so it gets the route's 405
 * or the 404, in that API's error shape, instead of a crash in `new Request`.
 */
const FETCH_REFUSES = new Set(['TRACE', 'TRACK', 'CONNECT']);

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const url = requestURL(req);
  const method = req.method ?? 'GET';
  if (FETCH_REFUSES.has(method)) {
    const request = new Request(url, { method: 'GET', headers, signal });
    Object.defineProperty(request, 'method', { value: method });
    return request;
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Resolves when `res` can take more, or when the client is gone (then `signal` is aborted). */
function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    signal.addEventListener('abort', done);
  });
}

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  // The headers go out now: a stream's `200` must not wait for its first frame.
  res.flushHeaders();
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // Cancelling the body is the handler's cue to let go of the upstream, as a Worker's runtime does.
  const cancel = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      if (!res.write(value)) await drained(res, signal);
    }
    res.end();
  } catch {
    // The body failed after the headers went out: cut the connection, so the client sees a broken stream, not a complete one.
    res.destroy();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

async function bridge(handler: Handler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  // 'close' before the response finished means the client left (or the server is closing).
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  let response: Response;
  try {
    response = await handler(toRequest(req, controller.signal));
  } catch (error) {
    // The handler answers its own faults; reaching here is a bug, answered plainly rather than hanging.
    console.error('toolshim: the handler threw:', error);
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Internal proxy error.', type: 'server_error' } }));
    }
    return;
  }
  if (controller.signal.aborted) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  await writeResponse(response, res, controller.signal);
}

/** Serves `handler` on `host:port` (0: a free port). Rejects when the port cannot be had. */
export async function listen(
  handler: Handler,
  { host, port, limits = serverLimits({}) }: { host: string; port: number; limits?: ServerLimits },
): Promise<RunningServer> {
  const server: Server = createServer(
    {
      noDelay: true,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.idleTimeoutMs,
      // How often the two timeouts above are checked; Node's 30 s default would let a slow client stay 30 s past them.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    (req, res) => void bridge(handler, req, res),
  );
  server.maxConnections = limits.maxConnections;
  // node:http times out headers only once a request has begun: a socket that sends nothing at all would
  // stay open for good, holding one of maxConnections. Its first byte hands it to Node's own timeouts.
  server.on('connection', (socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    socket.once('data', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
  // A client that half-closes once it has sent its request still gets the answer, as in workerd (Node's
  // default ends the socket at the client's FIN and drops the response). A client that has really gone
  // is noticed at the next write: a stream writes at least every 500 ms (KEEPALIVE's comments).
  // httpAllowHalfOpen: node:http's own switch (lib/_http_server.js, since Node 0.x), missing from its types.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
