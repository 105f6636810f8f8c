/**
 * Serves a toolshim middleware to AI SDK 6 (`LanguageModelV3`). The V4 and V3
 * call options, results and stream parts toolshim reads or writes have the same
 * shape, with one exception: V4's `tool-input-start.inputEncoding`, which V3
 * does not know and which this adapter removes. Params objects are passed on
 * unchanged, because the V4 middleware finds its per-call state by the identity
 * of the params object that transformParams returned.
 */
import type { LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type {
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider-v3';

/** A V4 stream part as V3 knows it: `inputEncoding` exists only in V4. */
export function toV3StreamPart(part: LanguageModelV4StreamPart): LanguageModelV3StreamPart {
  if (part.type === 'tool-input-start' && 'inputEncoding' in part) {
    const { inputEncoding: _v4Only, ...rest } = part;
    return rest as LanguageModelV3StreamPart;
  }
  return part as unknown as LanguageModelV3StreamPart;
}

/**
 * Wraps a V4 toolshim middleware so that `wrapLanguageModel` of ai@6 accepts it.
 * The casts are the whole adaptation: `transformParams` and `wrapGenerate` take
 * and return what V3 passes as it is, and only the stream's parts are rewritten.
 */
export function toV3Middleware(middleware: LanguageModelV4Middleware): LanguageModelV3Middleware {
  const { wrapStream } = middleware;
  return {
    ...(middleware as unknown as LanguageModelV3Middleware),
    specificationVersion: 'v3',
    ...(wrapStream && {
      wrapStream: async (options) => {
        const result = await wrapStream(options as unknown as Parameters<typeof wrapStream>[0]);
        const stream = result.stream.pipeThrough(
          new TransformStream<LanguageModelV4StreamPart, LanguageModelV3StreamPart>({
            transform: (part, controller) => controller.enqueue(toV3StreamPart(part)),
          }),
        );
        return { ...(result as unknown as LanguageModelV3StreamResult), stream };
      },
    }),
  };
}
