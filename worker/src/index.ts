/**
 * The Cloudflare Worker: a thin shell around toolshim's isomorphic
 * chat-completions handler. Vars and secrets become handler options once per
 * isolate; a bad variable answers every request with a 500 that names it.
 */

import { secretsEqual } from '../../src/server/http-guards.ts';
import {
  type ChatCompletionsEnv,
  chatCompletionsOptionsFromEnv,
  createChatCompletionsHandler,
} from '../../src/server.ts';

type Handler = (request: Request) => Promise<Response>;

export interface ProxyWorker {
  fetch(request: Request, env: ChatCompletionsEnv): Promise<Response>;
}

/**
 * Builds the Worker. `fetch` replaces the global fetch for upstream requests
 * (tests pass a recorder; a service binding's `fetch` works too).
 */
export function createProxyWorker(overrides: { fetch?: typeof fetch } = {}): ProxyWorker {
  // Workers hand the same env object to every request of an isolate, so this builds the handler once.
  const handlers = new WeakMap<object, Handler>();
  return {
    async fetch(request, env) {
      let handler = handlers.get(env);
      if (handler === undefined) {
        try {
          handler = createChatCompletionsHandler(
            chatCompletionsOptionsFromEnv(env as Record<string, unknown>, overrides),
          );
        } catch (error) {
          return misconfigured(request, env, error);
        }
        handlers.set(env, handler);
      }
      return handler(request);
    },
  };
}

/**
 * A bad variable: every request answers 500 proxy_misconfigured. Which
 * variable and what is wrong with it (never its value) goes to the Worker's
 * log, and to a caller that proves it is the operator with PROXY_TOKEN;
 * anyone else learns only that the proxy is misconfigured.
 */
async function misconfigured(request: Request, env: ChatCompletionsEnv, error: unknown): Promise<Response> {
  const detail = error instanceof Error ? error.message : String(error);
  console.error(`toolshim proxy misconfigured: ${detail}`);
  const token = typeof env.PROXY_TOKEN === 'string' && env.PROXY_TOKEN !== '' ? env.PROXY_TOKEN : undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const operator = token !== undefined && bearer !== undefined && (await secretsEqual(bearer, token));
  const message = operator
    ? `The proxy is misconfigured: ${detail}`
    : 'The proxy is misconfigured. Its operator can see why in the Worker log (wrangler tail), or by calling with the PROXY_TOKEN.';
  return Response.json(
    { error: { message, type: 'server_error', param: null, code: 'proxy_misconfigured' } },
    { status: 500 },
  );
}

export default createProxyWorker();
