/**
 * The sample model's pace. A fixed pause per token reads well for a
 * sentence but makes a 300 KB file argument (~130,000 tokens) take half an
 * hour, so the pause is per tick, and a long reply sends several tokens a
 * tick: one token every `msPerToken` until the reply would take longer than
 * `maxMs`, then as many a tick as keep it under `maxMs`.
 */
import type { ChatCompletionChunk, ChatEngine } from 'toolshim/engines';

interface Pace {
  /** The pause between ticks; 0 sends everything at once. */
  msPerToken: number;
  /** The longest a reply may take. */
  maxMs: number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

async function* paced(
  chunks: AsyncIterable<ChatCompletionChunk>,
  pace: Pace,
  signal: AbortSignal | undefined,
): AsyncGenerator<ChatCompletionChunk> {
  // The replay engine at no delay produces its whole reply at once, so counting it first costs nothing.
  const all: ChatCompletionChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  const ticks = Math.max(1, Math.floor(pace.maxMs / pace.msPerToken));
  const perTick = Math.max(1, Math.ceil(all.length / ticks));
  for (let i = 0; i < all.length; i += perTick) {
    if (i > 0) await sleep(pace.msPerToken, signal);
    yield* all.slice(i, i + perTick);
  }
}

/** `engine` (one that answers at once, like the replay engine) at `pace`. */
export function withPace(engine: ChatEngine, pace: Pace): ChatEngine {
  if (pace.msPerToken <= 0) return engine;
  return {
    chat: {
      completions: {
        async create(request, options) {
          const result = await engine.chat.completions.create(request, options);
          if (!(Symbol.asyncIterator in result)) return result;
          return paced(result, pace, options?.signal);
        },
      },
    },
  };
}
