/**
 * Which model a call goes to, from the handler's options:
 *
 * - emulated: the toolshim-wrapped model (the given `model`, or the engine /
 *   upstream adapted with `fromChatEngine`), the same object for every call;
 * - native: a model over the engine that forwards `tools`/`toolChoice` as
 *   chat-completions `tools`/`tool_choice` and reads `tool_calls` back
 *   (`fromChatEngine` with `nativeTools`), made per call so that the client's
 *   `model` is the one sent upstream, as chat completions' raw forwarding does.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { type ChatEngine, fromChatEngine } from '../../engines/chat-engine.ts';
import { findFormat } from '../../protocols/registry.ts';
import { createUpstreamClient } from '../../wire/upstream-client.ts';
import { applyMiddleware, prepareParams } from './apply-middleware.ts';
import { DEFAULT_PROTOCOL, type ProxyHandlerOptions, type ToolMode } from './options.ts';
import { middlewareForProtocol } from './protocol-middleware.ts';
import { templateThinking, withTemplateThinking } from './template-thinking.ts';

export interface ResolvedModels {
  toolMode: ToolMode;
  /** The id `GET /v1/models` lists and answers echo when the client named no model. */
  modelId: string;
  /** The chat-completions engine (native mode always has one). */
  engine: ChatEngine | undefined;
  /** The model for one call; `requested` is the model name the client sent. */
  modelFor(requested: string | undefined): LanguageModelV4;
  /**
   * The call options as the upstream model receives them: emulated, after the
   * middleware (tool prompt, rewritten history), and `modelFor` takes them as
   * they are; native, unchanged (the tools go upstream as they are).
   */
  upstreamView(params: LanguageModelV4CallOptions, type: 'generate' | 'stream'): Promise<LanguageModelV4CallOptions>;
}

function resolveEngine(options: ProxyHandlerOptions): ChatEngine | undefined {
  if (options.engine !== undefined) return options.engine;
  if (options.upstream !== undefined) return createUpstreamClient(options.upstream);
  return undefined;
}

export function resolveModels(options: ProxyHandlerOptions): ResolvedModels {
  const toolMode = options.toolMode ?? 'emulated';
  if (toolMode !== 'emulated' && toolMode !== 'native') {
    throw new TypeError(`Unknown tool mode "${String(toolMode)}". Use "emulated" or "native".`);
  }
  const engine = resolveEngine(options);
  const modelId = options.modelId ?? options.upstream?.model ?? options.model?.modelId ?? 'toolshim';
  if (toolMode === 'native') {
    if (engine === undefined) {
      throw new TypeError(
        'Native tool mode forwards requests to an OpenAI-compatible upstream: pass `upstream: { baseURL }` (UPSTREAM_BASE_URL) or an `engine`.',
      );
    }
    return {
      toolMode,
      modelId,
      engine,
      modelFor: (requested) =>
        fromChatEngine(engine, { modelId: requested ?? modelId, provider: 'toolshim-upstream', nativeTools: true }),
      upstreamView: async (params) => params,
    };
  }
  const base =
    options.model ?? (engine ? fromChatEngine(engine, { modelId, provider: 'toolshim-upstream' }) : undefined);
  if (base === undefined) {
    throw new TypeError('createProxyHandler needs a `model`, an `engine` or an `upstream` ({ baseURL }).');
  }
  const protocol = options.protocol ?? DEFAULT_PROTOCOL;
  // A format whose template opens the thinking block for this model and request reads the answer from inside it.
  const middleware =
    options.middleware ??
    withTemplateThinking(
      middlewareForProtocol(protocol, options.toolResultFiles, options.history),
      templateThinking(findFormat(protocol), modelId),
    );
  const model = applyMiddleware(base, middleware);
  return {
    toolMode,
    modelId,
    engine,
    modelFor: () => model,
    upstreamView: (params, type) => prepareParams(base, middleware, type, params),
  };
}
