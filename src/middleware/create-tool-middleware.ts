/**
 * The middleware factory: `wrapLanguageModel({ model, middleware: createToolMiddleware({ protocol }) })`.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import { type CallState, recallCallState } from './call-state.ts';
import { resolveDebug, resolveDebugStyle } from './debug.ts';
import type { ToolMiddlewareOptions } from './options.ts';
import { functionToolsOf, resolveProtocol, transformParams } from './transform-params.ts';
import { wrapGenerate } from './wrap-generate.ts';
import { wrapStream } from './wrap-stream.ts';

export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV4Middleware {
  if (options === undefined || options.protocol === undefined) {
    throw new TypeError(
      'createToolMiddleware needs a protocol, e.g. createToolMiddleware({ protocol: jsonMixProtocol() }), or use a preset such as hermesToolMiddleware.',
    );
  }
  const protocol = resolveProtocol(options.protocol);
  const { reasoning } = options;
  if (
    reasoning !== undefined &&
    reasoning !== 'text' &&
    (typeof reasoning !== 'object' || reasoning === null || Array.isArray(reasoning))
  ) {
    throw new TypeError(
      `createToolMiddleware: \`reasoning\` must be 'text' or { startInside: true }, got ${JSON.stringify(reasoning)}.`,
    );
  }

  /**
   * The state transformParams left for these params (found even if a middleware in between
   * shallow-copied them). If transformParams never ran, e.g. a caller drives wrapStream
   * directly with the original params, parse as `auto` with the params' own tools.
   */
  function stateFor(params: LanguageModelV4CallOptions): CallState {
    return (
      recallCallState(params) ?? {
        protocol,
        tools: functionToolsOf(params),
        toolChoice: { type: 'auto' },
        onError: options.onError ?? (() => {}),
        warnings: [],
        debug: resolveDebug(options.debug),
        debugStyle: resolveDebugStyle(options.debugStyle),
        reasoning: options.reasoning,
      }
    );
  }

  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => transformParams(params, options, protocol),
    wrapGenerate: async ({ doGenerate, params }) => wrapGenerate(doGenerate, stateFor(params)),
    wrapStream: async ({ doStream, params }) => wrapStream(doStream, stateFor(params)),
  };
}
