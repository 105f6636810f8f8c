/**
 * Handler options from environment variables (Worker vars and secrets,
 * `Deno.env`, Node's process environment), each read and checked by its row
 * of settings.ts. With no `UPSTREAM_BASE_URL` the handler runs on the
 * embedded offline replay engine, so it works with no network at all.
 */
import type { ChatEngine } from '../../engines/chat-engine.ts';
import type { ReplayEngineOptions } from '../../engines/sample/replay-engine.ts';
import { findFormat } from '../../protocols/registry.ts';
import { upstreamAuth } from '../../wire/upstream-auth.ts';
import type { UpstreamError } from '../../wire/upstream-error.ts';
import { type KvNamespaceLike, kvResponseStore, memoryResponseStore, type ResponseStore } from '../responses/store.ts';
import { upstreamToHttp } from './faults.ts';
import { DEFAULT_PROTOCOL, type ProxyHandlerOptions, type ToolMode } from './options.ts';
import { readSetting } from './setting.ts';
import { DEFAULT_REPLAY_DELAY_MS, type ProxyEnv, type ProxyVariable, settingOf } from './settings.ts';

export type { ProxyEnv };

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
          engine ??= import('../../engines/sample/replay-engine.ts').then((replay) =>
            replay.createReplayEngine(options),
          );
          return (await engine).chat.completions.create(request, init);
        },
      },
    },
  };
}

export interface EnvOptionsExtra {
  /** The fetch for upstream requests (a service binding's, a test recorder). */
  fetch?: typeof fetch;
  /**
   * How each variable was given, by name, for the errors: `toolshim` passes
   * `{ TOOL_MODE: '--mode' }` for the flags the user typed. Unlisted: the variable's own name.
   */
  sources?: Partial<Record<ProxyVariable, string>>;
  /** Quote a bad value in its error (the command line). Off by default: a Worker's errors can reach callers. */
  echo?: boolean;
  /** Told, in one line, of every upstream request that failed: what the client was answered (a log). */
  onUpstreamFailure?: (line: string) => void;
}

/** Reads every setting once, by its row: a TypeError naming the first bad one. */
function readAll(env: Record<string, unknown>, extra: EnvOptionsExtra) {
  const read = <T>(variable: ProxyVariable) =>
    readSetting(settingOf(variable), env[variable], {
      from: extra.sources?.[variable] ?? variable,
      echo: extra.echo === true,
    }) as T | undefined;
  return {
    toolMode: read<ToolMode>('TOOL_MODE') ?? 'emulated',
    protocol: read<string>('PROTOCOL'),
    files: read<'placeholder' | 'attach'>('TOOL_RESULT_FILES'),
    history: read<'text' | 'native'>('HISTORY'),
    streamHeadersWithinMs: read<number>('STREAM_HEADERS_WITHIN_MS'),
    keepAliveMs: read<number>('KEEPALIVE_MS'),
    maxBodyBytes: read<number>('MAX_BODY_BYTES'),
    proxyToken: read<string>('PROXY_TOKEN'),
    hosts: read<string[]>('ALLOWED_HOSTS'),
    origins: read<string[]>('ALLOWED_ORIGINS'),
    baseURL: read<string>('UPSTREAM_BASE_URL'),
    apiKey: read<string>('UPSTREAM_API_KEY'),
    model: read<string>('UPSTREAM_MODEL'),
    timeoutMs: read<number>('UPSTREAM_TIMEOUT_MS'),
    idleTimeoutMs: read<number>('UPSTREAM_IDLE_TIMEOUT_MS'),
    replayDelayMs: read<number>('REPLAY_DELAY_MS'),
    storeMaxBytes: read<number>('RESPONSES_STORE_MAX_BYTES'),
    storeTtlMs: read<number>('RESPONSES_STORE_TTL_MS'),
  };
}

/** A failure, as the line a log gets: the answer's status and message, which name the upstream and the cause. */
function logged(log: (line: string) => void) {
  return (error: UpstreamError) => {
    const answer = upstreamToHttp(error);
    log(`upstream request failed, answered ${answer.status} ${answer.code}: ${answer.message}`);
  };
}

/** A Workers KV namespace bound as `RESPONSES_STORE` (every isolate sees it), else memory with the limits. */
function responseStoreOf(binding: unknown, maxBytes: number | undefined, ttlMs: number | undefined): ResponseStore {
  const kv = binding as Partial<KvNamespaceLike> | undefined;
  if (typeof kv?.get === 'function' && typeof kv.put === 'function')
    return kvResponseStore(kv as KvNamespaceLike, ttlMs);
  return memoryResponseStore({ ...(maxBytes ? { maxBytes } : {}), ...(ttlMs ? { ttlMs } : {}) });
}

/** Sets `key` when `value` is defined: the options object keeps only what was given. */
function put<K extends keyof ProxyHandlerOptions>(
  options: ProxyHandlerOptions,
  key: K,
  value: ProxyHandlerOptions[K] | undefined,
) {
  if (value !== undefined) options[key] = value;
}

/**
 * Builds the options of `createProxyHandler` from variables.
 * Throws a TypeError naming the variable (or the flag, `extra.sources`) when one is invalid.
 */
export function proxyOptionsFromEnv(env: Record<string, unknown>, extra: EnvOptionsExtra = {}): ProxyHandlerOptions {
  const values = readAll(env, extra);
  // An alias (`xml`) names its format's own name from here on.
  const protocol = findFormat(values.protocol ?? '')?.name;
  const options: ProxyHandlerOptions = { toolMode: values.toolMode };
  put(options, 'protocol', protocol);
  put(options, 'toolResultFiles', values.files);
  put(options, 'history', values.history);
  put(options, 'streamHeadersWithinMs', values.streamHeadersWithinMs);
  put(options, 'keepAliveMs', values.keepAliveMs);
  put(options, 'maxBodyBytes', values.maxBodyBytes);
  put(options, 'proxyToken', values.proxyToken);
  put(
    options,
    'allowedHosts',
    values.hosts?.map((host) => host.toLowerCase()),
  );
  put(options, 'allowedOrigins', values.origins?.includes('*') ? '*' : values.origins);
  options.responseStore = responseStoreOf(env.RESPONSES_STORE, values.storeMaxBytes, values.storeTtlMs);

  const { baseURL, apiKey, model, timeoutMs, idleTimeoutMs } = values;
  if (baseURL !== undefined) {
    // Throws now, at startup, when the URL's user and password and a key are both set (upstream-auth.ts).
    upstreamAuth(baseURL, apiKey);
    options.upstream = {
      baseURL,
      ...(apiKey ? { apiKey } : {}),
      ...(model ? { model } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
      ...(extra.fetch ? { fetch: extra.fetch } : {}),
      urlSetting: extra.sources?.UPSTREAM_BASE_URL ?? 'UPSTREAM_BASE_URL',
      ...(extra.onUpstreamFailure ? { onFailure: logged(extra.onUpstreamFailure) } : {}),
    };
    return options;
  }
  const from = (variable: ProxyVariable) => extra.sources?.[variable] ?? variable;
  if (values.toolMode === 'native') {
    throw new TypeError(
      `${from('TOOL_MODE')}=native forwards tools to an upstream that has native tool calling: set ${from('UPSTREAM_BASE_URL')} (and ${from('UPSTREAM_API_KEY')} if it needs one).`,
    );
  }
  if (values.history === 'native') {
    // The replay model has no chat template: it reads calls and results in the text form only.
    throw new TypeError(
      `HISTORY=native sends earlier calls as tool_calls and tool messages for the upstream's chat template; the offline replay model reads the text form only. Set ${from('UPSTREAM_BASE_URL')}, or leave HISTORY unset.`,
    );
  }
  options.engine = offlineEngine({
    delayMs: values.replayDelayMs ?? DEFAULT_REPLAY_DELAY_MS,
    model: REPLAY_MODEL_ID,
    format: protocol ?? DEFAULT_PROTOCOL,
  });
  options.modelId = REPLAY_MODEL_ID;
  options.modelDescription =
    'Scripted: the embedded offline replay model, no real model. It plays back sample outputs written for toolshim (not recorded from a model), including tool calls in the configured PROTOCOL. Set UPSTREAM_BASE_URL to use a real model.';
  return options;
}
