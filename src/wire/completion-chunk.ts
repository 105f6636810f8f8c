/** A whole `chat.completion` as one `chat.completion.chunk`, for upstreams that ignore `stream: true`. */
import type { ChatCompletion, ChatCompletionChunk } from './types.ts';

export function completionAsChunk(completion: ChatCompletion): ChatCompletionChunk {
  const choice = completion.choices[0];
  return {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices: [
      {
        index: 0,
        delta: {
          role: 'assistant',
          content: choice?.message.content ?? null,
          ...(choice?.message.tool_calls
            ? { tool_calls: choice.message.tool_calls.map((call, index) => ({ index, ...call })) }
            : {}),
        },
        finish_reason: choice?.finish_reason ?? 'stop',
      },
    ],
    ...(completion.usage ? { usage: completion.usage } : {}),
  };
}
