/**
 * `wrapLanguageModel` for one middleware, without importing `ai` at runtime:
 * the library's only runtime peer is `@ai-sdk/provider` (types), so the proxy
 * applies the middleware's three hooks itself, the way the AI SDK does:
 * transformParams once, then wrapGenerate/wrapStream with the transformed
 * params object (toolshim keys its per-call state on that object's identity).
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';

export function applyMiddleware(model: LanguageModelV4, middleware: LanguageModelV4Middleware): LanguageModelV4 {
  const prepare = async (type: 'generate' | 'stream', params: LanguageModelV4CallOptions) =>
    middleware.transformParams ? middleware.transformParams({ type, params, model }) : params;

  return {
    specificationVersion: 'v4',
    provider: middleware.overrideProvider?.({ model }) ?? model.provider,
    modelId: middleware.overrideModelId?.({ model }) ?? model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(params) {
      const transformed = await prepare('generate', params);
      const doGenerate = () => model.doGenerate(transformed);
      const doStream = () => model.doStream(transformed);
      return middleware.wrapGenerate
        ? middleware.wrapGenerate({ doGenerate, doStream, params: transformed, model })
        : doGenerate();
    },
    async doStream(params) {
      const transformed = await prepare('stream', params);
      const doGenerate = () => model.doGenerate(transformed);
      const doStream = () => model.doStream(transformed);
      return middleware.wrapStream
        ? middleware.wrapStream({ doGenerate, doStream, params: transformed, model })
        : doStream();
    },
  };
}
