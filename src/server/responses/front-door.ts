/**
 * The Responses front door, `POST /v1/responses`: OpenAI's Responses API,
 * which Codex CLI and the OpenAI Agents SDK speak. The request becomes AI SDK
 * call options (read-request.ts), the model's result a `response` object
 * (write-result.ts) and its stream parts the Responses events
 * (write-stream.ts). Errors have the OpenAI shape, as chat completions'.
 * Native mode needs nothing of its own: the core's tool-forwarding model
 * takes the same call options and gives back the same parts.
 */
import { modelFrontDoor } from '../core/front-door.ts';
import { readResponsesRequest } from './read-request.ts';
import { responseFrame } from './response-object.ts';
import type { ToolRoutes } from './tool-routes.ts';
import { toResponse } from './write-result.ts';
import { createResponseEventWriter, failureBeforeStart } from './write-stream.ts';

interface ResponsesState {
  routes: ToolRoutes;
  echo: Record<string, unknown>;
}

export const responses = modelFrontDoor<ResponsesState>({
  path: '/v1/responses',
  readRequest(json) {
    const request = readResponsesRequest(json);
    return {
      callOptions: request.callOptions,
      stream: request.stream,
      ...(request.model !== undefined ? { model: request.model } : {}),
      state: { routes: request.routes, echo: request.echo },
    };
  },
  writeResult: (result, call, ctx) => toResponse(result, responseFrame(ctx.model, call.state.echo), call.state.routes),
  streamWriter: (call, ctx) =>
    createResponseEventWriter({ frame: responseFrame(ctx.model, call.state.echo), routes: call.state.routes }),
  errorBody: (error) => error.toBody(),
  errorEvent: failureBeforeStart,
  // Codex reads a context overflow only from `response.failed` (codex-rs/codex-api/src/sse/responses.rs,
  // is_context_window_error); an HTTP 400 is to it an invalid request (api_bridge.rs), which it does not compact.
  failsInStream: (error) => error.code === 'context_length_exceeded',
});
