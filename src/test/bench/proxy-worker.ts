/**
 * The Worker `npm run bench:proxy` runs in bare workerd (miniflare): the
 * proxy handler for each mode and size, built once per isolate as the
 * shipped Worker builds its one, picked by the BENCH_HEADER of a request.
 * `GET /floor` answers at once: what workerd itself costs per request.
 */

import type { ProxyHandler } from '../../server.ts';
import { BENCH_HEADER, benchHandlers } from './proxy-load.ts';

const handlers: Map<string, ProxyHandler> = benchHandlers();

export default {
  fetch(request: Request): Promise<Response> | Response {
    if (new URL(request.url).pathname === '/floor') return new Response('ok');
    const handler = handlers.get(request.headers.get(BENCH_HEADER) ?? '');
    if (handler === undefined) return new Response(`set ${BENCH_HEADER}`, { status: 400 });
    return handler(request);
  },
};
