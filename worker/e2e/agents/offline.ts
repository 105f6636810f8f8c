/// <reference types="node" />
/**
 * Catches a client reaching for the internet: every session runs with
 * HTTP(S)_PROXY pointing here (loopback excepted through NO_PROXY), so a
 * request to any real host (telemetry, update checks, plugin catalogs) lands
 * on this server, which refuses it and remembers the host. The tests then
 * require the list to be empty. Checked with strace while writing this: with
 * the settings in clients.ts, none of the four clients resolves a name.
 */
import { createServer } from 'node:http';

export interface OutboundTrap {
  /** host:port of every refused attempt since the last `reset`. */
  hosts: string[];
  /** Variables that send a client's outbound traffic here. */
  env: Record<string, string>;
  reset: () => void;
  close: () => Promise<void>;
}

export function startTrap(): Promise<OutboundTrap> {
  const hosts: string[] = [];
  const server = createServer((request, response) => {
    hosts.push(request.headers.host ?? request.url ?? '?');
    response.writeHead(403);
    response.end();
  });
  server.on('connect', (request, socket) => {
    hosts.push(request.url ?? '?');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const noProxy = '127.0.0.1,localhost,::1';
      resolve({
        hosts,
        env: {
          HTTP_PROXY: url,
          HTTPS_PROXY: url,
          ALL_PROXY: url,
          http_proxy: url,
          https_proxy: url,
          all_proxy: url,
          NO_PROXY: noProxy,
          no_proxy: noProxy,
          // Node's own fetch ignores the variables above unless told (Node 24).
          NODE_USE_ENV_PROXY: '1',
        },
        reset: () => {
          hosts.length = 0;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
