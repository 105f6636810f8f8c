// `toolshim/server`: the OpenAI-compatible `/v1/chat/completions` handler
// (a `(Request) => Promise<Response>` for Workers, Deno, Bun and Next.js
// routes) and its upstream client. Documented in worker/README.md.

export {
  type ChatCompletionsEnv,
  chatCompletionsOptionsFromEnv,
  REPLAY_MODEL_ID,
} from './server/env-options.ts';
export { type ChatCompletionsHandler, createChatCompletionsHandler } from './server/handler.ts';
export type { ChatCompletionsHandlerOptions, ProtocolName, ToolMode } from './server/options.ts';
export { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './wire/upstream-client.ts';
