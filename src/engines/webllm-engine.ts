/**
 * WebLLM (in-browser models on WebGPU) as a ChatEngine. The caller passes the
 * `@mlc-ai/web-llm` module in, usually from a lazy `import()`, so toolshim
 * itself never imports it and bundles without it:
 *
 *   const webllm = await import('@mlc-ai/web-llm');
 *   const engine = await createWebLLMEngine({ webllm, model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', onProgress });
 *   const model = wrapLanguageModel({ model: fromChatEngine(engine, { modelId: engine.modelId }), middleware: hermesToolMiddleware });
 *
 * WebLLM's `tools` field is never used: it accepts a handful of Hermes models
 * only and refuses custom system prompts. toolshim prompts and parses instead.
 */
import type { ChatCompletionChunk, ChatCompletionRequest } from '../wire/types.ts';
import type { ChatEngine, ChatEngineCallOptions } from './chat-engine.ts';

/** Weight download and compile progress, as WebLLM reports it (`progress` from 0 to 1). */
export interface WebLLMProgress {
  progress: number;
  timeElapsed: number;
  text: string;
}

/** The part of a WebLLM `MLCEngine` the adapter uses. */
export interface WebLLMEngineLike {
  chat: { completions: { create(request: never): Promise<unknown> } };
  interruptGenerate(): void | Promise<void>;
  unload(): Promise<void>;
}

/** The part of the `@mlc-ai/web-llm` module the adapter uses (checked against the package in the tests). */
export interface WebLLMModule {
  CreateMLCEngine(
    modelId: string,
    engineConfig?: { initProgressCallback?: (report: WebLLMProgress) => void },
  ): Promise<WebLLMEngineLike>;
}

/** Options of `createWebLLMEngine`. */
export interface WebLLMEngineOptions {
  /** The `@mlc-ai/web-llm` module: `await import('@mlc-ai/web-llm')`. */
  webllm: WebLLMModule;
  /** A WebLLM prebuilt model id, e.g. `Qwen2.5-1.5B-Instruct-q4f16_1-MLC`; see `WEBLLM_MODELS`. */
  model: string;
  /** Called while weights download and compile; drive a progress bar with `progress` (0–1). */
  onProgress?: (report: WebLLMProgress) => void;
}

/** A ChatEngine backed by a loaded WebLLM model. */
export interface WebLLMChatEngine extends ChatEngine {
  readonly modelId: string;
  /** Frees the GPU memory of the model. */
  unload(): Promise<void>;
}

/** Small prebuilt WebLLM models that follow a tool-call prompt well enough for the demo, smallest first. */
export const WEBLLM_MODELS = [
  { id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 0.5B (≈ 0.4 GB)', protocol: 'hermes' },
  { id: 'Qwen3-0.6B-q4f16_1-MLC', label: 'Qwen3 0.6B (≈ 0.5 GB)', protocol: 'hermes' },
  { id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 1.5B (≈ 1.1 GB)', protocol: 'hermes' },
  { id: 'gemma-2-2b-it-q4f16_1-MLC', label: 'Gemma 2 2B (≈ 1.5 GB)', protocol: 'gemma' },
  { id: 'Hermes-3-Llama-3.2-3B-q4f16_1-MLC', label: 'Hermes 3 Llama 3.2 3B (≈ 2.3 GB)', protocol: 'hermes' },
] as const;

interface NavigatorWithGpu {
  gpu?: { requestAdapter(): Promise<unknown> };
}

/**
 * Whether this browser can run WebLLM, and if not, why, in words the app's
 * own user can act on (another browser, hardware acceleration); an app that
 * has a fallback (a server model) says so itself.
 */
export async function checkWebGpu(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const nav = (globalThis as { navigator?: NavigatorWithGpu }).navigator;
  if (!nav?.gpu) {
    return {
      ok: false,
      reason:
        'WebGPU is not available in this browser, so WebLLM cannot run here. Use a recent Chrome or Edge on a machine with a GPU, or Safari 26 or later.',
    };
  }
  try {
    const adapter = await nav.gpu.requestAdapter();
    if (adapter) return { ok: true };
  } catch {
    // Fall through to the same message as a missing adapter.
  }
  return {
    ok: false,
    reason:
      'WebGPU is present but no GPU adapter was found (headless browser, blocklisted driver or GPU disabled). Turn on hardware acceleration in the browser settings, or use a machine with a GPU.',
  };
}

/**
 * WebLLM takes a JSON schema as a string in `response_format: {type: 'json_object', schema}`,
 * not OpenAI's `json_schema` object, and wants string content on every message.
 */
function toWebLLMRequest(
  request: ChatCompletionRequest & { stream?: boolean },
  model: string,
): Record<string, unknown> {
  const {
    response_format: format,
    stream_options: streamOptions,
    model: _model,
    tools: _tools,
    tool_choice: _choice,
    ...rest
  } = request;
  if (request.messages.some((m) => m.role === 'tool' || (m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0))) {
    // WebLLM's templates take tool roles only with its own `tools`, which toolshim never sends.
    throw new TypeError(
      "WebLLM takes no tool_calls or tool messages: wrap the model with a toolshim middleware whose `history` is 'text' (the default), which writes earlier calls and results as text.",
    );
  }
  const out: Record<string, unknown> = {
    ...rest,
    model,
    messages: request.messages.map((m) => (m.role === 'assistant' ? { ...m, content: m.content ?? '' } : m)),
  };
  if (request.stream && streamOptions) out.stream_options = streamOptions;
  if (format?.type === 'json_schema') {
    out.response_format = {
      type: 'json_object',
      ...(format.json_schema.schema ? { schema: JSON.stringify(format.json_schema.schema) } : {}),
    };
  } else if (format?.type === 'json_object') out.response_format = { type: 'json_object' };
  return out;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ChatCompletionChunk> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * The same chunks; `release` runs once when the stream ends, throws or is
 * closed with `return()`. An iterator object rather than a generator, whose
 * `finally` would not run if it were closed before its first `next()`.
 */
function releasingWhenDone(
  source: AsyncIterable<ChatCompletionChunk>,
  release: () => void,
): AsyncIterableIterator<ChatCompletionChunk> {
  const iterator = source[Symbol.asyncIterator]();
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    release();
  };
  const wrapped: AsyncIterableIterator<ChatCompletionChunk> = {
    async next() {
      try {
        const step = await iterator.next();
        if (step.done) done();
        return step;
      } catch (error) {
        done();
        throw error;
      }
    },
    async return(value?: unknown) {
      done();
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return wrapped;
    },
  };
  return wrapped;
}

/** Loads a WebLLM model (downloading weights on first use) and returns it as a ChatEngine. */
export async function createWebLLMEngine(options: WebLLMEngineOptions): Promise<WebLLMChatEngine> {
  const gpu = await checkWebGpu();
  if (!gpu.ok) throw new Error(gpu.reason);
  const engine = await options.webllm.CreateMLCEngine(
    options.model,
    options.onProgress ? { initProgressCallback: options.onProgress } : {},
  );
  return {
    modelId: options.model,
    unload: () => engine.unload(),
    chat: {
      completions: {
        async create(request: ChatCompletionRequest & { stream?: boolean }, callOptions?: ChatEngineCallOptions) {
          const signal = callOptions?.signal;
          signal?.throwIfAborted();
          // WebLLM takes no signal: an abort interrupts the running generation instead. The listener must
          // go once this request is over, or a later abort of the same signal would interrupt whatever
          // other request is generating by then (once per finished request).
          const onAbort = () => void engine.interruptGenerate();
          const release = () => signal?.removeEventListener('abort', onAbort);
          signal?.addEventListener('abort', onAbort, { once: true });
          let result: unknown;
          try {
            result = await engine.chat.completions.create(toWebLLMRequest(request, options.model) as never);
          } catch (error) {
            release();
            throw error;
          }
          // A stream is still generating: keep the listener until it ends, fails or is closed early.
          if (request.stream && isAsyncIterable(result)) return releasingWhenDone(result, release);
          release();
          return result as Awaited<ReturnType<ChatEngine['chat']['completions']['create']>>;
        },
      },
    },
  };
}
