/**
 * The Anthropic Messages front doors:
 *
 * - `POST /v1/messages`: the request becomes AI SDK call options
 *   (read-request.ts), the model's result a `message` (write-message.ts) and
 *   its stream parts the Messages event stream (write-stream.ts). In native
 *   mode the same call goes to the upstream with its tools, as
 *   chat-completions `tools`; `disable_parallel_tool_use` is also sent as
 *   `parallel_tool_calls: false`.
 * - `POST /v1/messages/count_tokens`: an estimate (count-tokens.ts).
 *
 * The token comes as `x-api-key` (the SDKs' `apiKey`, Claude Code's
 * `ANTHROPIC_API_KEY`) or `Authorization: Bearer` (their `authToken`,
 * Claude Code's `ANTHROPIC_AUTH_TOKEN`). Errors have Anthropic's shape; the
 * keep-alive is Anthropic's `ping` event. `anthropic-version` and
 * `anthropic-beta` are accepted and need nothing: this proxy has one version
 * of the API, and the betas Claude Code asks for change nothing it does.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ProxyHttpError } from '../core/errors.ts';
import { type JsonFrontDoor, modelFrontDoor } from '../core/front-door.ts';
import { anthropicErrorBody } from './errors.ts';
import { type MessagesCall, readMessagesRequest } from './read-request.ts';
import { toAnthropicMessage } from './write-message.ts';
import { createMessageStreamWriter, errorEvent, PING_EVENT } from './write-stream.ts';

const TOKEN_HEADERS = ['x-api-key', 'authorization'] as const;

type MessagesState = Omit<MessagesCall, 'options' | 'stream'>;

async function* writeEvents(
  parts: AsyncIterable<LanguageModelV4StreamPart>,
  call: MessagesState,
): AsyncGenerator<Uint8Array> {
  const writer = createMessageStreamWriter(call);
  yield* writer.start();
  for await (const part of parts) {
    yield* writer.write(part);
    // A stop sequence or the first call of a no-parallel answer ended the message: leaving the loop cancels the model.
    if (writer.done) return;
  }
  yield* writer.end();
}

export const messages = modelFrontDoor<MessagesState>({
  path: '/v1/messages',
  tokenHeaders: TOKEN_HEADERS,
  readRequest(json) {
    const { options, stream, ...state } = readMessagesRequest(json);
    const callOptions = state.disableParallelToolUse
      ? { ...options, providerOptions: { chatEngine: { parallelToolCalls: false } } }
      : options;
    return { callOptions, stream, model: state.model, state };
  },
  writeResult: (result, call, ctx) => toAnthropicMessage(result, { ...call.state, model: ctx.model }),
  writeStream: (parts, call, ctx) => writeEvents(parts, { ...call.state, model: ctx.model }),
  errorBody: (error: ProxyHttpError) => anthropicErrorBody(error),
  errorEvent: (error: ProxyHttpError) => errorEvent(anthropicErrorBody(error)),
  keepAlive: PING_EVENT,
});

export const countTokens: JsonFrontDoor = {
  path: '/v1/messages/count_tokens',
  tokenHeaders: TOKEN_HEADERS,
  respond: (json) => ({ input_tokens: readMessagesRequest(json, 'count').inputTokensEstimate }),
  errorBody: (error: ProxyHttpError) => anthropicErrorBody(error),
};
