/**
 * The Anthropic Messages front doors:
 *
 * - `POST /v1/messages`: the request becomes AI SDK call options
 *   (read-request.ts), the model's result a `message` (write-result.ts) and
 *   its stream parts the Messages event stream (write-stream.ts). In native
 *   mode the same call goes to the upstream with its tools, as
 *   chat-completions `tools`; `disable_parallel_tool_use` is also sent as
 *   `parallel_tool_calls: false`.
 * - `POST /v1/messages/count_tokens`: an estimate of the call as the upstream
 *   would get it: the middleware's rendered prompt in emulated mode, the tool
 *   definitions too in native mode (door-kit/count-tokens.ts). `message_start`'s
 *   `input_tokens` is the same count of the call as it was sent.
 *
 * The token comes as `x-api-key` (the SDKs' `apiKey`, Claude Code's
 * `ANTHROPIC_API_KEY`) or `Authorization: Bearer` (their `authToken`,
 * Claude Code's `ANTHROPIC_AUTH_TOKEN`). Errors have Anthropic's shape; the
 * keep-alive is Anthropic's `ping` event. `anthropic-version` and
 * `anthropic-beta` are accepted and need nothing: this proxy has one version
 * of the API, and the betas Claude Code asks for change nothing it does.
 */
import type { ProxyHttpError } from '../core/errors.ts';
import { type JsonFrontDoor, modelFrontDoor, type WriteContext } from '../core/front-door.ts';
import { checkToolChoice } from '../core/tool-choice.ts';
import { countCallTokens } from '../door-kit/count-tokens.ts';
import { anthropicErrorBody } from './errors.ts';
import { type MessagesCall, readMessagesRequest } from './read-request.ts';
import { ANTHROPIC_CHOICE_WORDS } from './read-tools.ts';
import { toAnthropicMessage } from './write-result.ts';
import { createMessageStreamWriter, errorEvent, PING_EVENT } from './write-stream.ts';

const TOKEN_HEADERS = ['x-api-key', 'authorization'] as const;

type MessagesState = Omit<MessagesCall, 'options' | 'stream' | 'inputTokensEstimate' | 'model'>;

/** What the writers need: the request's state, the model name to echo and the count of the call as sent. */
function writerCall(state: MessagesState, ctx: WriteContext): Omit<MessagesCall, 'options' | 'stream'> {
  return { ...state, model: ctx.model, inputTokensEstimate: ctx.sent === undefined ? 0 : countCallTokens(ctx.sent) };
}

export const messages = modelFrontDoor<MessagesState>({
  path: '/v1/messages',
  tokenHeaders: TOKEN_HEADERS,
  readRequest(json) {
    const { options, stream, model, ...state } = readMessagesRequest(json);
    const callOptions = state.disableParallelToolUse
      ? { ...options, providerOptions: { chatEngine: { parallelToolCalls: false } } }
      : options;
    return { callOptions, stream, model, state };
  },
  writeResult: (result, call, ctx) => toAnthropicMessage(result, writerCall(call.state, ctx)),
  // A stop sequence or the first call of a no-parallel answer ends the message: the writer is then `done`.
  streamWriter: (call, ctx) => createMessageStreamWriter(writerCall(call.state, ctx)),
  errorBody: (error: ProxyHttpError) => anthropicErrorBody(error),
  errorEvent: (error: ProxyHttpError) => errorEvent(anthropicErrorBody(error)),
  keepAlive: PING_EVENT,
  toolChoiceWords: ANTHROPIC_CHOICE_WORDS,
});

export const countTokens: JsonFrontDoor = {
  path: '/v1/messages/count_tokens',
  tokenHeaders: TOKEN_HEADERS,
  async respond(json, ctx) {
    const { options } = readMessagesRequest(json, 'count');
    // No model call, so the core's pre-send check is made here: count_tokens refuses what create would.
    checkToolChoice(options, ANTHROPIC_CHOICE_WORDS);
    return { input_tokens: countCallTokens(await ctx.upstreamView(options, 'generate')) };
  },
  errorBody: (error: ProxyHttpError) => anthropicErrorBody(error),
};
