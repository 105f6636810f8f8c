// `toolshim/server`: the proxy handler (a `(Request) => Promise<Response>` for
// Workers, Deno, Bun and Next.js routes) that serves the APIs of
// src/server/front-doors.ts with tool calling for any model, and its upstream
// client. Documented in worker/README.md.

export {
  type ChatCompletionsEnv,
  chatCompletionsOptionsFromEnv,
  type ProxyEnv,
  proxyOptionsFromEnv,
  REPLAY_MODEL_ID,
} from './server/core/env-options.ts';
export { secretsEqual } from './server/core/guards.ts';
export type {
  ChatCompletionsHandlerOptions,
  ProtocolName,
  ProxyHandlerOptions,
  ToolMode,
} from './server/core/options.ts';
export {
  type ChatCompletionsHandler,
  createChatCompletionsHandler,
  createProxyHandler,
  createProxyHandlerFromEnv,
  type ProxyHandler,
} from './server/handler.ts';
export { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './wire/upstream-client.ts';
