/**
 * The Cloudflare Worker: a thin shell around toolshim's isomorphic
 * chat-completions handler. Vars and secrets become handler options once per
 * isolate; a bad variable answers every request with a 500 that names it.
 */
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
          const message = `The proxy is misconfigured: ${error instanceof Error ? error.message : String(error)}`;
          return Response.json(
            { error: { message, type: 'server_error', param: null, code: 'proxy_misconfigured' } },
            { status: 500 },
          );
        }
        handlers.set(env, handler);
      }
      return handler(request);
    },
  };
}

export default createProxyWorker();
