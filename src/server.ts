// `toolshim/server`: the proxy handler (a `(Request) => Promise<Response>` for
// Workers, Deno, Bun and Next.js routes) that serves the APIs of
// src/server/front-doors.ts with tool calling for any model, and its upstream
// client. Documented in src/server/README.md ("The handler elsewhere"): exactly
// these names.

export { type EnvOptionsExtra, type ProxyEnv, proxyOptionsFromEnv } from './server/core/env-options.ts';
export type { ProtocolName, ProxyHandlerOptions, ToolMode } from './server/core/options.ts';
export { formatForModel, type ModelFormat } from './server/core/protocol-middleware.ts';
export { nearest, readSetting, type Setting, type SettingKind, type SettingSource } from './server/core/setting.ts';
export { PROXY_SETTINGS, type ProxyVariable, SECRET_VARIABLES, shownSettings } from './server/core/settings.ts';
export { createProxyHandler, createProxyHandlerFromEnv, type ProxyHandler } from './server/handler.ts';
export {
  type KvNamespaceLike,
  kvResponseStore,
  type MemoryStoreLimits,
  memoryResponseStore,
  type ResponseStore,
  type StoredResponse,
} from './server/responses/store.ts';
export { describeFetchFailure, type FetchFailure } from './wire/fetch-failure.ts';
export { safeURL, type UpstreamAuth, upstreamAuth } from './wire/upstream-auth.ts';
export { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './wire/upstream-client.ts';
