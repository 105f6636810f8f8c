/**
 * OpenAI `chat.completion.chunk`s as AI SDK V4 stream parts, and the shared
 * usage / finish-reason mapping for completions.
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { abortRacer } from '../util/abort.ts';
import type { ChatCompletionChunk, ChatFinishReason, ChatToolCallDelta, ChatUsage } from '../wire/types.ts';

/**
 * A chunk delta as servers send it. DeepSeek's API, vLLM and llama.cpp
 * (`--reasoning-format deepseek`) put the thinking in `reasoning_content`,
 * apart from `content`; newer vLLM and OpenRouter call it `reasoning`.
 */
export type ChatChunkDelta = Omit<ChatCompletionChunk['choices'][number]['delta'], 'tool_calls'> & {
  // Some servers leave `index` out when each delta carries the whole call.
  tool_calls?: Array<Omit<ChatToolCallDelta, 'index'> & { index?: number }>;
};

export function mapUsage(usage: ChatUsage | null | undefined): LanguageModelV4Usage {
  return {
    inputTokens: {
      total: usage?.prompt_tokens,
      noCache: usage?.prompt_tokens,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: usage?.completion_tokens, text: usage?.completion_tokens, reasoning: undefined },
  };
}

export function mapFinishReason(reason: ChatFinishReason | string | null | undefined): LanguageModelV4FinishReason {
  const raw = reason ?? undefined;
  switch (reason) {
    case 'stop':
      return { unified: 'stop', raw };
    case 'length':
      return { unified: 'length', raw };
    case 'tool_calls':
    case 'function_call':
      return { unified: 'tool-calls', raw };
    case 'content_filter':
      return { unified: 'content-filter', raw };
    case 'abort':
      return { unified: 'interrupted', raw };
    default:
      return { unified: 'other', raw };
  }
}

interface OpenToolCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Reads chunks from an async iterator and enqueues V4 parts. Pull-based, so a
 * slow consumer slows the engine down and `cancel()` stops it.
 */
export function chunkPartsStream(
  iterator: AsyncIterator<ChatCompletionChunk>,
  warnings: SharedV4Warning[],
  options: { abortSignal?: AbortSignal | undefined; includeRawChunks?: boolean | undefined; generateId: () => string },
): ReadableStream<LanguageModelV4StreamPart> {
  const textId = options.generateId();
  let textOpen = false;
  let reasoningId: string | undefined;
  let metadataSent = false;
  let finishReason: ChatFinishReason | string | null = null;
  let usage: ChatUsage | null | undefined;
  // Keyed by `index`, or by id for servers that send no index; `lastKey` takes argument pieces with neither.
  const calls = new Map<string, OpenToolCall>();
  let lastKey: string | undefined;

  function endReasoning(enqueue: (part: LanguageModelV4StreamPart) => void): void {
    if (reasoningId === undefined) return;
    enqueue({ type: 'reasoning-end', id: reasoningId });
    reasoningId = undefined;
  }

  function handle(chunk: ChatCompletionChunk, enqueue: (part: LanguageModelV4StreamPart) => void): void {
    if (options.includeRawChunks) enqueue({ type: 'raw', rawValue: chunk });
    if (!metadataSent) {
      metadataSent = true;
      enqueue({
        type: 'response-metadata',
        ...(chunk.id ? { id: chunk.id } : {}),
        ...(chunk.model ? { modelId: chunk.model } : {}),
        ...(chunk.created ? { timestamp: new Date(chunk.created * 1000) } : {}),
      });
    }
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta as ChatChunkDelta | undefined;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (typeof reasoning === 'string' && reasoning !== '') {
      if (reasoningId === undefined) {
        reasoningId = options.generateId();
        enqueue({ type: 'reasoning-start', id: reasoningId });
      }
      enqueue({ type: 'reasoning-delta', id: reasoningId, delta: reasoning });
    }
    const content = delta?.content;
    if (typeof content === 'string' && content !== '') {
      endReasoning(enqueue);
      if (!textOpen) {
        textOpen = true;
        enqueue({ type: 'text-start', id: textId });
      }
      enqueue({ type: 'text-delta', id: textId, delta: content });
    }
    // Engines with native tools (the Worker, an OpenAI server) stream calls as
    // indexed deltas: id and name on the first, argument pieces after. Without
    // an index, only a new id starts a new call; two calls must not merge.
    for (const piece of delta?.tool_calls ?? []) {
      const key =
        piece.index !== undefined ? `index:${piece.index}` : piece.id !== undefined ? `id:${piece.id}` : lastKey;
      let call = key === undefined ? undefined : calls.get(key);
      if (call === undefined) {
        endReasoning(enqueue);
        call = { id: piece.id ?? options.generateId(), name: piece.function?.name ?? '', args: '' };
        const newKey = key ?? `id:${call.id}`;
        calls.set(newKey, call);
        lastKey = newKey;
        enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
      } else lastKey = key;
      const args = piece.function?.arguments;
      if (args) {
        call.args += args;
        enqueue({ type: 'tool-input-delta', id: call.id, delta: args });
      }
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }

  function finish(enqueue: (part: LanguageModelV4StreamPart) => void): void {
    endReasoning(enqueue);
    if (textOpen) enqueue({ type: 'text-end', id: textId });
    for (const call of calls.values()) {
      enqueue({ type: 'tool-input-end', id: call.id });
      enqueue({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args || '{}' });
    }
    enqueue({ type: 'finish', finishReason: mapFinishReason(finishReason), usage: mapUsage(usage) });
  }

  let started = false;
  /**
   * Ends the reading when the caller aborts or cancels, without waiting for
   * the engine: `iterator.return()` queues behind a pending `next()`, and in
   * workerd that `next()` may wait on an upstream read that never settles once
   * the client is gone, so nothing here awaits either.
   */
  const stop = new AbortController();
  /** Each pull's wait on the engine, raced with `stop` through one listener for the whole stream. */
  const racer = abortRacer(stop.signal);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.abortSignal?.removeEventListener('abort', onAbort);
    iterator.return?.()?.catch(() => {});
  };
  // The engine is told at once, also when no pull is in flight (its generator is parked at a yield then,
  // and only return() runs its cleanup: closing the upstream body, clearing its timers).
  function onAbort() {
    stop.abort(options.abortSignal?.reason);
    end();
  }
  if (options.abortSignal?.aborted) onAbort();
  else options.abortSignal?.addEventListener('abort', onAbort, { once: true });
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      let produced = 0;
      const enqueue = (part: LanguageModelV4StreamPart) => {
        produced++;
        controller.enqueue(part);
      };
      if (!started) {
        started = true;
        enqueue({ type: 'stream-start', warnings });
      }
      try {
        // Loop until this pull produced at least one part (a chunk may carry nothing).
        for (;;) {
          // Raced with the abort: an engine that ignores the signal, or a read that never settles, cannot hold us.
          const { done, value } = await racer.race(iterator.next());
          if (done) {
            ended = true;
            options.abortSignal?.removeEventListener('abort', onAbort);
            finish(enqueue);
            controller.close();
            return;
          }
          handle(value, enqueue);
          if (produced > 0) return;
        }
      } catch (error) {
        end();
        if (stop.signal.aborted) controller.error(stop.signal.reason ?? error);
        else {
          enqueue({ type: 'error', error });
          controller.close();
        }
      }
    },
    cancel(reason) {
      stop.abort(reason);
      end();
    },
  });
}
