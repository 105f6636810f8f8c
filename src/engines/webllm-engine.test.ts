import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatCompletionChunk } from '../wire/types.ts';
import { fromChatEngine } from './chat-engine.ts';
import { checkWebGpu, createWebLLMEngine, type WebLLMModule, type WebLLMProgress } from './webllm-engine.ts';

/** Reads a whole stream. (Local, not the middleware harness: these tests are about the V4 adapter only.) */
async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

// Compile-time proof that the real package fits the structural type the adapter asks for.
const realModuleFits = (module: typeof import('@mlc-ai/web-llm')): WebLLMModule => module;
void realModuleFits;

/** A stand-in for the web-llm module: it records requests and reports load progress. */
function fakeWebLLM(requests: unknown[], interrupts: { count: number }): WebLLMModule {
  return {
    async CreateMLCEngine(_modelId, config) {
      config?.initProgressCallback?.({ progress: 0.5, timeElapsed: 1, text: 'Fetching param cache[1/2]' });
      config?.initProgressCallback?.({ progress: 1, timeElapsed: 2, text: 'Finish loading' });
      return {
        interruptGenerate() {
          interrupts.count++;
        },
        async unload() {},
        chat: {
          completions: {
            async create(request: never) {
              requests.push(request);
              return (async function* (): AsyncGenerator<ChatCompletionChunk> {
                yield {
                  id: 'w',
                  object: 'chat.completion.chunk',
                  created: 1,
                  model: 'm',
                  choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }],
                };
              })();
            },
          },
        },
      };
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebLLM engine', () => {
  it('explains clearly when WebGPU is missing', async () => {
    vi.stubGlobal('navigator', {});
    const result = await checkWebGpu();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/WebGPU is not available.*Chrome or Edge/);
    // Words for the app's user: no demo engine names.
    expect(!result.ok && result.reason).not.toMatch(/Replay/);
    await expect(createWebLLMEngine({ webllm: fakeWebLLM([], { count: 0 }), model: 'x' })).rejects.toThrow(
      /WebGPU is not available/,
    );
  });

  it('loads with progress, converts response_format for WebLLM and interrupts on abort', async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => ({}) } });
    const requests: Array<Record<string, unknown>> = [];
    const interrupts = { count: 0 };
    const progress: WebLLMProgress[] = [];
    const engine = await createWebLLMEngine({
      webllm: fakeWebLLM(requests, interrupts),
      model: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
      onProgress: (r) => progress.push(r),
    });
    expect(progress.map((p) => p.progress)).toEqual([0.5, 1]);

    const controller = new AbortController();
    const model = fromChatEngine(engine, { modelId: engine.modelId });
    const schema = { type: 'object' } as const;
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      responseFormat: { type: 'json', schema },
      abortSignal: controller.signal,
    });
    expect(requests[0]).toMatchObject({
      model: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
      stream: true,
      response_format: { type: 'json_object', schema: JSON.stringify(schema) },
    });
    expect(requests[0]).not.toHaveProperty('tools');
    controller.abort();
    expect(interrupts.count).toBe(1);
    await expect(collect(stream)).rejects.toThrow();
  });

  it("refuses tool_calls and tool messages clearly (history: 'native' is for templating servers)", async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => ({}) } });
    const requests: unknown[] = [];
    const engine = await createWebLLMEngine({ webllm: fakeWebLLM(requests, { count: 0 }), model: 'm' });
    const prompt = [
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Weather?' }] },
      {
        role: 'assistant' as const,
        content: [{ type: 'tool-call' as const, toolCallId: 'c0', toolName: 'get_weather', input: {} }],
      },
    ];
    await expect(fromChatEngine(engine).doGenerate({ prompt })).rejects.toThrow(/WebLLM takes no tool_calls.*'text'/);
    expect(requests).toEqual([]);
  });

  it('interrupts only the running stream when a signal shared by earlier streamed requests aborts', async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => ({}) } });
    const interrupts = { count: 0 };
    const engine = await createWebLLMEngine({ webllm: fakeWebLLM([], interrupts), model: 'm' });
    const model = fromChatEngine(engine);
    const controller = new AbortController();
    const call = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };
    for (let i = 0; i < 3; i++)
      await collect((await model.doStream({ ...call, abortSignal: controller.signal })).stream);
    // A stream closed before its first chunk is read releases its listener too.
    await (await model.doStream({ ...call, abortSignal: controller.signal })).stream.cancel();
    // The fake answers every request with a stream, so this generate fails; its listener must still go.
    await Promise.resolve(model.doGenerate({ ...call, abortSignal: controller.signal })).catch(() => {});
    const { stream } = await model.doStream({ ...call, abortSignal: controller.signal });
    controller.abort();
    expect(interrupts.count).toBe(1);
    await expect(collect(stream)).rejects.toThrow();
  });
});
