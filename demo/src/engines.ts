/**
 * The page's engines, all behind the same ChatEngine shape, and the model the
 * chat loop uses: `wrapLanguageModel({ model: fromChatEngine(engine), middleware })`.
 */
import { type LanguageModel, wrapLanguageModel } from 'ai';
import { createToolMiddleware, type OnToolshimError, type ToolCallProtocol } from 'toolshim';
import {
  type ChatCompletionChunk,
  type ChatEngine,
  checkWebGpu,
  createHttpEngine,
  createReplayEngine,
  createWebLLMEngine,
  fromChatEngine,
  type WebLLMChatEngine,
  type WebLLMProgress,
} from 'toolshim/engines';

export type EngineId = 'replay' | 'webllm' | 'proxy' | 'builtin';

/**
 * Whether the browser has a usable built-in model: the Prompt API's
 * `LanguageModel` (recent Chrome and Edge) and a model it says is available
 * or can be downloaded. Headless and unsupported browsers lack one, and the
 * engine choice is then disabled.
 */
export async function hasBuiltInModel(): Promise<boolean> {
  const api = (globalThis as { LanguageModel?: { availability?: () => Promise<string> } }).LanguageModel;
  if (api?.availability === undefined) return false;
  try {
    return (await api.availability()) !== 'unavailable';
  } catch {
    return false;
  }
}

/** Hooks the raw pane uses: one call per model request, one per text delta the engine sends. */
export interface RawTap {
  onRequest: () => void;
  onDelta: (text: string) => void;
}

/** Wraps an engine so the page sees the model's raw text before toolshim parses it. */
export function tapEngine(engine: ChatEngine, tap: RawTap): ChatEngine {
  return {
    chat: {
      completions: {
        async create(request, options) {
          tap.onRequest();
          const result = await engine.chat.completions.create(request, options);
          if (!(Symbol.asyncIterator in result)) {
            tap.onDelta(result.choices[0]?.message.content ?? '');
            return result;
          }
          return (async function* (): AsyncGenerator<ChatCompletionChunk> {
            for await (const chunk of result) {
              const text = chunk.choices[0]?.delta.content;
              if (text) tap.onDelta(text);
              yield chunk;
            }
          })();
        },
      },
    },
  };
}

let webllmEngine: WebLLMChatEngine | undefined;

/** Loads a WebLLM model; `@mlc-ai/web-llm` is imported only here, only after WebGPU checked out. */
export async function loadWebLLM(model: string, onProgress: (report: WebLLMProgress) => void): Promise<void> {
  const gpu = await checkWebGpu();
  if (!gpu.ok) throw new Error(gpu.reason);
  const webllm = await import('@mlc-ai/web-llm');
  await webllmEngine?.unload();
  webllmEngine = undefined;
  webllmEngine = await createWebLLMEngine({ webllm, model, onProgress });
}

export function webllmLoaded(): string | undefined {
  return webllmEngine?.modelId;
}

export interface ModelSettings {
  engine: EngineId;
  protocol: ToolCallProtocol;
  /** The registry name of `protocol`: the scripted replay writes its calls in it. */
  format: string;
  delayMs: number;
  proxyUrl: string;
  proxyMode: 'browser' | 'worker';
  onError: OnToolshimError;
  tap: RawTap;
}

/** The language model for one run, and whether toolshim parses in the page (else the Worker does). */
export async function buildModel(settings: ModelSettings): Promise<{ model: LanguageModel; parsesInPage: boolean }> {
  if (settings.engine === 'proxy' && settings.proxyMode === 'worker') {
    // The Worker gets OpenAI `tools` and answers with `tool_calls`: the usual provider, no middleware here.
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    const provider = createOpenAICompatible({
      name: 'toolshim-worker',
      baseURL: settings.proxyUrl,
      includeUsage: true,
    });
    return { model: provider.chatModel('toolshim'), parsesInPage: false };
  }
  if (settings.engine === 'builtin') {
    // The browser's own model through @browser-ai/core (loaded only when picked). That provider parses
    // streams itself (see src/README.md "With @browser-ai providers"); toolshim passes it no tools.
    if (!(await hasBuiltInModel()))
      throw new Error('This browser has no built-in model (the Prompt API); pick another engine.');
    const { browserAI } = await import('@browser-ai/core');
    const middleware = createToolMiddleware({ protocol: settings.protocol, onError: settings.onError });
    return { model: wrapLanguageModel({ model: browserAI(), middleware }), parsesInPage: true };
  }
  let engine: ChatEngine;
  let modelId: string;
  if (settings.engine === 'replay') {
    engine = createReplayEngine({ delayMs: settings.delayMs, format: settings.format });
    modelId = 'toolshim-replay';
  } else if (settings.engine === 'webllm') {
    if (!webllmEngine) throw new Error('Load a WebLLM model first (WebLLM settings above), or pick the Replay engine.');
    engine = webllmEngine;
    modelId = webllmEngine.modelId;
  } else {
    engine = createHttpEngine({ baseURL: settings.proxyUrl });
    modelId = 'toolshim';
  }
  const middleware = createToolMiddleware({ protocol: settings.protocol, onError: settings.onError });
  const model = wrapLanguageModel({
    model: fromChatEngine(tapEngine(engine, settings.tap), { modelId, provider: settings.engine }),
    middleware,
  });
  return { model, parsesInPage: true };
}
