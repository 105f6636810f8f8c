/**
 * Native mode: the upstream has tool calling. The client's body is forwarded
 * as it came, `tools` and `tool_choice` included and unchanged (proposal 0025
 * §8.1.1); a body without `tool_choice` stays without it, so the upstream's
 * own default applies. Validation has already run (check-tool-choice.ts).
 */
import type { ChatEngine } from '../engines/chat-engine.ts';
import { completionAsChunk } from '../wire/completion-chunk.ts';
import { SSE_DONE, sseFrame } from '../wire/sse.ts';
import type { ChatCompletionChunk, ChatCompletionRequest } from '../wire/types.ts';
import { linkedAbort, sseResponse } from './sse-response.ts';
import { httpErrorOf } from './upstream-errors.ts';

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

export async function runNative(
  engine: ChatEngine,
  raw: Record<string, unknown>,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Response> {
  const abort = linkedAbort(signal);
  const body = nativeBody(raw) as unknown as ChatCompletionRequest;
  const result = await engine.chat.completions.create(body, { signal: abort.signal });
  if (!body.stream) {
    if (isAsyncIterable(result)) throw new TypeError('The engine streamed an answer to a request with stream: false.');
    return Response.json(result, { headers });
  }
  // An engine that ignored `stream: true` still gets its answer sent, as one chunk.
  const chunks = isAsyncIterable(result) ? result : [completionAsChunk(result)];
  return sseResponse(frames(chunks, abort.signal), abort, headers);
}

async function* frames(
  chunks: AsyncIterable<ChatCompletionChunk> | Iterable<ChatCompletionChunk>,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of chunks) yield sseFrame(chunk);
    yield SSE_DONE;
  } catch (error) {
    if (signal.aborted) return;
    yield sseFrame(httpErrorOf(error).toBody());
  }
}
