/**
 * The core of the proxy: `createProxyCore(options, doors)` →
 * `(request: Request) => Promise<Response>`, with Web APIs only, so the same
 * handler serves a Cloudflare Worker, `Deno.serve`, a Next.js route handler
 * or Bun. The front doors (front-door.ts) register their POST routes; the
 * core adds `GET /v1/models`, `GET /health`, CORS preflight, 405 for a wrong
 * method and 404 for anything else.
 */
import { MAX_NESTING, pathName, pathPastDepth } from '../../json/depth.ts';
import { memoryResponseStore } from '../responses/store.ts';
import { invalidRequest, ProxyHttpError } from './errors.ts';
import { httpErrorOf } from './faults.ts';
import {
  type DoorContext,
  type FrontDoor,
  isModelDoor,
  isReadDoor,
  type JsonFrontDoor,
  type ModelFrontDoor,
} from './front-door.ts';
import { corsHeaders, preflight, readBodyLimited, requireAllowedHost, requireJson, requireToken } from './guards.ts';
import { answerModelCall, type StreamSettings } from './model-call.ts';
import { resolveModels } from './models.ts';
import {
  DEFAULT_KEEP_ALIVE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PROTOCOL,
  DEFAULT_STREAM_HEADERS_WITHIN_MS,
  type ProxyHandlerOptions,
} from './options.ts';
import { methodOf, routeTable } from './routes.ts';

/** What a host gives one request besides the request: a Worker's `ctx.waitUntil`, to finish writes after the answer. */
export interface RequestHost {
  waitUntil?(promise: Promise<unknown>): void;
}

export type ProxyHandler = (request: Request, host?: RequestHost) => Promise<Response>;

/** The built-in routes, answered by the core itself. */
const GET_ROUTES = ['/v1/models', '/health'];

/**
 * How deep a request body may nest: MAX_NESTING for the tool schemas and
 * arguments in it, plus the few levels of the API's own envelope
 * (`tools[0].function.parameters`, `messages[1].content[0].input`).
 */
const MAX_REQUEST_NESTING = MAX_NESTING + 10;

function parseJson(text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidRequest(`The request body is not valid JSON (${reason}).`, null, 'invalid_json');
  }
  // Refused here, before any door, the middleware or JSON.stringify walks it (they recurse: json/depth.ts).
  const deep = pathPastDepth(json, MAX_REQUEST_NESTING);
  if (deep !== undefined) {
    const field = pathName(deep, 6);
    throw invalidRequest(
      `\`${field}\` nests deeper than ${MAX_REQUEST_NESTING} levels. Tool schemas and arguments nest a few levels; flatten this one.`,
      field,
    );
  }
  return json;
}

export function createProxyCore(options: ProxyHandlerOptions, doors: readonly FrontDoor[]): ProxyHandler {
  const models = resolveModels(options);
  const { toolMode, modelId } = models;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const settings: StreamSettings = {
    streamHeadersWithinMs: options.streamHeadersWithinMs ?? DEFAULT_STREAM_HEADERS_WITHIN_MS,
    keepAliveMs: options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
  };
  const routes = routeTable(doors);
  const store = options.responseStore ?? memoryResponseStore();
  // Every request that passes carries this token (or none is asked): it names whose the kept answers are.
  const owner = options.proxyToken ?? '';
  /** `GET /v1/models` takes the token in any header some door accepts it in. */
  const anyTokenHeader = [...new Set(doors.flatMap((door) => door.tokenHeaders ?? ['authorization']))];

  function modelList(headers: Record<string, string>): Response {
    const entry = {
      id: modelId,
      object: 'model',
      created: Math.floor(Date.now() / 1000),
      owned_by: 'toolshim',
      tool_mode: toolMode,
      ...(toolMode === 'emulated'
        ? { protocol: options.middleware ? 'custom' : (options.protocol ?? DEFAULT_PROTOCOL) }
        : {}),
      ...(options.modelDescription ? { description: options.modelDescription } : {}),
    };
    return Response.json({ object: 'list', data: [entry] }, { headers });
  }

  async function answer(door: FrontDoor, ctx: DoorContext, cors: Record<string, string>): Promise<Response> {
    if (isReadDoor(door)) return Response.json(await door.answer(ctx), { headers: cors });
    requireJson(ctx.request);
    const json = parseJson(await readBodyLimited(ctx.request, maxBodyBytes));
    if (!isModelDoor(door)) return Response.json(await (door as JsonFrontDoor).respond(json, ctx), { headers: cors });
    return answerModelCall(door as ModelFrontDoor, json, ctx, models, cors, settings);
  }

  function contextOf(request: Request, params: Record<string, string>, host: RequestHost): DoorContext {
    const afterwards = (promise: Promise<unknown>) => host.waitUntil?.(promise);
    return { toolMode, modelId, request, params, upstreamView: models.upstreamView, store, owner, afterwards };
  }

  function notFound(pathname: string): ProxyHttpError {
    const served = routes.served(basePath);
    served.push(...GET_ROUTES.map((path) => `GET ${basePath}${path}`));
    return new ProxyHttpError(404, `No route ${pathname}. This proxy serves ${served.join(', ')}.`, {
      type: 'not_found_error',
      code: 'unknown_route',
    });
  }

  return async function handle(request: Request, host: RequestHost = {}): Promise<Response> {
    const cors = corsHeaders(request, options.allowedOrigins);
    let door: FrontDoor | undefined;
    try {
      const url = new URL(request.url);
      const inBase = basePath === '' || url.pathname.startsWith(`${basePath}/`);
      const path = inBase ? url.pathname.slice(basePath.length).replace(/\/+$/, '') : '';
      const route = routes.match(path, request.method === 'HEAD' ? 'GET' : request.method);
      door = route?.door;
      if (options.allowedHosts !== undefined) requireAllowedHost(request, options.allowedHosts);
      const methods = door !== undefined ? [methodOf(door)] : GET_ROUTES.includes(path) ? ['GET'] : undefined;
      if (methods === undefined) throw notFound(`${request.method} ${url.pathname}`);
      if (request.method === 'OPTIONS') return preflight(request, options.allowedOrigins);
      if (!methods.includes(request.method) && !(request.method === 'HEAD' && methods.includes('GET'))) {
        throw new ProxyHttpError(405, `${url.pathname} accepts ${methods.join(', ')}, not ${request.method}.`, {
          type: 'invalid_request_error',
          code: 'method_not_allowed',
          headers: { allow: [...methods, 'OPTIONS'].join(', ') },
        });
      }
      if (path === '/health') return Response.json({ status: 'ok', tool_mode: toolMode }, { headers: cors });
      if (options.proxyToken) await requireToken(request, options.proxyToken, door?.tokenHeaders ?? anyTokenHeader);
      if (door === undefined) return modelList(cors);
      return await answer(door, contextOf(request, route?.params ?? {}, host), cors);
    } catch (error) {
      const failure = httpErrorOf(error);
      const body = door !== undefined ? door.errorBody(failure) : failure.toBody();
      return Response.json(body, { status: failure.status, headers: { ...cors, ...failure.headers } });
    }
  };
}
