/** Options of `createChatCompletionsHandler`. */
import type { LanguageModelV4, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ChatEngine } from '../engines/chat-engine.ts';
import type { UpstreamClientOptions } from '../wire/upstream-client.ts';

/**
 * - `emulated`: toolshim teaches the tools in the system prompt and parses the
 *   calls out of the text; the upstream never sees `tools`.
 * - `native`: the upstream has tool calling; `tools` and `tool_choice` are
 *   forwarded unchanged (proposal 0025 §8.1.1), after pre-send validation.
 */
export type ToolMode = 'emulated' | 'native';

/** The text formats emulated mode can teach, by their `PROTOCOL` names. */
/**
 * A format name from the registry (`hermes`, `qwen3-coder`, `mistral`, …,
 * `auto`; the README's format table lists them), or an alias (`xml`, `qwen3coder`).
 */
export type ProtocolName = string;

export interface ChatCompletionsHandlerOptions {
  /** `emulated` (default) or `native`. */
  toolMode?: ToolMode;
  /**
   * Emulated mode: the model to give tool calling to (any AI SDK `LanguageModelV4`,
   * without tools). Takes precedence over `engine` and `upstream`.
   */
  model?: LanguageModelV4;
  /**
   * A chat-completions engine (`createReplayEngine()`, a WebLLM engine, an `openai` client).
   * Emulated mode adapts it with `fromChatEngine`; native mode forwards requests to it.
   */
  engine?: ChatEngine;
  /** An OpenAI-compatible HTTP upstream; used when neither `model` nor `engine` is given. */
  upstream?: UpstreamClientOptions;
  /** Emulated mode: the protocol the model is taught. Default `hermes`. */
  protocol?: ProtocolName;
  /** Emulated mode: a toolshim middleware to use instead of the `protocol` preset (custom templates, onError). */
  middleware?: LanguageModelV4Middleware;
  /** The model id `GET /v1/models` lists. Default: the upstream model, else `toolshim`. */
  modelId?: string;
  /** A sentence about the model, returned by `GET /v1/models` as `description`. */
  modelDescription?: string;
  /** When set, clients must send `Authorization: Bearer <proxyToken>` (compared in constant time), else 401. */
  proxyToken?: string;
  /** Origins allowed by CORS: a list, or `'*'` for any. Default: none (no CORS headers). */
  allowedOrigins?: string[] | '*';
  /** The largest request body accepted, in bytes; larger gets 413. Default 1 MB (1048576). */
  maxBodyBytes?: number;
  /** A path prefix the routes live under, e.g. `/api` for `/api/v1/chat/completions`. Default none. */
  basePath?: string;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
