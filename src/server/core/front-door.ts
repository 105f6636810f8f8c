/**
 * The front-door contract: how an HTTP API plugs into the one proxy core.
 *
 * Chat completions, Responses and Messages are each a front door: a request
 * reader and a response writer. Everything else is the core's, the same for
 * every door:
 *
 *   POST <path> ─► guards: CORS, token (from the door's `tokenHeaders`), 415 unless JSON,
 *                  MAX_BODY_BYTES (413), JSON.parse (400 invalid_json)
 *              ─► door.readRequest(json, ctx) → { callOptions, stream, model?, state }
 *              ─► pre-send check of callOptions.toolChoice against callOptions.tools (400, param tool_choice)
 *              ─► the model: emulated = the toolshim-wrapped model; native = a V4 model over the
 *                  upstream that forwards tools/toolChoice as chat-completions tools/tool_choice
 *                  (a door may instead forward its raw JSON: `forwardNative`, chat completions only)
 *              ─► whole:  model.doGenerate → door.writeResult(result, call, ctx) → 200 JSON
 *                 stream: model.doStream  → door.streamWriter(call, ctx), driven by the core → SSE frames
 *              ─► a failure before the answer starts: status + door.errorBody(error);
 *                 after: door.errorEvent(error) ends the stream (unless the writer's `fail` ends it)
 *
 * The core also owns, so no door repeats them: the abort (the client leaving
 * cancels the upstream in every phase; `callOptions.abortSignal` is set by
 * the core), the SSE plumbing (headers at once or after `streamHeadersWithinMs`,
 * `streamOpen` first, `keepAlive` while the model is quiet, back-pressure),
 * the fault mapping (`httpErrorOf`: ProxyHttpError as is, upstream failures to
 * 401/403/429/4xx/502/504, the rest 500) and the upstream key's redaction
 * (done once, in the upstream client, on every byte of upstream text).
 *
 * A stream writer (`StreamWriter`) is synchronous: the core reads the model's
 * parts and hands each to `write`, so no door has a loop, an abort or a
 * pending read of its own (one driver for every door: drive-writer.ts). It
 * hears of a tool call only once the call is whole (whole-calls.ts). An
 * `error` part or any fault it throws ends the stream with its `fail` frames
 * when it has `fail` (e.g. `response.failed` with its sequence number), else
 * with `errorEvent(httpErrorOf(thrown))`.
 *
 * Register a door in src/server/front-doors.ts. A door that answers without a
 * model (e.g. a token count) is a `JsonFrontDoor`; one for `GET` a `ReadFrontDoor`.
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { ChatEngine } from '../../engines/chat-engine.ts';
import type { ResponseStore } from '../responses/store.ts';
import type { ProxyHttpError } from './errors.ts';
import type { ToolMode } from './options.ts';
import type { ToolChoiceWords } from './tool-choice.ts';

/** An SSE frame as sent: bytes, or text the core encodes as UTF-8. Include the blank line that ends an event. */
export type Frame = Uint8Array | string;

/**
 * A request header that may carry the proxy token. `authorization` expects
 * `Bearer <token>`; any other header (e.g. `x-api-key`) carries the token as
 * its whole value; a name after `?` is a URL query parameter (`?key`, as
 * Gemini's REST clients send it). A request passes when any listed one carries it.
 */
export type TokenHeader = 'authorization' | (string & {});

/**
 * One streamed answer's writer: `start()` once, `write(part)` for each part in
 * order, `end()` when the model's parts end; each returns the frames to send.
 */
export interface StreamWriter {
  start(): Frame[];
  write(part: LanguageModelV4StreamPart): Frame[];
  end(): Frame[];
  /** A fault after `start` (an `error` part, a failing model): the frames that end the stream. Default `errorEvent`. */
  fail?(error: ProxyHttpError): Frame[];
  /** True once the answer ended before the model did (a stop sequence): the core stops reading, which cancels the model. */
  readonly done?: boolean;
}

/** What every door method is told about the request. */
export interface DoorContext {
  toolMode: ToolMode;
  /** The handler's model id (what `GET /v1/models` lists). */
  modelId: string;
  /** The incoming request, for its headers (its body was already read). */
  request: Request;
  /** The fields of the door's path template (`{model}` in `/v1beta/models/{model}:generateContent`). */
  params: Readonly<Record<string, string>>;
  /** The call options as the upstream model will see them (models.ts `upstreamView`), e.g. to count their tokens. */
  upstreamView(params: LanguageModelV4CallOptions, type: 'generate' | 'stream'): Promise<LanguageModelV4CallOptions>;
  /** Where the answers a door gave are kept for later references (the Responses door's; responses/store.ts). */
  store: ResponseStore;
  /** Whose they are: the proxy token the request passed with ('' with none), so no token reads another's. */
  owner: string;
  /** Hands a write still under way when the answer is out to the host, so a Worker does not cut it off. */
  afterwards(promise: Promise<unknown>): void;
}

/** A door method that writes an answer also gets the model name to echo. */
export interface WriteContext extends DoorContext {
  /** `call.model` when the client named one, else `modelId`. */
  model: string;
  /** The call options the model was called with, as the upstream sees them (absent when `forwardNative` answered). */
  sent?: LanguageModelV4CallOptions;
}

/** What `readRequest` makes of a request body. */
export interface ModelCall<State = unknown> {
  /** The AI SDK call: prompt, tools, toolChoice, sampling. The core sets `abortSignal`. */
  callOptions: LanguageModelV4CallOptions;
  stream: boolean;
  /** The model the client named. Echoed in answers; in native mode sent upstream (unless UPSTREAM_MODEL is set). */
  model?: string;
  /** Whatever the writers need from the request (e.g. `stream_options.include_usage`, fields to echo). */
  state: State;
}

/** Native mode's raw forwarding (`forwardNative`): the engine to send to and the abort. */
export interface NativeContext extends WriteContext {
  engine: ChatEngine;
  signal: AbortSignal;
}

/** A forwarded answer: a JSON body (200), or SSE frames. */
export type NativeAnswer = { body: unknown } | { frames: AsyncIterable<Frame> };

interface DoorBase {
  /** The route, e.g. `/v1/messages` (under the handler's `basePath`); `{name}` marks a field (core/routes.ts). */
  path: string;
  /** Headers that may carry the proxy token. Default `['authorization']`. */
  tokenHeaders?: readonly TokenHeader[];
  /** The JSON body of an error answer in this API's shape; the status is `error.status`. */
  errorBody(error: ProxyHttpError): unknown;
  /**
   * A door that only refuses what the API has and the proxy does not serve:
   * left out of the routes a 404 lists, and matched only for its own method.
   */
  fallback?: boolean;
}

/** A door whose requests become a model call. */
export interface ModelFrontDoor<State = unknown> extends DoorBase {
  /** Validates and converts; throws a ProxyHttpError (400, `param` naming the field) for bad input. */
  readRequest(json: unknown, ctx: DoorContext): ModelCall<State> | Promise<ModelCall<State>>;
  /** A whole answer: the JSON body sent with status 200. */
  writeResult(result: LanguageModelV4GenerateResult, call: ModelCall<State>, ctx: WriteContext): unknown;
  /** A streamed answer: the writer of its SSE frames (see the writer rules above). */
  streamWriter(call: ModelCall<State>, ctx: WriteContext): StreamWriter;
  /** The SSE frame that reports a fault once streaming has begun. */
  errorEvent(error: ProxyHttpError): Frame;
  /** How this API spells `tool_choice` and its choices in the core's refusals. Default OpenAI's. */
  toolChoiceWords?: ToolChoiceWords;
  /** Sent while the model is quiet, every `keepAliveMs`. Default `: ping` (an SSE comment). */
  keepAlive?: Frame;
  /** Sent first, with the headers. Default `: connected` (an SSE comment). */
  streamOpen?: Frame;
  /** Sent every second or so while the model is quiet, to notice a client that left. Default `:` (an SSE comment). */
  liveness?: Frame;
  /**
   * A streamed request whose model fails before the stream starts is an HTTP
   * status; a door whose clients act on some failure only as a stream event
   * (Codex reads `context_length_exceeded` only from `response.failed`) says
   * so here, and the core opens the stream and sends `errorEvent` instead.
   */
  failsInStream?(error: ProxyHttpError): boolean;
  /** Native mode only: forward the client's JSON as it came instead of calling the native model. */
  forwardNative?(json: Record<string, unknown>, call: ModelCall<State>, ctx: NativeContext): Promise<NativeAnswer>;
}

/** A door that answers from the request alone (no model call), e.g. a token count. */
export interface JsonFrontDoor extends DoorBase {
  respond(json: unknown, ctx: DoorContext): unknown;
}

/** A door for `GET`: answers from the path alone, e.g. Gemini's model list. */
export interface ReadFrontDoor extends DoorBase {
  method: 'GET';
  answer(ctx: DoorContext): unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: each door has its own State; the core passes it through untouched.
export type FrontDoor = ModelFrontDoor<any> | JsonFrontDoor | ReadFrontDoor;

/** Keeps a door's State type checked where it is defined: `export const door = modelFrontDoor<MyState>({…})`. */
export function modelFrontDoor<State>(door: ModelFrontDoor<State>): ModelFrontDoor<State> {
  return door;
}

export function isModelDoor(door: FrontDoor): door is ModelFrontDoor<unknown> {
  return 'readRequest' in door;
}

export function isReadDoor(door: FrontDoor): door is ReadFrontDoor {
  return 'answer' in door;
}
