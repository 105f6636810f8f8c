/**
 * A handler for a deployment whose variables are wrong: every request, on
 * every route, answers 500 `proxy_misconfigured` in that route's error
 * shape. Which variable and what is wrong with it (never its value) goes to
 * the log (`console.error`, e.g. `wrangler tail`) and to a caller that
 * proves it is the operator with PROXY_TOKEN; anyone else learns only that
 * the proxy is misconfigured.
 */
import { ProxyHttpError } from './errors.ts';
import type { FrontDoor } from './front-door.ts';
import { secretsEqual, tokenOf } from './guards.ts';
import type { ProxyHandler } from './handler.ts';
import { routeTable } from './routes.ts';

export function misconfiguredHandler(
  env: Record<string, unknown>,
  problem: unknown,
  doors: readonly FrontDoor[],
): ProxyHandler {
  const detail = problem instanceof Error ? problem.message : String(problem);
  const token =
    typeof env.PROXY_TOKEN === 'string' && env.PROXY_TOKEN.trim() !== '' ? env.PROXY_TOKEN.trim() : undefined;
  const routes = routeTable(doors);
  /** The door at `path` under any base path (the variable that sets it may be the broken one). */
  const doorAt = (path: string): FrontDoor | undefined => {
    let at = path;
    while (at !== '') {
      const found = routes.match(at);
      if (found !== undefined) return found.door;
      const next = at.indexOf('/', 1);
      if (next === -1) return undefined;
      at = at.slice(next);
    }
    return undefined;
  };
  return async (request) => {
    console.error(`toolshim proxy misconfigured: ${detail}`);
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const door = doorAt(path);
    let operator = false;
    if (token !== undefined) {
      for (const given of tokenOf(request, door?.tokenHeaders ?? ['authorization'])) {
        operator = (await secretsEqual(given, token)) || operator;
      }
    }
    const message = operator
      ? `The proxy is misconfigured: ${detail}`
      : 'The proxy is misconfigured. Its operator can see why in the Worker log (wrangler tail), or by calling with the PROXY_TOKEN.';
    const error = new ProxyHttpError(500, message, { type: 'server_error', code: 'proxy_misconfigured' });
    return Response.json(door ? door.errorBody(error) : error.toBody(), { status: 500 });
  };
}
