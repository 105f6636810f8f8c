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
import { sourceStream } from '../util/part-source.ts';
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

type Part = LanguageModelV4StreamPart;
type Emit = (part: Part) => void;

/** What the translation of one stream keeps between chunks. */
interface ChunkState {
  readonly textId: string;
  readonly generateId: () => string;
  readonly includeRawChunks: boolean;
  textOpen: boolean;
  reasoningId: string | undefined;
  metadataSent: boolean;
  finishReason: ChatFinishReason | string | null;
  usage: ChatUsage | null | undefined;
  /** Keyed by `index`, or by id for servers that send no index; `lastKey` takes argument pieces with neither. */
  calls: Map<string, OpenToolCall>;
  lastKey: string | undefined;
}

function endReasoning(state: ChunkState, emit: Emit): void {
  if (state.reasoningId === undefined) return;
  emit({ type: 'reasoning-end', id: state.reasoningId });
  state.reasoningId = undefined;
}

/** The parts of one chunk. */
function chunkParts(state: ChunkState, chunk: ChatCompletionChunk, emit: Emit): void {
  if (state.includeRawChunks) emit({ type: 'raw', rawValue: chunk });
  if (!state.metadataSent) {
    state.metadataSent = true;
    emit({
      type: 'response-metadata',
      ...(chunk.id ? { id: chunk.id } : {}),
      ...(chunk.model ? { modelId: chunk.model } : {}),
      ...(chunk.created ? { timestamp: new Date(chunk.created * 1000) } : {}),
    });
  }
  if (chunk.usage) state.usage = chunk.usage;
  const choice = chunk.choices?.[0];
  if (!choice) return;
  const delta = choice.delta as ChatChunkDelta | undefined;
  const reasoning = delta?.reasoning_content ?? delta?.reasoning;
  if (typeof reasoning === 'string' && reasoning !== '') {
    if (state.reasoningId === undefined) {
      state.reasoningId = state.generateId();
      emit({ type: 'reasoning-start', id: state.reasoningId });
    }
    emit({ type: 'reasoning-delta', id: state.reasoningId, delta: reasoning });
  }
  const content = delta?.content;
  if (typeof content === 'string' && content !== '') {
    endReasoning(state, emit);
    if (!state.textOpen) {
      state.textOpen = true;
      emit({ type: 'text-start', id: state.textId });
    }
    emit({ type: 'text-delta', id: state.textId, delta: content });
  }
  for (const piece of delta?.tool_calls ?? []) callPieceParts(state, piece, emit);
  if (choice.finish_reason) state.finishReason = choice.finish_reason;
}

/**
 * Engines with native tools (the Worker, an OpenAI server) stream calls as
 * indexed deltas: id and name on the first, argument pieces after. Without an
 * index, only a new id starts a new call; two calls must not merge.
 */
function callPieceParts(state: ChunkState, piece: NonNullable<ChatChunkDelta['tool_calls']>[number], emit: Emit) {
  const { calls } = state;
  const key =
    piece.index !== undefined ? `index:${piece.index}` : piece.id !== undefined ? `id:${piece.id}` : state.lastKey;
  let call = key === undefined ? undefined : calls.get(key);
  if (call === undefined) {
    endReasoning(state, emit);
    call = { id: piece.id ?? state.generateId(), name: piece.function?.name ?? '', args: '' };
    const newKey = key ?? `id:${call.id}`;
    calls.set(newKey, call);
    state.lastKey = newKey;
    emit({ type: 'tool-input-start', id: call.id, toolName: call.name });
  } else state.lastKey = key;
  const args = piece.function?.arguments;
  if (args) {
    call.args += args;
    emit({ type: 'tool-input-delta', id: call.id, delta: args });
  }
}

/** The parts after the last chunk: open blocks closed, the calls whole, the finish. */
function finishParts(state: ChunkState, emit: Emit): void {
  endReasoning(state, emit);
  if (state.textOpen) emit({ type: 'text-end', id: state.textId });
  for (const call of state.calls.values()) {
    emit({ type: 'tool-input-end', id: call.id });
    emit({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args || '{}' });
  }
  emit({ type: 'finish', finishReason: mapFinishReason(state.finishReason), usage: mapUsage(state.usage) });
}

/**
 * Reads chunks from an async iterator and gives V4 parts. Pull-based, so a
 * slow consumer slows the engine down and `cancel()` stops it. The stream's
 * source can be driven directly by the middleware and the proxy's driver
 * (util/part-source.ts).
 */
export function chunkPartsStream(
  iterator: AsyncIterator<ChatCompletionChunk>,
  warnings: SharedV4Warning[],
  options: { abortSignal?: AbortSignal | undefined; includeRawChunks?: boolean | undefined; generateId: () => string },
): ReadableStream<Part> {
  const state: ChunkState = {
    textId: options.generateId(),
    generateId: options.generateId,
    includeRawChunks: options.includeRawChunks === true,
    textOpen: false,
    reasoningId: undefined,
    metadataSent: false,
    finishReason: null,
    usage: undefined,
    calls: new Map(),
    lastKey: undefined,
  };
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

  /** Parts given by the pull in progress, and where they go. */
  let produced = 0;
  let sink: Emit = () => {};
  const emit: Emit = (part) => {
    produced++;
    sink(part);
  };
  return sourceStream<Part>({
    async pull(enqueue) {
      produced = 0;
      sink = enqueue;
      if (!started) {
        started = true;
        emit({ type: 'stream-start', warnings });
      }
      try {
        // Loop until this pull gave at least one part (a chunk may carry nothing).
        for (;;) {
          // Raced with the abort: an engine that ignores the signal, or a read that never settles, cannot hold us.
          const { done, value } = await racer.race(iterator.next());
          if (done) {
            ended = true;
            options.abortSignal?.removeEventListener('abort', onAbort);
            finishParts(state, emit);
            return true;
          }
          chunkParts(state, value, emit);
          if (produced > 0) return false;
        }
      } catch (error) {
        end();
        if (stop.signal.aborted) throw stop.signal.reason ?? error;
        emit({ type: 'error', error });
        return true;
      }
    },
    cancel(reason) {
      stop.abort(reason);
      end();
    },
  });
}
