/**
 * The Cloudflare Worker: a thin shell around toolshim's isomorphic proxy
 * handler (`toolshim/server`). Vars and secrets become the handler once per
 * isolate, which logs its effective settings once (settings-line.ts); a bad
 * variable answers every request with a 500 that names it to the operator
 * only (createProxyHandlerFromEnv).
 */

import { createProxyHandlerFromEnv, type ProxyEnv, type ProxyHandler } from '../../src/server.ts';
import { settingsLine } from './settings-line.ts';

export interface ProxyWorker {
  fetch(request: Request, env: ProxyEnv, ctx?: { waitUntil(promise: Promise<unknown>): void }): Promise<Response>;
}

/**
 * Builds the Worker. `fetch` replaces the global fetch for upstream requests
 * (tests pass a recorder; a service binding's `fetch` works too).
 */
export function createProxyWorker(overrides: { fetch?: typeof fetch } = {}): ProxyWorker {
  // Workers hand the same env object to every request of an isolate, so this builds the handler once.
  const handlers = new WeakMap<object, ProxyHandler>();
  return {
    fetch(request, env, ctx) {
      let handler = handlers.get(env);
      if (handler === undefined) {
        handler = createProxyHandlerFromEnv(env as Record<string, unknown>, {
          ...overrides,
          // One line per failed upstream request in the Worker's log (wrangler tail), naming the upstream and the cause.
          onUpstreamFailure: (line) => console.error(`toolshim proxy: ${line}`),
        });
        handlers.set(env, handler);
        console.log(settingsLine(env as Record<string, unknown>));
      }
      // waitUntil lets the Responses store finish writing (a KV put) after the answer is out.
      return handler(request, ctx ? { waitUntil: (promise) => ctx.waitUntil(promise) } : {});
    },
  };
}

export default createProxyWorker();
