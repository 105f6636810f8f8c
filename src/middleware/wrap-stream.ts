/**
 * The stream path: provider text deltas go through the response parser as
 * they arrive; everything that is not text passes through untouched.
 */
import type { LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider';
import type { CallState } from './call-state.ts';
import { logStreamPart } from './debug.ts';
import { createResponseParser, type ResponseParser } from './response-parser.ts';

export async function wrapStream(
  doStream: () => PromiseLike<LanguageModelV4StreamResult>,
  state: CallState,
): Promise<LanguageModelV4StreamResult> {
  const result = await doStream();
  const debugStream = state.debug === 'stream';
  let parser: ResponseParser | undefined;

  const transform = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
    start(controller) {
      parser = createResponseParser(state, (part) => controller.enqueue(part));
    },
    transform(part, controller) {
      if (debugStream) logStreamPart('raw', part);
      if (part.type === 'stream-start') {
        controller.enqueue({ ...part, warnings: [...part.warnings, ...state.warnings] });
        return;
      }
      if (parser === undefined) {
        controller.enqueue(part);
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
        case 'finish': {
          parser.finish();
          controller.enqueue({ ...part, finishReason: parser.finishReason(part.finishReason) });
          return;
        }
        default:
          controller.enqueue(part);
      }
    },
    flush() {
      // A stream that ends without `finish` still gets its held text and open calls resolved.
      parser?.finish();
    },
  });

  return { ...result, stream: result.stream.pipeThrough(transform) };
}
