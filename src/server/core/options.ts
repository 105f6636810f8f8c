/** Options of `createProxyHandler`. */
import type { LanguageModelV4, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ChatEngine } from '../../engines/chat-engine.ts';
import type { UpstreamClientOptions } from '../../wire/upstream-client.ts';
import type { ResponseStore } from '../responses/store.ts';

/**
 * - `emulated`: toolshim teaches the tools in the system prompt and parses the
 *   calls out of the text; the upstream never sees `tools`.
 * - `native`: the upstream has tool calling. Chat completions forwards the
 *   client's `tools` and `tool_choice` unchanged; the other APIs translate
 *   theirs to chat-completions `tools`/`tool_choice` and the upstream's
 *   `tool_calls` back. The tool choice is validated before anything is sent.
 */
export type ToolMode = 'emulated' | 'native';

/**
 * A format name from the registry (`hermes`, `qwen3-coder`, `mistral`, …,
 * `auto`; the README's format table lists them), or an alias (`xml`, `qwen3coder`).
 */
export type ProtocolName = string;

export interface ProxyHandlerOptions {
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
  /** Emulated mode: the protocol the model is taught. Default `hermes` (`DEFAULT_PROTOCOL`). */
  protocol?: ProtocolName;
  /**
   * Emulated mode: what an image in a tool result (Codex's `view_image`, Claude
   * Code's Read of a picture) becomes for the model: `'placeholder'` (default),
   * a line naming the file, for text-only models; `'attach'`, the image itself
   * after the results, for a model that reads images. The middleware's
   * `toolResultFiles`.
   */
  toolResultFiles?: 'placeholder' | 'attach';
  /**
   * Emulated mode: how earlier tool calls and results reach the upstream.
   * `'text'` (default): rewritten as the format's text, for any model.
   * `'native'`: sent as assistant `tool_calls` and `role: "tool"` messages,
   * for an upstream that renders them through the model's chat template
   * (vLLM, SGLang, llama.cpp `--jinja`, Ollama, LM Studio); not the offline
   * replay model or WebLLM. The middleware's `history`.
   */
  history?: 'text' | 'native';
  /** Emulated mode: a toolshim middleware to use instead of the `protocol` preset (custom templates, onError). */
  middleware?: LanguageModelV4Middleware;
  /** The model id `GET /v1/models` lists. Default: the upstream model, else `toolshim`. */
  modelId?: string;
  /** A sentence about the model, returned by `GET /v1/models` as `description`. */
  modelDescription?: string;
  /** When set, clients must send `Authorization: Bearer <proxyToken>` (compared in constant time), else 401. */
  proxyToken?: string;
  /**
   * Host names the proxy answers to besides IP addresses and `localhost`
   * (which no DNS answer can point elsewhere); an entry with a leading dot
   * (`.example.com`) also allows its subdomains, `'*'` any name. Other hosts
   * get 403 `host_not_allowed`. For a proxy on loopback without a token,
   * against DNS rebinding (a web page that points its own name at
   * 127.0.0.1). Default: unset, any host (a Worker at its own domain).
   */
  allowedHosts?: readonly string[];
  /** Origins allowed by CORS: a list, or `'*'` for any. Default: none (no CORS headers). */
  allowedOrigins?: string[] | '*';
  /** The largest request body accepted, in bytes; larger gets 413. Default 1 MB (1048576). */
  maxBodyBytes?: number;
  /**
   * Where the Responses door keeps the answers it gave, so a client may refer
   * to them (`previous_response_id`, `item_reference`): `memoryResponseStore()`
   * (the default, bounded by size and time to live; per isolate in a Worker) or
   * `kvResponseStore(kv)` (a Workers KV namespace every isolate sees).
   */
  responseStore?: ResponseStore;
  /** A path prefix the routes live under, e.g. `/api` for `/api/v1/chat/completions`. Default none. */
  basePath?: string;
  /**
   * Streamed requests: how long the proxy holds its `200` headers back while
   * the upstream has not started answering, so that an upstream failure in
   * that time (401, 429, 502, an HTML page) still reaches the client as an
   * HTTP status that SDKs retry on. After it, the proxy sends the headers and
   * an SSE comment itself, and a later failure arrives as the API's error
   * event. Keep it short: in workerd a client that leaves before the first
   * byte is not noticed, so the upstream runs on until then. `0`: headers at
   * once. Default 1000.
   */
  streamHeadersWithinMs?: number;
  /**
   * Streamed requests: while the model sends nothing for this long, the
   * proxy sends a keep-alive (`: ping`, or the API's own `ping` event), so
   * idle-connection timeouts on the way do not cut a slow answer. Between
   * keep-alives a `:` comment goes out every 500 ms of quiet, so that a
   * runtime that notices a gone client only on a write (workerd) lets the
   * upstream go soon. Default 15000.
   */
  keepAliveMs?: number;
}

/** The format an emulated model is taught when no `protocol` (PROTOCOL) is given. */
export const DEFAULT_PROTOCOL: ProtocolName = 'hermes';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_STREAM_HEADERS_WITHIN_MS = 1000;
export const DEFAULT_KEEP_ALIVE_MS = 15_000;
