/**
 * Turns an async source of SSE frames into a streaming Response. Pull-based,
 * so a slow client slows the upstream instead of filling memory; and a client
 * that goes away cancels the body, which aborts the upstream request.
 */
import { SSE_HEADERS } from '../wire/sse.ts';

export function sseResponse(
  frames: AsyncGenerator<Uint8Array>,
  abort: AbortController,
  headers: Record<string, string>,
): Response {
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await frames.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      // Abort first: a generator blocked on the upstream only returns once its read fails.
      abort.abort(reason ?? new DOMException('The client disconnected.', 'AbortError'));
      void frames.return(undefined).catch(() => {});
    },
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/** An AbortController that also aborts when `signal` (the incoming request's) does. */
export function linkedAbort(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}
