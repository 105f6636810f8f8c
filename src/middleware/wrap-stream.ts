/**
 * The stream path: provider text deltas go through the response parser as
 * they arrive; everything that is not text passes through untouched.
 *
 * One pull-based stream over the provider's reader rather than a
 * `pipeThrough(TransformStream)`: a pipe is a writable, a readable and a
 * pump loop with its promises per part, about a tenth of an emulated
 * request's CPU in workerd (npm run bench:proxy). The parts, their order
 * and the back-pressure are the same: a pull reads parts until one of them
 * gives something to pass on (held-back text may give nothing), and nothing
 * is read before the consumer asks.
 */
import type { LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider';
import type { CallState } from './call-state.ts';
import { logStreamPart } from './debug.ts';
import { createResponseParser } from './response-parser.ts';

type Part = LanguageModelV4StreamPart;

export async function wrapStream(
  doStream: () => PromiseLike<LanguageModelV4StreamResult>,
  state: CallState,
): Promise<LanguageModelV4StreamResult> {
  const result = await doStream();
  const debugStream = state.debug === 'stream';
  const reader = result.stream.getReader();
  let controller!: ReadableStreamDefaultController<Part>;
  /** Parts passed on by the pull in progress. */
  let passed = 0;
  const enqueue = (part: Part) => {
    passed++;
    controller.enqueue(part);
  };
  const parser = createResponseParser(state, enqueue);

  const stream = new ReadableStream<Part>(
    {
      start(streamController) {
        controller = streamController;
      },
      async pull() {
        passed = 0;
        try {
          while (passed === 0) {
            const { done, value: part } = await reader.read();
            if (done) {
              // A stream that ends without `finish` still gets its held text and open calls resolved.
              parser?.finish();
              controller.close();
              return;
            }
            if (debugStream) logStreamPart('raw', part);
            if (part.type === 'stream-start') enqueue({ ...part, warnings: [...part.warnings, ...state.warnings] });
            else if (parser === undefined) enqueue(part);
            else if (part.type === 'text-delta') parser.feed(part.delta);
            else if (part.type === 'finish') {
              parser.finish();
              enqueue({ ...part, finishReason: parser.finishReason(part.finishReason) });
            }
            // The writer opens and closes its own text blocks around tool calls.
            else if (part.type !== 'text-start' && part.type !== 'text-end') enqueue(part);
          }
        } catch (error) {
          // A failing provider stream, or a parser that threw: the stream fails, as the pipe failed it.
          reader.cancel(error).catch(() => {});
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );

  return { ...result, stream };
}
