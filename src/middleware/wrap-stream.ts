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
import { createResponseParser, type ResponseParser } from './response-parser.ts';

type Part = LanguageModelV4StreamPart;

export async function wrapStream(
  doStream: () => PromiseLike<LanguageModelV4StreamResult>,
  state: CallState,
): Promise<LanguageModelV4StreamResult> {
  const result = await doStream();
  const debugStream = state.debug === 'stream';
  const reader = result.stream.getReader();
  let parser: ResponseParser | undefined;
  /** Parts passed on by the pull in progress. */
  let passed = 0;

  function handle(part: Part, enqueue: (part: Part) => void): void {
    if (debugStream) logStreamPart('raw', part);
    if (part.type === 'stream-start') {
      enqueue({ ...part, warnings: [...part.warnings, ...state.warnings] });
      return;
    }
    if (parser === undefined) {
      enqueue(part);
      return;
    }
    switch (part.type) {
      case 'text-start':
      case 'text-end':
        // The writer opens and closes its own text blocks around tool calls.
        return;
      case 'text-delta':
        parser.feed(part.delta);
        return;
      case 'finish':
        parser.finish();
        enqueue({ ...part, finishReason: parser.finishReason(part.finishReason) });
        return;
      default:
        enqueue(part);
    }
  }

  const stream = new ReadableStream<Part>(
    {
      start(controller) {
        parser = createResponseParser(state, (part) => {
          passed++;
          controller.enqueue(part);
        });
      },
      async pull(controller) {
        const enqueue = (part: Part) => {
          passed++;
          controller.enqueue(part);
        };
        passed = 0;
        try {
          while (passed === 0) {
            const { done, value } = await reader.read();
            if (done) {
              // A stream that ends without `finish` still gets its held text and open calls resolved.
              parser?.finish();
              controller.close();
              return;
            }
            handle(value, enqueue);
          }
        } catch (error) {
          // A failing provider stream, or a parser that threw: the stream fails, as the pipe failed it.
          reader.cancel(error).catch(() => {});
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );

  return { ...result, stream };
}
