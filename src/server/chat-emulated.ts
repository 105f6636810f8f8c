/**
 * Emulated mode: the request becomes AI SDK call options for a
 * toolshim-wrapped model; its generate result or stream parts become the
 * OpenAI answer. The upstream only ever sees a prompt, never `tools`.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { SSE_DONE } from '../wire/sse.ts';
import type { ChatCompletionRequest } from '../wire/types.ts';
import { linkedAbort, sseResponse } from './sse-response.ts';
import { toCallOptions } from './to-call-options.ts';
import { httpErrorOf } from './upstream-errors.ts';
import { toChatCompletion } from './write-completion.ts';
import { createChunkWriter } from './write-stream.ts';

export async function runEmulated(
  model: LanguageModelV4,
  request: ChatCompletionRequest,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Response> {
  const modelName = request.model ?? model.modelId;
  const abort = linkedAbort(signal);
  const options = toCallOptions(request, abort.signal);
  if (!request.stream) {
    const result = await model.doGenerate(options);
    return Response.json(toChatCompletion(result, modelName), { headers });
  }
  // Failures before the first part (upstream 401, 429, unreachable) still get a proper HTTP status.
  const { stream } = await model.doStream(options);
  const writer = createChunkWriter({ model: modelName, includeUsage: request.stream_options?.include_usage === true });
  return sseResponse(frames(stream, writer, abort.signal), abort, headers);
}

async function* frames(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  writer: ReturnType<typeof createChunkWriter>,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    yield writer.start();
    while (true) {
      const next = await reader.read();
      if (next.done) break;
      yield* writer.write(next.value);
    }
    done = true;
    yield* writer.end();
    yield SSE_DONE;
  } catch (error) {
    if (signal.aborted) return; // the client left; nobody to tell
    yield writer.error(httpErrorOf(error).toBody());
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
