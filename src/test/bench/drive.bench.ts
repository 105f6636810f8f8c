/**
 * Drives a middleware the way the AI SDK's wrapLanguageModel does for
 * streamText: `transformParams`, then `wrapStream` over the provider's
 * stream, and reads the result to the end.
 *
 * The provider stream is pull-based and yields one part per pull, like a
 * real provider reading from a socket. Enqueuing hundreds of thousands of
 * parts up front would measure Node's web-stream queues instead of the parser.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { tools } from './workloads.bench.ts';

/**
 * The benchmark only calls transformParams and wrapStream. @ai-sdk-tool/parser
 * 4.1.26 is a V3 (`specificationVersion: 'v3'`) middleware; the stream parts
 * used here (`stream-start`, `text-start/delta/end`, `finish` with object
 * usage and `{ unified, raw }` finish reason) have the same shape in V3 and
 * V4, so one provider stream serves both. The V3 middleware is typed loosely
 * through this interface.
 */
export interface StreamMiddleware {
  transformParams?: (options: {
    type: 'stream';
    params: LanguageModelV4CallOptions;
    model: LanguageModelV4;
  }) => PromiseLike<LanguageModelV4CallOptions>;
  wrapStream?: (options: {
    doGenerate: () => PromiseLike<unknown>;
    doStream: () => PromiseLike<{ stream: ReadableStream<LanguageModelV4StreamPart> }>;
    params: LanguageModelV4CallOptions;
    model: LanguageModelV4;
  }) => PromiseLike<{ stream: ReadableStream<LanguageModelV4StreamPart> }>;
}

export interface Implementation {
  name: string;
  /** Opens the output stream for the given provider stream. */
  open(provider: () => ReadableStream<LanguageModelV4StreamPart>): Promise<ReadableStream<LanguageModelV4StreamPart>>;
}

/** The floor: the same parts through an identity TransformStream. */
export const passThrough: Implementation = {
  name: 'pass-through',
  async open(provider) {
    return provider().pipeThrough(new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>());
  },
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

function fakeModel(): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'bench-model',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('the benchmark streams only')),
    doStream: () => Promise.reject(new Error('the benchmark passes doStream to wrapStream itself')),
  };
}

export function middlewareImplementation(name: string, middleware: LanguageModelV4Middleware | StreamMiddleware) {
  const m = middleware as StreamMiddleware;
  return {
    name,
    async open(provider) {
      const model = fakeModel();
      const callParams: LanguageModelV4CallOptions = {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Write the file, then check the weather.' }] }],
        tools,
      };
      const params = m.transformParams
        ? await m.transformParams({ type: 'stream', params: callParams, model })
        : callParams;
      if (!m.wrapStream) return provider();
      const result = await m.wrapStream({
        doGenerate: () => Promise.reject(new Error('the benchmark streams only')),
        doStream: async () => ({ stream: provider() }),
        params,
        model,
      });
      return result.stream;
    },
  } satisfies Implementation;
}

export interface ProviderHooks {
  /**
   * Called before text chunk `index` is handed over (`index === chunks.length`:
   * after the last chunk). A returned promise delays the chunk; a throw ends
   * the stream with that error (the time cap).
   */
  onChunk?(index: number): undefined | Promise<void>;
}

/** A provider stream of text-delta parts, one part per pull. */
export function providerStream(chunks: string[], hooks: ProviderHooks = {}): ReadableStream<LanguageModelV4StreamPart> {
  // -2: stream-start, -1: text-start, 0..n-1: deltas, n: text-end, n+1: finish.
  let next = -2;
  const n = chunks.length;
  const onChunk = hooks.onChunk;

  function emit(i: number, controller: ReadableStreamDefaultController<LanguageModelV4StreamPart>): void {
    if (i >= 0 && i < n) controller.enqueue({ type: 'text-delta', id: 't0', delta: chunks[i] as string });
    else if (i === -2) controller.enqueue({ type: 'stream-start', warnings: [] });
    else if (i === -1) controller.enqueue({ type: 'text-start', id: 't0' });
    else if (i === n) controller.enqueue({ type: 'text-end', id: 't0' });
    else if (i === n + 1) controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
    else controller.close();
  }

  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      // Not async: the timed runs should not pay for an extra promise per part.
      pull(controller) {
        const i = next++;
        if (onChunk !== undefined && i >= 0 && i <= n) {
          const wait = onChunk(i);
          if (wait !== undefined) return wait.then(() => emit(i, controller));
        }
        emit(i, controller);
        return undefined;
      },
    },
    { highWaterMark: 0 },
  );
}

export interface RunResult {
  ms: number;
  /** The run hit the time cap and was stopped. */
  stopped: boolean;
  /** From the start of the run to the first text-delta read, or undefined when there was none. */
  firstTextMs: number | undefined;
  toolCalls: Array<{ toolName: string; input: string }>;
  textLength: number;
  parts: number;
  errors: string[];
}

/** One timed run: open, read to the end. The reader keeps only what the checks need. */
export async function runOnce(
  implementation: Implementation,
  chunks: string[],
  hooks?: ProviderHooks,
  onPart?: (part: LanguageModelV4StreamPart) => void,
): Promise<RunResult> {
  const start = performance.now();
  const toolCalls: RunResult['toolCalls'] = [];
  const errors: string[] = [];
  let firstTextMs: number | undefined;
  let textLength = 0;
  let parts = 0;
  let stopped = false;
  try {
    const stream = await implementation.open(() => providerStream(chunks, hooks));
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts += 1;
      if (onPart) onPart(value);
      if (value.type === 'text-delta') {
        if (firstTextMs === undefined) firstTextMs = performance.now() - start;
        textLength += value.delta.length;
      } else if (value.type === 'tool-call') {
        toolCalls.push({ toolName: value.toolName, input: value.input });
      } else if (value.type === 'error') {
        errors.push(String(value.error));
      }
    }
  } catch (error) {
    if (!(error instanceof TimeCapError)) throw error;
    stopped = true;
  }
  return { ms: performance.now() - start, stopped, firstTextMs, toolCalls, textLength, parts, errors };
}

export class TimeCapError extends Error {
  constructor(ms: number) {
    super(`stopped after ${Math.round(ms / 1000)} s`);
    this.name = 'TimeCapError';
  }
}

/** Hooks that stop the run (checked every 1024 chunks) once it has taken longer than `capMs`. */
export function timeCap(capMs: number): ProviderHooks {
  const start = performance.now();
  return {
    onChunk(index) {
      if ((index & 1023) === 0 && performance.now() - start > capMs) throw new TimeCapError(capMs);
      return undefined;
    },
  };
}
