/**
 * `createProxyHandler(options)` → `(request: Request) => Promise<Response>`:
 * the toolshim proxy, which gives tool calling to any model behind the APIs
 * of front-doors.ts. Web APIs only, so the same handler serves a Cloudflare
 * Worker, `Deno.serve`, a Next.js route handler or Bun.
 */

import { type EnvOptionsExtra, proxyOptionsFromEnv } from './core/env-options.ts';
import { createProxyCore, type ProxyHandler } from './core/handler.ts';
import { misconfiguredHandler } from './core/misconfigured.ts';
import type { ProxyHandlerOptions } from './core/options.ts';
import { FRONT_DOORS } from './front-doors.ts';

export type { ProxyHandler };

/** The proxy handler: every route of front-doors.ts, plus `GET /v1/models` and `GET /health`. */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  return createProxyCore(options, FRONT_DOORS);
}

/**
 * The handler for a set of variables (Worker vars and secrets, `Deno.env`,
 * Node's process environment; see `ProxyEnv`). It never throws: with a bad
 * variable every request answers 500 `proxy_misconfigured`, and the reason
 * (which variable and what is wrong, never its value) goes to the log and to
 * a caller that sends the PROXY_TOKEN.
 */
export function createProxyHandlerFromEnv(
  env: Record<string, unknown>,
  extra: Pick<EnvOptionsExtra, 'fetch' | 'onUpstreamFailure'> = {},
): ProxyHandler {
  try {
    return createProxyHandler(proxyOptionsFromEnv(env, extra));
  } catch (error) {
    return misconfiguredHandler(env, error, FRONT_DOORS);
  }
}
