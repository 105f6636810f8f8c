/**
 * Serves a toolshim middleware to AI SDK 6 (`LanguageModelV3`). The V4 and V3
 * call options, results and stream parts toolshim reads or writes have the same
 * shape, with one exception: V4's `tool-input-start.inputEncoding`, which V3
 * does not know and which this adapter removes. Params objects are passed on
 * unchanged, because the V4 middleware finds its per-call state by the identity
 * of the params object that transformParams returned.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider-v3';

// The casts below are the whole adaptation: the shapes toolshim touches are shared by V3 and V4.
const asV4Params = (params: LanguageModelV3CallOptions) => params as unknown as LanguageModelV4CallOptions;
const asV4Model = (model: LanguageModelV3) => model as unknown as LanguageModelV4;
const asV4Generate = (doGenerate: () => PromiseLike<LanguageModelV3GenerateResult>) =>
  doGenerate as unknown as () => PromiseLike<LanguageModelV4GenerateResult>;
const asV4Stream = (doStream: () => PromiseLike<LanguageModelV3StreamResult>) =>
  doStream as unknown as () => PromiseLike<LanguageModelV4StreamResult>;

/** A V4 stream part as V3 knows it: `inputEncoding` exists only in V4. */
export function toV3StreamPart(part: LanguageModelV4StreamPart): LanguageModelV3StreamPart {
  if (part.type === 'tool-input-start' && 'inputEncoding' in part) {
    const { inputEncoding: _v4Only, ...rest } = part;
    return rest as LanguageModelV3StreamPart;
  }
  return part as unknown as LanguageModelV3StreamPart;
}

/** Wraps a V4 toolshim middleware so that `wrapLanguageModel` of ai@6 accepts it. */
export function toV3Middleware(middleware: LanguageModelV4Middleware): LanguageModelV3Middleware {
  const { transformParams, wrapGenerate, wrapStream } = middleware;
  return {
    specificationVersion: 'v3',
    ...(transformParams && {
      transformParams: async ({ type, params, model }) =>
        (await transformParams({
          type,
          params: asV4Params(params),
          model: asV4Model(model),
        })) as unknown as LanguageModelV3CallOptions,
    }),
    ...(wrapGenerate && {
      wrapGenerate: async ({ doGenerate, doStream, params, model }) =>
        (await wrapGenerate({
          doGenerate: asV4Generate(doGenerate),
          doStream: asV4Stream(doStream),
          params: asV4Params(params),
          model: asV4Model(model),
        })) as unknown as LanguageModelV3GenerateResult,
    }),
    ...(wrapStream && {
      wrapStream: async ({ doGenerate, doStream, params, model }) => {
        const result = await wrapStream({
          doGenerate: asV4Generate(doGenerate),
          doStream: asV4Stream(doStream),
          params: asV4Params(params),
          model: asV4Model(model),
        });
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
