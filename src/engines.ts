// `toolshim/engines`: turn anything shaped like `chat.completions.create`
// (WebLLM's MLCEngine, the openai client, any OpenAI-compatible server over
// fetch, the scripted replay) into an AI SDK model that toolshim can wrap.
// Documented in src/README.md, "Engines".

export {
  type ChatEngine,
  type ChatEngineCallOptions,
  type ChatEngineLike,
  type FromChatEngineOptions,
  fromChatEngine,
} from './engines/chat-engine.ts';
export { ChatEngineHttpError, createHttpEngine, type HttpEngineOptions } from './engines/http-engine.ts';
export { createReplayEngine, type ReplayEngineOptions } from './engines/sample/replay-engine.ts';
export {
  checkWebGpu,
  createWebLLMEngine,
  WEBLLM_MODELS,
  type WebLLMChatEngine,
  type WebLLMEngineOptions,
  type WebLLMModule,
  type WebLLMProgress,
} from './engines/webllm-engine.ts';
// The OpenAI chat-completions shapes a ChatEngine takes and returns, for apps that write or wrap one.
export type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from './wire/types.ts';
