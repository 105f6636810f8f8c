/// <reference types="node" />
/**
 * An upstream that tries to leak what it was given: every answer quotes the
 * Authorization header it received, the password it knows, and the URL it
 * was asked for, in each place an upstream's text can reach a client (a 401
 * and a 500 JSON error, a plain-text 502, an error event inside a stream,
 * and a stream line that is not an event). Which answer a request gets is
 * chosen by `case=NAME` in its body.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HOSTILE_CASES = ['json-401', 'json-500', 'text-502', 'stream-error', 'stream-garbage'] as const;
export type HostileCase = (typeof HOSTILE_CASES)[number];

export interface HostileUpstream {
  /** `http://127.0.0.1:PORT/v1`, to which a test adds credentials. */
  url: string;
  port: number;
  seen: Array<{ url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function hostileUpstream(password: string): Promise<HostileUpstream> {
  const seen: HostileUpstream['seen'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const quoted = `refused Authorization: ${req.headers.authorization ?? '(none)'} (password ${password}) for ${req.url}`;
      if (req.url?.endsWith('/models')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: quoted } }));
        return;
      }
      const chosen = (/case=([\w-]+)/.exec(body)?.[1] ?? 'json-401') as HostileCase;
      if (chosen === 'json-401' || chosen === 'json-500') {
        res.writeHead(chosen === 'json-401' ? 401 : 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: quoted, type: 'invalid_request_error' } }));
      } else if (chosen === 'text-502') {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(quoted);
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const line = chosen === 'stream-error' ? `data: ${JSON.stringify({ error: { message: quoted } })}` : quoted;
        res.end(`${line}\n\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
