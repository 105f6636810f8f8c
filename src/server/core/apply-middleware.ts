/**
 * `wrapLanguageModel` for one middleware, without importing `ai` at runtime:
 * the library's only runtime peer is `@ai-sdk/provider` (types), so the proxy
 * applies the middleware's three hooks itself, the way the AI SDK does:
 * transformParams once, then wrapGenerate/wrapStream with the transformed
 * params object (toolshim keys its per-call state on that object's identity).
 *
 * `prepareParams` runs transformParams ahead of the call, so the core can
 * count what the upstream will see (count_tokens, Messages' `message_start`)
 * from the very params the model then gets: the model takes params that came
 * from `prepareParams` as they are, so the prompt is rendered once per call.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';

type CallType = 'generate' | 'stream';

/** Params that already went through a middleware's transformParams, by the middleware that made them. */
const preparedBy = new WeakMap<LanguageModelV4CallOptions, LanguageModelV4Middleware>();

export async function prepareParams(
  model: LanguageModelV4,
  middleware: LanguageModelV4Middleware,
  type: CallType,
  params: LanguageModelV4CallOptions,
): Promise<LanguageModelV4CallOptions> {
  const transformed = middleware.transformParams ? await middleware.transformParams({ type, params, model }) : params;
  preparedBy.set(transformed, middleware);
  return transformed;
}

export function applyMiddleware(model: LanguageModelV4, middleware: LanguageModelV4Middleware): LanguageModelV4 {
  const prepare = async (type: CallType, params: LanguageModelV4CallOptions) =>
    preparedBy.get(params) === middleware ? params : prepareParams(model, middleware, type, params);

  const callsOf = (params: LanguageModelV4CallOptions) => ({
    doGenerate: () => model.doGenerate(params),
    doStream: () => model.doStream(params),
  });

  return {
    specificationVersion: 'v4',
    provider: middleware.overrideProvider?.({ model }) ?? model.provider,
    modelId: middleware.overrideModelId?.({ model }) ?? model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(params) {
      const transformed = await prepare('generate', params);
      const calls = callsOf(transformed);
      const wrap = middleware.wrapGenerate;
      return wrap ? wrap({ ...calls, params: transformed, model }) : calls.doGenerate();
    },
    async doStream(params) {
      const transformed = await prepare('stream', params);
      const calls = callsOf(transformed);
      const wrap = middleware.wrapStream;
      return wrap ? wrap({ ...calls, params: transformed, model }) : calls.doStream();
    },
  };
}
