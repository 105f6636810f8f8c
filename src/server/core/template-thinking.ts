/**
 * The thinking block a chat template opens itself (DeepSeek-R1's generation
 * prompt ends with `<think>\n`, V3.1's with `<think>` when its `thinking`
 * switch is on): the answer then starts inside it, with only the end marker
 * to meet. The format's declaration says for which model and request
 * (FormatEntry.templateOpensThinking); the proxy knows both, so each such
 * call's answer is read with `reasoning: { startInside: true }`, through the
 * middleware's per-call option. A caller's own per-call choice wins.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ToolCallMiddlewareProviderOptions } from '../../middleware/options.ts';
import type { FormatEntry } from '../../protocols/protocol.ts';

type Params = LanguageModelV4CallOptions;

/** The request's thinking as the templates' switches know it: on, off, or unsaid. */
function thinkingOf(reasoning: Params['reasoning']): boolean | undefined {
  if (reasoning === undefined || reasoning === 'provider-default') return undefined;
  return reasoning !== 'none';
}

/** Params with the per-call startInside added where the template opens the block; undefined when the format never does. */
export function templateThinking(
  format: FormatEntry | undefined,
  model: string,
): ((params: Params) => Params) | undefined {
  const opens = format?.templateOpensThinking;
  if (opens === undefined) return undefined;
  return (params) => {
    const own = params.providerOptions?.toolCallMiddleware as ToolCallMiddlewareProviderOptions | undefined;
    if (own?.reasoning !== undefined || !opens(model, thinkingOf(params.reasoning))) return params;
    const toolCallMiddleware = { ...own, reasoning: { startInside: true } };
    // The per-call options hold a callback (onError): no JSON, as the middleware reads them in-process.
    const providerOptions = { ...params.providerOptions, toolCallMiddleware } as unknown as Params['providerOptions'];
    return { ...params, providerOptions };
  };
}

/** `middleware` with `add` run on each call's params before its own transformParams. */
export function withTemplateThinking(
  middleware: LanguageModelV4Middleware,
  add: ((params: Params) => Params) | undefined,
): LanguageModelV4Middleware {
  if (add === undefined) return middleware;
  const transform = middleware.transformParams;
  return {
    ...middleware,
    transformParams: async (args) => (transform ? transform({ ...args, params: add(args.params) }) : add(args.params)),
  };
}
