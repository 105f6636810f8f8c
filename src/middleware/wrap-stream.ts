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
import { sourceOf, sourceStream } from '../util/part-source.ts';
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
  const source = sourceOf(result.stream);
  /** Parts given by the pull in progress, and where they go. */
  let passed = 0;
  let sink: (part: Part) => void = () => {};
  const enqueue = (part: Part) => {
    passed++;
    sink(part);
  };
  const parser = createResponseParser(state, enqueue);
  const take = (part: Part) => {
    if (debugStream) logStreamPart('raw', part);
    if (part.type === 'stream-start') enqueue({ ...part, warnings: [...part.warnings, ...state.warnings] });
    else if (parser === undefined) enqueue(part);
    else if (part.type === 'text-delta') parser.feed(part.delta);
    else if (part.type === 'reasoning-start') {
      parser.providerReasoning();
      enqueue(part);
    } else if (part.type === 'finish') {
      parser.finish();
      enqueue({ ...part, finishReason: parser.finishReason(part.finishReason) });
    }
    // The writer opens and closes its own text blocks around tool calls.
    else if (part.type !== 'text-start' && part.type !== 'text-end') enqueue(part);
  };

  const stream = sourceStream<Part>({
    async pull(next) {
      passed = 0;
      sink = next;
      try {
        while (passed === 0) {
          if (await source.pull(take)) {
            // A stream that ends without `finish` still gets its held text and open calls resolved.
            parser?.finish();
            return true;
          }
        }
        return false;
      } catch (error) {
        // A failing provider stream, or a parser that threw: the stream fails, as the pipe failed it.
        source.cancel(error);
        throw error;
      }
    },
    cancel: (reason) => source.cancel(reason),
  });

  return { ...result, stream };
}
