/**
 * A model's generate result → one `chat.completion` object, plus the
 * finish-reason and usage mappings the stream writer shares.
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { ChatCompletion, ChatFinishReason, ChatToolCall, ChatUsage } from '../../wire/types.ts';

export function completionId(): string {
  return `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`;
}

export function finishReasonOf(reason: LanguageModelV4FinishReason, madeToolCalls: boolean): ChatFinishReason {
  // Some models stop with "stop" right after a call they wrote as text; the client must still run the tools.
  if (madeToolCalls) return 'tool_calls';
  switch (reason.unified) {
    case 'length':
      return 'length';
    case 'content-filter':
      return 'content_filter';
    case 'tool-calls':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

export function usageOf(usage: LanguageModelV4Usage | undefined): ChatUsage {
  const prompt = usage?.inputTokens.total ?? 0;
  const completion = usage?.outputTokens.total ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function toChatCompletion(result: LanguageModelV4GenerateResult, model: string): ChatCompletion {
  let text = '';
  let reasoning = '';
  const toolCalls: ChatToolCall[] = [];
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning += part.text;
    else if (part.type === 'tool-call') {
      toolCalls.push({
        id: part.toolCallId,
        type: 'function',
        function: { name: part.toolName, arguments: part.input },
      });
    }
  }
  return {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          // OpenAI sends null content on a pure tool-call answer; clients test for it.
          content: text === '' && toolCalls.length > 0 ? null : text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          // The thinking, apart from the answer (DeepSeek's API, vLLM and llama.cpp use this field).
          ...(reasoning !== '' ? { reasoning_content: reasoning } : {}),
        },
        finish_reason: finishReasonOf(result.finishReason, toolCalls.length > 0),
      },
    ],
    usage: usageOf(result.usage),
  };
}
