/**
 * Native mode, chat completions: the upstream has tool calling, and the
 * client's body is forwarded as it came, `tools` and `tool_choice` included
 * and unchanged; a body without `tool_choice` stays without it, so the
 * upstream's own default applies. The answer is relayed byte for byte (each
 * upstream chunk re-serialised as it came). The tool choice was already
 * checked by the core.
 */
import { raceAbort } from '../../util/abort.ts';
import { completionAsChunk } from '../../wire/completion-chunk.ts';
import { SSE_DONE, sseFrame } from '../../wire/sse.ts';
import type { ChatCompletionChunk, ChatCompletionRequest } from '../../wire/types.ts';
import type { NativeAnswer, NativeContext } from '../core/front-door.ts';

/** The upstream body: the client's JSON minus explicit nulls for `tools`/`tool_choice` (null means absent). */
export function nativeBody(raw: Record<string, unknown>): Record<string, unknown> {
  const body = { ...raw };
  if (body.tool_choice === null) delete body.tool_choice;
  if (body.tools === null) delete body.tools;
  return body;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ChatCompletionChunk> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

export async function forwardChat(raw: Record<string, unknown>, ctx: NativeContext): Promise<NativeAnswer> {
  const body = nativeBody(raw) as unknown as ChatCompletionRequest;
  const result = await ctx.engine.chat.completions.create(body, { signal: ctx.signal });
  if (!body.stream) {
    if (isAsyncIterable(result)) throw new TypeError('The engine streamed an answer to a request with stream: false.');
    return { body: result };
  }
  // An engine that ignored `stream: true` still gets its answer sent, as one chunk.
  const chunks = isAsyncIterable(result) ? result : [completionAsChunk(result)];
  return { frames: relay(chunks, ctx.signal) };
}

/** Each chunk as a `data:` frame, then `[DONE]`. Reads race the abort, so a client that left ends this at once. */
async function* relay(
  chunks: AsyncIterable<ChatCompletionChunk> | Iterable<ChatCompletionChunk>,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (!isAsyncIterable(chunks)) {
    for (const chunk of chunks) yield sseFrame(chunk);
    yield SSE_DONE;
    return;
  }
  const iterator = chunks[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) break;
      yield sseFrame(next.value);
    }
    finished = true;
    yield SSE_DONE;
  } finally {
    // Not awaited: return() queues behind a pending next(), which may wait on a read that never settles.
    if (!finished) iterator.return?.()?.catch(() => {});
  }
}
