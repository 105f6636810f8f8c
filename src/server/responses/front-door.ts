/**
 * The Responses front door, `POST /v1/responses`: OpenAI's Responses API,
 * which Codex CLI, the OpenAI Agents SDK and the AI SDK's openai provider
 * speak. What the request refers to (`previous_response_id`, `item_reference`)
 * is put back from the answers this proxy gave (stored-input.ts, store.ts);
 * the request becomes AI SDK call options (read-request.ts), the model's
 * result a `response` object (write-result.ts) and its stream parts the
 * Responses events (write-stream.ts), each kept unless `store: false`. Errors
 * have the OpenAI shape, as chat completions'. Native mode needs nothing of
 * its own: the core's tool-forwarding model takes the same call options and
 * gives back the same parts.
 */
import type { DoorContext } from '../core/front-door.ts';
import { modelFrontDoor } from '../core/front-door.ts';
import { readResponsesRequest } from './read-request.ts';
import { responseFrame } from './response-object.ts';
import { withStoredInput } from './stored-input.ts';
import type { ToolRoutes } from './tool-routes.ts';
import type { ResponseObject } from './wire-types.ts';
import { toResponse } from './write-result.ts';
import { createResponseEventWriter, failureBeforeStart } from './write-stream.ts';

interface ResponsesState {
  routes: ToolRoutes;
  echo: Record<string, unknown>;
  /** What to keep of the answer: the request's own input and the response it followed; none with `store: false`. */
  keep?: { own: unknown[]; previous?: string };
}

/** Keeps the answer for later references. A store that fails costs the client nothing but the reference. */
function keep(ctx: DoorContext, state: ResponsesState, response: ResponseObject): void {
  if (state.keep === undefined) return;
  const { own, previous } = state.keep;
  const kept = { ...(previous ? { previous } : {}), input: own, output: response.output };
  const saving = ctx.store.save(ctx.owner, response.id, kept).catch((error: unknown) => {
    console.error('toolshim: the Responses store could not keep a response:', error);
  });
  ctx.afterwards(saving);
}

export const responses = modelFrontDoor<ResponsesState>({
  path: '/v1/responses',
  async readRequest(json, ctx) {
    const stored = await withStoredInput(json, ctx.store, ctx.owner);
    const request = readResponsesRequest(stored?.body ?? json);
    const echo: Record<string, unknown> = { ...request.echo, previous_response_id: stored?.previous ?? null };
    return {
      callOptions: request.callOptions,
      stream: request.stream,
      ...(request.model !== undefined ? { model: request.model } : {}),
      state: {
        routes: request.routes,
        echo,
        ...(echo.store !== false && stored ? { keep: { own: stored.own, previous: stored.previous } } : {}),
      },
    };
  },
  writeResult: (result, call, ctx) => {
    const response = toResponse(result, responseFrame(ctx.model, call.state.echo), call.state.routes);
    keep(ctx, call.state, response);
    return response;
  },
  streamWriter: (call, ctx) =>
    createResponseEventWriter({
      frame: responseFrame(ctx.model, call.state.echo),
      routes: call.state.routes,
      onEnd: (response) => keep(ctx, call.state, response),
    }),
  errorBody: (error) => error.toBody(),
  errorEvent: failureBeforeStart,
  // Codex reads a context overflow only from `response.failed` (codex-rs/codex-api/src/sse/responses.rs,
  // is_context_window_error); an HTTP 400 is to it an invalid request (api_bridge.rs), which it does not compact.
  failsInStream: (error) => error.code === 'context_length_exceeded',
});
