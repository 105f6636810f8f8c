/// <reference types="node" />
/**
 * The Node host of `npm run bench:proxy`, run as a child process so its CPU
 * is its own: the bench load's handlers (proxy-load.ts) behind the same
 * node:http bridge and socket limits `toolshim serve` uses
 * (worker/node/serve.ts), picked per request by BENCH_HEADER as the bench
 * Worker picks them. Prints `listening PORT` once it listens on 127.0.0.1.
 */
import { listen } from '../../../worker/node/serve.ts';
import { BENCH_HEADER, benchHandlers } from './proxy-load.ts';

const handlers = benchHandlers();
const server = await listen(
  async (request) => {
    if (new URL(request.url).pathname === '/floor') return new Response('ok');
    const handler = handlers.get(request.headers.get(BENCH_HEADER) ?? '');
    if (handler === undefined) return new Response(`set ${BENCH_HEADER}`, { status: 400 });
    return handler(request);
  },
  { host: '127.0.0.1', port: 0 },
);
console.log(`listening ${server.port}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
