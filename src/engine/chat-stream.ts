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
import type { ChatCompletionChunk, ChatFinishReason, ChatUsage } from '../openai/wire-types.ts';

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
  let metadataSent = false;
  let finishReason: ChatFinishReason | string | null = null;
  let usage: ChatUsage | null | undefined;
  const calls = new Map<number, OpenToolCall>();

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
    const content = choice.delta?.content;
    if (typeof content === 'string' && content !== '') {
      if (!textOpen) {
        textOpen = true;
        enqueue({ type: 'text-start', id: textId });
      }
      enqueue({ type: 'text-delta', id: textId, delta: content });
    }
    // Engines with native tools (the Worker, an OpenAI server) stream calls as
    // indexed deltas: id and name on the first, argument pieces after.
    for (const delta of choice.delta?.tool_calls ?? []) {
      let call = calls.get(delta.index);
      if (call === undefined) {
        call = { id: delta.id ?? options.generateId(), name: delta.function?.name ?? '', args: '' };
        calls.set(delta.index, call);
        enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
      }
      const piece = delta.function?.arguments;
      if (piece) {
        call.args += piece;
        enqueue({ type: 'tool-input-delta', id: call.id, delta: piece });
      }
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }

  function finish(enqueue: (part: LanguageModelV4StreamPart) => void): void {
    if (textOpen) enqueue({ type: 'text-end', id: textId });
    for (const call of calls.values()) {
      enqueue({ type: 'tool-input-end', id: call.id });
      enqueue({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args || '{}' });
    }
    enqueue({ type: 'finish', finishReason: mapFinishReason(finishReason), usage: mapUsage(usage) });
  }

  let started = false;
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
          options.abortSignal?.throwIfAborted();
          const { done, value } = await iterator.next();
          // An engine that ignores the signal is stopped here, between chunks.
          options.abortSignal?.throwIfAborted();
          if (done) {
            finish(enqueue);
            controller.close();
            return;
          }
          handle(value, enqueue);
          if (produced > 0) return;
        }
      } catch (error) {
        await iterator.return?.();
        if (options.abortSignal?.aborted) controller.error(options.abortSignal.reason ?? error);
        else {
          enqueue({ type: 'error', error });
          controller.close();
        }
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
