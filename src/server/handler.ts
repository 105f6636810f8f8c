/**
 * `createChatCompletionsHandler(options)` → `(request: Request) => Promise<Response>`:
 * an OpenAI-compatible endpoint that gives tool calling to any model. Web
 * APIs only, so the same handler serves a Cloudflare Worker, `Deno.serve`,
 * a Next.js route handler or Bun.
 *
 * Routes: `POST /v1/chat/completions`, `GET /v1/models`, `GET /health`,
 * CORS preflight (`OPTIONS`), 405 for a wrong method, 404 for anything else.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { type ChatEngine, fromChatEngine } from '../engines/chat-engine.ts';
import { createUpstreamClient } from '../wire/upstream-client.ts';
import { applyMiddleware } from './apply-middleware.ts';
import { runEmulated } from './chat-emulated.ts';
import { runNative } from './chat-native.ts';
import { checkToolChoice } from './check-tool-choice.ts';
import { ProxyHttpError } from './errors.ts';
import { corsHeaders, preflight, readBodyLimited, requireJson, requireToken } from './http-guards.ts';
import { type ChatCompletionsHandlerOptions, DEFAULT_MAX_BODY_BYTES } from './options.ts';
import { parseChatRequest } from './parse-request.ts';
import { middlewareForProtocol } from './protocol-presets.ts';
import { httpErrorOf } from './upstream-errors.ts';

const ROUTES: Record<string, string[]> = {
  '/v1/chat/completions': ['POST'],
  '/v1/models': ['GET'],
  '/health': ['GET'],
};

export type ChatCompletionsHandler = (request: Request) => Promise<Response>;

function resolveEngine(options: ChatCompletionsHandlerOptions): ChatEngine | undefined {
  if (options.engine !== undefined) return options.engine;
  if (options.upstream !== undefined) return createUpstreamClient(options.upstream);
  return undefined;
}

export function createChatCompletionsHandler(options: ChatCompletionsHandlerOptions): ChatCompletionsHandler {
  const mode = options.toolMode ?? 'emulated';
  if (mode !== 'emulated' && mode !== 'native') {
    throw new TypeError(`Unknown tool mode "${String(mode)}". Use "emulated" or "native".`);
  }
  const engine = resolveEngine(options);
  const modelId = options.modelId ?? options.upstream?.model ?? options.model?.modelId ?? 'toolshim';
  let model: LanguageModelV4 | undefined;
  if (mode === 'emulated') {
    const base =
      options.model ?? (engine ? fromChatEngine(engine, { modelId, provider: 'toolshim-upstream' }) : undefined);
    if (base === undefined) {
      throw new TypeError('createChatCompletionsHandler needs a `model`, an `engine` or an `upstream` ({ baseURL }).');
    }
    model = applyMiddleware(base, options.middleware ?? middlewareForProtocol(options.protocol ?? 'hermes'));
  } else if (engine === undefined) {
    throw new TypeError(
      'Native tool mode forwards requests to an OpenAI-compatible upstream: pass `upstream: { baseURL }` (UPSTREAM_BASE_URL) or an `engine`.',
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');

  async function chatCompletions(request: Request, headers: Record<string, string>): Promise<Response> {
    requireJson(request);
    const text = await readBodyLimited(request, maxBodyBytes);
    const { request: chat, raw } = parseChatRequest(text);
    // Proposal 0025 §5/§7: an impossible tool_choice is refused before anything is sent upstream.
    checkToolChoice(chat);
    if (mode === 'native') return runNative(engine as ChatEngine, raw, request.signal, headers);
    return runEmulated(model as LanguageModelV4, chat, request.signal, headers);
  }

  function models(headers: Record<string, string>): Response {
    const created = Math.floor(Date.now() / 1000);
    const entry = {
      id: modelId,
      object: 'model',
      created,
      owned_by: 'toolshim',
      tool_mode: mode,
      ...(mode === 'emulated' ? { protocol: options.middleware ? 'custom' : (options.protocol ?? 'hermes') } : {}),
      ...(options.modelDescription ? { description: options.modelDescription } : {}),
    };
    return Response.json({ object: 'list', data: [entry] }, { headers });
  }

  return async function handle(request: Request): Promise<Response> {
    const cors = corsHeaders(request, options.allowedOrigins);
    try {
      const url = new URL(request.url);
      const inBase = basePath === '' || url.pathname.startsWith(`${basePath}/`);
      const path = inBase ? url.pathname.slice(basePath.length).replace(/\/+$/, '') : '';
      const methods = ROUTES[path];
      if (methods === undefined) {
        throw new ProxyHttpError(
          404,
          `No route ${request.method} ${url.pathname}. This proxy serves POST ${basePath}/v1/chat/completions, GET ${basePath}/v1/models and GET ${basePath}/health.`,
          {
            type: 'not_found_error',
            code: 'unknown_route',
          },
        );
      }
      if (request.method === 'OPTIONS') return preflight(request, options.allowedOrigins);
      if (!methods.includes(request.method) && !(request.method === 'HEAD' && methods.includes('GET'))) {
        throw new ProxyHttpError(405, `${url.pathname} accepts ${methods.join(', ')}, not ${request.method}.`, {
          type: 'invalid_request_error',
          code: 'method_not_allowed',
          headers: { allow: [...methods, 'OPTIONS'].join(', ') },
        });
      }
      if (path === '/health') return Response.json({ status: 'ok', tool_mode: mode }, { headers: cors });
      if (options.proxyToken) await requireToken(request, options.proxyToken);
      if (path === '/v1/models') return models(cors);
      return await chatCompletions(request, cors);
    } catch (error) {
      const failure = httpErrorOf(error);
      return Response.json(failure.toBody(), { status: failure.status, headers: { ...cors, ...failure.headers } });
    }
  };
}
