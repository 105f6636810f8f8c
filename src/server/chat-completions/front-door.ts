/**
 * The chat-completions front door, `POST /v1/chat/completions`: the OpenAI
 * chat request becomes AI SDK call options (read-request.ts, with
 * read-messages.ts and read-tools.ts), the model's result a
 * `chat.completion` (write-result.ts) and its stream parts
 * `chat.completion.chunk` frames (write-stream.ts). In native mode the client's JSON is forwarded as it
 * came (forward-native.ts). Errors have the OpenAI shape.
 */
import { sseFrame } from '../../wire/sse.ts';
import type { ChatCompletionRequest } from '../../wire/types.ts';
import { modelFrontDoor } from '../core/front-door.ts';
import { forwardChat } from './forward-native.ts';
import { readChatRequest, toCallOptions } from './read-request.ts';
import { toFunctionTools, toToolChoice } from './read-tools.ts';
import { toChatCompletion } from './write-result.ts';
import { createChunkWriter } from './write-stream.ts';

interface ChatState {
  includeUsage: boolean;
}

export const chatCompletions = modelFrontDoor<ChatState>({
  path: '/v1/chat/completions',
  readRequest(json, ctx) {
    const request: ChatCompletionRequest = readChatRequest(json);
    // Native mode forwards the JSON itself: only tools and tool choice are read, for the pre-send check.
    const callOptions =
      ctx.toolMode === 'native'
        ? { prompt: [], tools: toFunctionTools(request.tools), toolChoice: toToolChoice(request.tool_choice) }
        : toCallOptions(request);
    return {
      callOptions,
      stream: request.stream === true,
      // readChatRequest let through a string or nothing (`null` and `""` count as nothing: door-kit readModel).
      ...(request.model ? { model: request.model } : {}),
      state: { includeUsage: request.stream_options?.include_usage === true },
    };
  },
  writeResult: (result, _call, ctx) => toChatCompletion(result, ctx.model),
  streamWriter: (call, ctx) => createChunkWriter({ model: ctx.model, includeUsage: call.state.includeUsage }),
  errorBody: (error) => error.toBody(),
  errorEvent: (error) => sseFrame(error.toBody()),
  forwardNative: (json, _call, ctx) => forwardChat(json, ctx),
});
