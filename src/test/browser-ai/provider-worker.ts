/// <reference types="node" />
/**
 * Runs one model output through `@browser-ai/web-llm` in a worker thread, so
 * that the provider's own stream parser, which can spin forever on a split
 * closing marker, cannot hang the caller: the caller gives each run a time
 * limit and terminates the thread. The engine is scripted (no WebGPU): it
 * streams the given chunks as WebLLM's chat.completions would.
 *
 * `mode`: `provider` passes the tools to the provider (its own tool-call
 * emulation); `toolshim` wraps the provider with toolshim's middleware for
 * `format`, which passes no tools down.
 */
import { parentPort } from 'node:worker_threads';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { browserAI } from '@browser-ai/core';
import { transformersJS } from '@browser-ai/transformers-js';
import { webLLM } from '@browser-ai/web-llm';
import { wrapLanguageModel } from 'ai';
import { fromChatEngine } from '../../engines/chat-engine.ts';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { protocolByName } from '../../protocols/registry.ts';

export interface RunRequest {
  /** `adapter`: toolshim on its own WebLLM-shaped adapter (fromChatEngine), the same scripted engine, no provider. */
  mode: 'provider' | 'toolshim' | 'adapter';
  format: string;
  chunks: string[];
  tools: LanguageModelV4FunctionTool[];
  /**
   * Which provider: `web-llm` (default), `core` (Chrome's Prompt API, with a
   * scripted session) or `transformers-js` (its generation worker scripted).
   */
  provider?: 'web-llm' | 'core' | 'transformers-js';
  /** The call's tool choice (default: auto). */
  toolChoice?: LanguageModelV4CallOptions['toolChoice'];
}

export interface RunResult {
  calls: Array<{ toolName: string; input: unknown }>;
  text: string;
  /** What the scripted engine was asked: whether tools reached the provider's request, and its system prompt. */
  engineGotTools: boolean;
  system: string;
}

/** WebLLM's engine shape, scripted: streams the chunks as chat.completion.chunk deltas. */
function scriptedEngine(chunks: string[], seen: Array<Record<string, unknown>>) {
  return {
    chat: {
      completions: {
        create: async (request: Record<string, unknown>) => {
          seen.push(request);
          return (async function* () {
            for (const piece of chunks) yield { choices: [{ delta: { content: piece }, finish_reason: null }] };
            yield { choices: [{ delta: {}, finish_reason: 'stop' }] };
          })();
        },
      },
    },
    interruptGenerate: async () => {},
  };
}

function scriptedProvider(chunks: string[], seen: Array<Record<string, unknown>>): LanguageModelV4 {
  const model = webLLM('scripted-engine') as unknown as Record<string, unknown>;
  model.availability = async () => 'available';
  model.isInitialized = true;
  model.engine = scriptedEngine(chunks, seen);
  return model as unknown as LanguageModelV4;
}

/**
 * `@browser-ai/core` with the Prompt API scripted: `LanguageModel` hands out a
 * session whose promptStreaming streams the chunks. What the session was
 * created with (its system prompt) is recorded like an engine request.
 */
function scriptedPromptApi(chunks: string[], seen: Array<Record<string, unknown>>): LanguageModelV4 {
  const session = {
    contextUsage: 0,
    addEventListener() {},
    destroy() {},
    promptStreaming: () =>
      new ReadableStream<string>({
        start(controller) {
          for (const piece of chunks) controller.enqueue(piece);
          controller.close();
        },
      }),
  };
  (globalThis as Record<string, unknown>).LanguageModel = {
    availability: async () => 'available',
    create: async (options: Record<string, unknown>) => {
      const prompts = (options.initialPrompts ?? []) as Array<{ role: string; content: unknown }>;
      seen.push({ ...options, messages: prompts });
      return session;
    },
  };
  return browserAI() as unknown as LanguageModelV4;
}

/**
 * `@browser-ai/transformers-js` with its generation worker scripted: the
 * provider talks to a Web Worker by messages (`generate`, then `update`
 * deltas and `complete`); this object answers them with the chunks. The
 * provider uses its worker only in a browser, so `window` is defined here.
 */
function scriptedTransformers(chunks: string[], seen: Array<Record<string, unknown>>): LanguageModelV4 {
  (globalThis as Record<string, unknown>).window ??= globalThis;
  const listeners = new Set<(event: { data: unknown }) => void>();
  const emit = (data: unknown) => {
    for (const listener of [...listeners]) listener({ data });
  };
  const worker = {
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.delete(listener),
    postMessage(message: { type?: string; data?: unknown; tools?: unknown }) {
      if (message.type !== 'generate') {
        queueMicrotask(() => emit({ status: 'ready' }));
        return;
      }
      seen.push({ messages: message.data, ...(message.tools ? { tools: message.tools } : {}) });
      void (async () => {
        for (const piece of chunks) {
          await Promise.resolve();
          emit({ status: 'update', output: piece });
        }
        emit({ status: 'complete', numTokens: chunks.length, inputLength: 1 });
      })();
    },
  };
  return transformersJS('scripted-model', { worker: worker as unknown as Worker }) as unknown as LanguageModelV4;
}

async function run(request: RunRequest): Promise<RunResult> {
  const seen: Array<Record<string, unknown>> = [];
  const provider =
    request.provider === 'core'
      ? scriptedPromptApi(request.chunks, seen)
      : request.provider === 'transformers-js'
        ? scriptedTransformers(request.chunks, seen)
        : scriptedProvider(request.chunks, seen);
  const middleware = createToolMiddleware({ protocol: protocolByName(request.format) });
  const model =
    request.mode === 'provider'
      ? provider
      : request.mode === 'adapter'
        ? wrapLanguageModel({ model: fromChatEngine(scriptedEngine(request.chunks, seen)), middleware })
        : wrapLanguageModel({ model: provider, middleware });
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    tools: request.tools,
    ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
  });
  const calls: RunResult['calls'] = [];
  let text = '';
  const reader = (stream as ReadableStream<LanguageModelV4StreamPart>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'text-delta') text += value.delta;
    if (value.type === 'tool-call') calls.push({ toolName: value.toolName, input: JSON.parse(value.input || '{}') });
  }
  const sent = seen[0] ?? {};
  const messages = (sent.messages ?? []) as Array<{ role: string; content: unknown }>;
  const system = messages.find((m) => m.role === 'system')?.content;
  return { calls, text, engineGotTools: 'tools' in sent, system: typeof system === 'string' ? system : '' };
}

parentPort?.on('message', (request: RunRequest) => {
  run(request).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
  );
});
