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

type Handler = (request: Request) => Promise<Response>;

export interface RunningServer {
  /** `http://HOST:PORT`, with the real port when 0 was asked for. */
  url: string;
  port: number;
  /** Stops accepting, drops open connections (aborting their requests) and resolves when closed. */
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    // A Host header that is not a host: the handler routes on the path alone.
    url = new URL(req.url ?? '/', 'http://localhost');
  }
  const method = req.method ?? 'GET';
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
export async function listen(handler: Handler, { host, port }: { host: string; port: number }): Promise<RunningServer> {
  const server: Server = createServer({ noDelay: true }, (req, res) => void bridge(handler, req, res));
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
