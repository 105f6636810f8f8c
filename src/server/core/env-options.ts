/**
 * Handler options from environment variables (Worker vars and secrets,
 * `Deno.env`, Node's process environment). With no `UPSTREAM_BASE_URL` the handler runs
 * on the embedded offline replay engine, so it works with no network at all.
 */
import type { ChatEngine } from '../../engines/chat-engine.ts';
import type { ReplayEngineOptions } from '../../engines/replay-engine.ts';
import { findFormat } from '../../protocols/registry.ts';
import { upstreamAuth } from '../../wire/upstream-auth.ts';
import { DEFAULT_PROTOCOL, type ProtocolName, type ProxyHandlerOptions, type ToolMode } from './options.ts';
import { PROTOCOL_NAMES } from './protocol-presets.ts';

/** The variables the proxy reads. Everything is optional. */
export interface ProxyEnv {
  /** An OpenAI-compatible base URL, e.g. `http://127.0.0.1:8080/v1`. Unset: the offline replay model. */
  UPSTREAM_BASE_URL?: string;
  /** Secret. Sent upstream as `Authorization: Bearer …`; never echoed. */
  UPSTREAM_API_KEY?: string;
  /** The model id sent upstream (replaces the client's `model`). */
  UPSTREAM_MODEL?: string;
  /** Milliseconds to wait for upstream response headers before answering 504. Default 60000. */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Milliseconds a stream may send nothing before it is given up (default 60000). */
  UPSTREAM_IDLE_TIMEOUT_MS?: string;
  /** `emulated` (default) or `native`. */
  TOOL_MODE?: string;
  /** Emulated mode: a format name of the registry (`hermes` default, `qwen3-coder`, `mistral`, …, `auto`) or an alias (`xml`, `qwen3coder`). */
  PROTOCOL?: string;
  /** Emulated mode: images in tool results as `placeholder` (default: a line naming the file) or `attach` (the image, for a model that reads images). */
  TOOL_RESULT_FILES?: string;
  /** Emulated mode: earlier calls and results as `text` (default: the format's text) or `native` (`tool_calls` and `tool` messages, for an upstream that renders them through the model's chat template). */
  HISTORY?: string;
  /** Secret. When set, clients must send `Authorization: Bearer <PROXY_TOKEN>`. */
  PROXY_TOKEN?: string;
  /** Comma-separated host names answered besides IP addresses and `localhost` (`.example.com`: with subdomains; `*`: any). Unset: any host. */
  ALLOWED_HOSTS?: string;
  /** CORS allow-list: comma-separated origins, or `*`. Unset: no CORS headers. */
  ALLOWED_ORIGINS?: string;
  /** The request size limit in bytes. Default 1048576 (1 MB). */
  MAX_BODY_BYTES?: string;
  /** The offline replay model's pause between tokens, in ms. Default 20. */
  REPLAY_DELAY_MS?: string;
  /** Streamed requests: how long the 200 headers wait for the upstream to start (`streamHeadersWithinMs`). Default 1000. */
  STREAM_HEADERS_WITHIN_MS?: string;
  /** Streamed requests: the keep-alive interval while the model is quiet (`keepAliveMs`). Default 15000. */
  KEEPALIVE_MS?: string;
}

/** The variables that hold secrets: never shown, logged, or handed on to another program. */
export const SECRET_VARIABLES: ReadonlyArray<keyof ProxyEnv> = ['UPSTREAM_API_KEY', 'PROXY_TOKEN'];

/** The offline model's id (`GET /v1/models`), what a client asks for when no upstream is set. */
export const REPLAY_MODEL_ID = 'toolshim-replay';

/**
 * The offline sample model, loaded by its first request: the replay engine
 * (its scripts are most of its size) is a dynamic import, so a handler with
 * an upstream never evaluates it, and a bundler that splits chunks (Vite,
 * Next.js, esbuild --splitting) leaves it out of the main one.
 */
function offlineEngine(options: ReplayEngineOptions): ChatEngine {
  let engine: Promise<ChatEngine> | undefined;
  return {
    chat: {
      completions: {
        async create(request, init) {
          engine ??= import('../../engines/replay-engine.ts').then((replay) => replay.createReplayEngine(options));
          return (await engine).chat.completions.create(request, init);
        },
      },
    },
  };
}

function text(env: Record<string, unknown>, name: keyof ProxyEnv): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A comma-separated list's entries, trimmed, empty ones dropped. */
function listOf(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A whole number of `unit`, at least `min`; `why` says what a smaller value would do. */
function wholeNumber(
  env: Record<string, unknown>,
  name: keyof ProxyEnv,
  { unit, min, why = '' }: { unit: string; min: number; why?: string },
) {
  const value = text(env, name);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    // The value is not echoed: these messages can reach callers, and a variable may hold a secret by mistake.
    throw new TypeError(`${name} must be a whole number of ${unit}, at least ${min}${why}.`);
  }
  return number;
}

/**
 * Builds the options of `createProxyHandler` from variables.
 * Throws a TypeError naming the variable when one is invalid.
 */
export function proxyOptionsFromEnv(
  env: Record<string, unknown>,
  extra: { fetch?: typeof fetch } = {},
): ProxyHandlerOptions {
  const toolMode = (text(env, 'TOOL_MODE') ?? 'emulated').toLowerCase();
  if (toolMode !== 'emulated' && toolMode !== 'native') {
    throw new TypeError('TOOL_MODE must be "emulated" or "native".');
  }
  const protocol = (text(env, 'PROTOCOL') ?? DEFAULT_PROTOCOL).toLowerCase();
  if (findFormat(protocol) === undefined) {
    // The value is not echoed: these messages can reach unauthenticated callers.
    throw new TypeError(`PROTOCOL is not a format name. Use one of: ${PROTOCOL_NAMES.join(', ')}.`);
  }
  const files = text(env, 'TOOL_RESULT_FILES')?.toLowerCase();
  if (files !== undefined && files !== 'placeholder' && files !== 'attach') {
    throw new TypeError('TOOL_RESULT_FILES must be "placeholder" or "attach" (for a model that reads images).');
  }
  const history = text(env, 'HISTORY')?.toLowerCase();
  if (history !== undefined && history !== 'text' && history !== 'native') {
    throw new TypeError(
      'HISTORY must be "text" or "native" (tool_calls and tool messages, for a templating upstream).',
    );
  }
  const origins = text(env, 'ALLOWED_ORIGINS');
  const options: ProxyHandlerOptions = {
    toolMode: toolMode as ToolMode,
    protocol: protocol as ProtocolName,
    ...(files !== undefined ? { toolResultFiles: files } : {}),
    ...(history !== undefined ? { history } : {}),
  };
  const streamHeadersWithinMs = wholeNumber(env, 'STREAM_HEADERS_WITHIN_MS', { unit: 'milliseconds', min: 0 });
  if (streamHeadersWithinMs !== undefined) options.streamHeadersWithinMs = streamHeadersWithinMs;
  const keepAliveMs = wholeNumber(env, 'KEEPALIVE_MS', { unit: 'milliseconds', min: 1 });
  if (keepAliveMs !== undefined) options.keepAliveMs = keepAliveMs;
  const maxBodyBytes = wholeNumber(env, 'MAX_BODY_BYTES', { unit: 'bytes', min: 1 });
  if (maxBodyBytes !== undefined) options.maxBodyBytes = maxBodyBytes;
  const proxyToken = text(env, 'PROXY_TOKEN');
  if (proxyToken !== undefined) options.proxyToken = proxyToken;
  const hosts = text(env, 'ALLOWED_HOSTS');
  if (hosts !== undefined) options.allowedHosts = listOf(hosts).map((host) => host.toLowerCase());
  if (origins !== undefined) {
    options.allowedOrigins = origins === '*' ? '*' : listOf(origins);
  }

  const baseURL = text(env, 'UPSTREAM_BASE_URL');
  if (baseURL !== undefined) {
    if (!/^https?:\/\//.test(baseURL)) {
      throw new TypeError('UPSTREAM_BASE_URL must be an http(s) URL such as http://127.0.0.1:8080/v1.');
    }
    const apiKey = text(env, 'UPSTREAM_API_KEY');
    // Throws now, at startup, when the URL's user and password and a key are both set (upstream-auth.ts).
    upstreamAuth(baseURL, apiKey);
    const model = text(env, 'UPSTREAM_MODEL');
    const timeoutMs = wholeNumber(env, 'UPSTREAM_TIMEOUT_MS', {
      unit: 'milliseconds',
      min: 1,
      // 0 does not mean "no timeout": the timer fires at once and every request would answer 504.
      why: ' (0 would time out every request with a 504; leave it unset for the 60000 default)',
    });
    const idleTimeoutMs = wholeNumber(env, 'UPSTREAM_IDLE_TIMEOUT_MS', {
      unit: 'milliseconds',
      min: 1,
      why: ' (leave it unset for the 60000 default)',
    });
    options.upstream = {
      baseURL,
      ...(apiKey ? { apiKey } : {}),
      ...(model ? { model } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
      ...(extra.fetch ? { fetch: extra.fetch } : {}),
    };
    return options;
  }
  if (toolMode === 'native') {
    throw new TypeError(
      'TOOL_MODE=native forwards tools to an upstream that has native tool calling: set UPSTREAM_BASE_URL (and UPSTREAM_API_KEY if it needs one).',
    );
  }
  if (history === 'native') {
    // The replay model has no chat template: it reads calls and results in the text form only.
    throw new TypeError(
      "HISTORY=native sends earlier calls as tool_calls and tool messages for the upstream's chat template; the offline replay model reads the text form only. Set UPSTREAM_BASE_URL, or leave HISTORY unset.",
    );
  }
  const delayMs = wholeNumber(env, 'REPLAY_DELAY_MS', { unit: 'milliseconds', min: 0 }) ?? 20;
  options.engine = offlineEngine({ delayMs, model: REPLAY_MODEL_ID, format: protocol });
  options.modelId = REPLAY_MODEL_ID;
  options.modelDescription =
    'The embedded offline replay model: it plays back scripted sample outputs (written for toolshim, not recorded from a model), including tool calls in the configured PROTOCOL. Set UPSTREAM_BASE_URL to use a real model.';
  return options;
}
