/**
 * The AI SDK prompt as OpenAI chat messages, for engines that speak the
 * chat-completions shape (WebLLM, the openai SDK, any OpenAI-compatible HTTP
 * server). With toolshim in front, the prompt holds only system, user and
 * assistant text: tool calls and results were already rewritten as text. The
 * tool parts are still mapped, so the adapter also works unwrapped, and with
 * `history: 'native'`, which leaves them structured.
 */
import type {
  LanguageModelV4FilePart,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ChatContentPart, ChatMessage, ChatToolCall } from '../wire/types.ts';

/**
 * An assistant turn's earlier thinking, under both names servers read on input
 * messages: llama.cpp's server takes `reasoning_content` (common/chat.cpp
 * `common_chat_msgs_parse_oaicompat`@0083bb18d6ac197bb463662c79569a8172811554,
 * handed on to the template as `reasoning_content`, and as `thinking` or a
 * thinking block where the family's template wants that: common/parsers/gpt-oss.cpp,
 * lfm2.cpp, ministral3.cpp), as SGLang's message model does
 * (python/sglang/srt/entrypoints/openai/protocol.py@004c82e07d876f6e4a0ad6e15325706b0f478f1a
 * `ChatCompletionMessageGenericParam`); vLLM reads only `reasoning` and gives
 * the template both (vllm/entrypoints/chat_utils.py `_parse_chat_message_content`
 * @001eadcf295d90aa0664963cd6a9d93f38a2f3da; vllm-project/vllm#38488: a
 * `reasoning_content` alone is dropped), as Ollama does (openai/openai.go
 * @00988753ff743bf26117964f6e43f9ebf10bce30, `reasoning` → `Thinking`). Each
 * server ignores the name it does not read.
 */
export interface ReasoningFields {
  reasoning_content?: string;
  reasoning?: string;
}

/** A chat message as sent: an assistant one may carry its thinking (wire/types.ts has no field for it). */
export type SentChatMessage = ChatMessage & ReasoningFields;

function base64Of(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** An image file part as an `image_url` part; other files become a warning. */
function filePart(part: LanguageModelV4FilePart, warnings: SharedV4Warning[]): ChatContentPart | undefined {
  const { data } = part;
  if (data.type === 'text') return { type: 'text', text: data.text };
  if (part.mediaType.startsWith('image')) {
    if (data.type === 'url') return { type: 'image_url', image_url: { url: data.url.toString() } };
    if (data.type === 'data') {
      const mediaType = part.mediaType.includes('/') ? part.mediaType : 'image/png';
      return { type: 'image_url', image_url: { url: `data:${mediaType};base64,${base64Of(data.data)}` } };
    }
  }
  warnings.push({
    type: 'unsupported',
    feature: `file part (${part.mediaType})`,
    details: 'Chat engines take text and images only; this file part was left out of the request.',
  });
  return undefined;
}

/** Plain string content when every part is text, as small-model chat templates expect. */
function contentOf(parts: ChatContentPart[]): string | ChatContentPart[] {
  return parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('\n') : parts;
}

function toolOutputText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return JSON.stringify({ error: `The tool call was denied${output.reason ? `: ${output.reason}` : '.'}` });
    case 'content':
      // A chat `tool` message holds text only: files (a screenshot) become a placeholder, as the middleware
      // writes them, never their base64 as text.
      return output.value
        .map((part) =>
          part.type === 'text' ? part.text : part.type === 'file' ? `[file: ${part.mediaType}]` : '[content]',
        )
        .join('\n');
    default:
      return JSON.stringify(output);
  }
}

/**
 * One system message, first. Chat templates take the system prompt from the
 * first message only, and several refuse one anywhere else (Gemma's and
 * Mistral's raise "roles must alternate"; WebLLM refuses a system prompt that
 * is not first), while clients do send them later: Claude Code 2.1.328 sends
 * its environment as a system message after the user's request, and Codex
 * its instructions as two developer messages. A later one joins the first.
 */
function addSystem(messages: ChatMessage[], content: string): void {
  const first = messages[0];
  if (first === undefined) messages.push({ role: 'system', content });
  else if (first.role === 'system') {
    first.content =
      typeof first.content === 'string'
        ? `${first.content}\n\n${content}`
        : [...first.content, { type: 'text', text: content }];
  } else messages.unshift({ role: 'system', content });
}

type AssistantMessage = Extract<LanguageModelV4Prompt[number], { role: 'assistant' }>;

/**
 * Whether the turn's thinking goes upstream: only where the middleware's
 * native history marked the turn (middleware/native-history.ts), for a server
 * whose chat template writes it back. The text form writes the thinking
 * itself (the protocol's formatReasoning) and leaves no reasoning part; an
 * unwrapped adapter, or the proxy's native tool mode, sends none, as before.
 */
function sendsReasoning(message: AssistantMessage): boolean {
  return (message.providerOptions?.toolshim as { sendReasoning?: unknown } | undefined)?.sendReasoning === true;
}

/** An assistant turn as one message (text, calls, thinking where marked), then the tool messages of its results. */
function assistantMessages(message: AssistantMessage): SentChatMessage[] {
  const texts: string[] = [];
  const thoughts: string[] = [];
  const toolCalls: ChatToolCall[] = [];
  const results: SentChatMessage[] = [];
  for (const part of message.content) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'reasoning') {
      // A blank one (a redacted or signature-only thinking block) is left out, as the text form leaves it.
      if (part.text.trim() !== '') thoughts.push(part.text);
    } else if (part.type === 'tool-call') {
      const args = typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {});
      toolCalls.push({
        id: part.toolCallId,
        type: 'function',
        function: { name: part.toolName, arguments: args },
      });
    } else if (part.type === 'tool-result') {
      results.push({ role: 'tool', tool_call_id: part.toolCallId, content: toolOutputText(part.output) });
    }
    // Files from earlier turns are not sent back: chat templates drop them too.
  }
  const thinking = thoughts.length > 0 && sendsReasoning(message) ? thoughts.join('\n') : undefined;
  return [
    {
      role: 'assistant',
      content: texts.length > 0 ? texts.join('\n') : null,
      ...(thinking === undefined ? {} : { reasoning_content: thinking, reasoning: thinking }),
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    },
    ...results,
  ];
}

export function toChatMessages(prompt: LanguageModelV4Prompt, warnings: SharedV4Warning[]): SentChatMessage[] {
  const messages: SentChatMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        addSystem(messages, message.content);
        break;
      case 'user': {
        const parts: ChatContentPart[] = [];
        for (const part of message.content) {
          const mapped = part.type === 'text' ? { type: 'text' as const, text: part.text } : filePart(part, warnings);
          if (mapped) parts.push(mapped);
        }
        messages.push({ role: 'user', content: contentOf(parts) });
        break;
      }
      case 'assistant':
        messages.push(...assistantMessages(message));
        break;
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          messages.push({ role: 'tool', tool_call_id: part.toolCallId, content: toolOutputText(part.output) });
        }
        break;
    }
  }
  return messages;
}
