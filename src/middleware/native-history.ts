/**
 * `history: 'native'`: the earlier tool calls and results stay structured
 * messages (assistant `tool-call` parts, `tool` messages), for a server that
 * renders them through the model's own chat template (vLLM, SGLang, llama.cpp
 * with `--jinja`, Ollama, LM Studio): those write `tool_calls` and
 * `role: "tool"` even when the request declares no tools. Only the tool
 * definitions go in as text, as the injected system prompt.
 *
 * Reached from `createToolMiddleware` alone (call-state.ts), so a preset, which
 * always writes history as text, does not ship it.
 */
import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { type ConvertPromptOptions, withSuffix } from './convert-prompt.ts';
import { notTooDeep } from './nesting.ts';

type ToolMessage = Extract<LanguageModelV4Message, { role: 'tool' }>;
type AssistantMessage = Extract<LanguageModelV4Message, { role: 'assistant' }>;

/** The message with each call's and result's id renamed by the protocol's `nativeCallId`, if it has one. */
function withCallIds<M extends AssistantMessage | ToolMessage>(message: M, rename?: (id: string) => string): M {
  if (rename === undefined) return message;
  const content = message.content.map((part) =>
    'toolCallId' in part ? { ...part, toolCallId: rename(part.toolCallId) } : part,
  );
  return { ...message, content } as M;
}

/** An assistant turn as it came; its calls' inputs and results are checked for depth as the text form does. */
function checkedAssistant(message: AssistantMessage): AssistantMessage {
  for (const part of message.content) {
    if (part.type === 'tool-call') notTooDeep(part.input, part.toolCallId, 'input');
    else if (part.type === 'tool-result') notTooDeep(part.output, part.toolCallId, 'result');
  }
  return message;
}

/**
 * The turn marked for its thinking to go upstream (`providerOptions.toolshim.sendReasoning`,
 * read by engines/chat-messages.ts, which sends it as `reasoning_content` and `reasoning`):
 * the server's template writes it back where the model was trained to see it (Qwen3,
 * GLM-4.6, MiniMax-M2, Kimi K2 Thinking, DeepSeek V3.2, Gemma 4: the turns after the last
 * user message, the tool loop under way; Seed-OSS: every turn), so a model that thinks
 * between calls keeps its plan. Only a turn with thinking is marked; its parts stay as they
 * are, for a provider that maps reasoning parts itself.
 */
function withReasoningSent(message: AssistantMessage): AssistantMessage {
  if (!message.content.some((part) => part.type === 'reasoning' && part.text.trim() !== '')) return message;
  const options = message.providerOptions;
  return { ...message, providerOptions: { ...options, toolshim: { ...options?.toolshim, sendReasoning: true } } };
}

/**
 * The prompt with its history left structured. What still changes: the
 * thinking switch's word at the end of the last user message; approval
 * responses left out of tool messages (AI SDK bookkeeping the model never
 * needs); an assistant turn with thinking marked for it to be sent; with
 * `toolResultFiles: 'attach'`, a user message of the results' files after
 * them; and the call ids, for a protocol whose templates take only some
 * (`nativeCallId`). The protocol's result and call renderers, and
 * `toolResponsePromptTemplate`, are not used: the server's template writes them.
 */
export function nativeHistory(prompt: LanguageModelV4Prompt, options: ConvertPromptOptions): LanguageModelV4Prompt {
  const { userSuffix, attachFiles } = options;
  const rename = options.protocol.nativeCallId;
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const out: LanguageModelV4Prompt = [];
  for (const [index, message] of prompt.entries()) {
    switch (message.role) {
      case 'user':
        out.push(
          index === lastUser && userSuffix ? { ...message, content: withSuffix(message.content, userSuffix) } : message,
        );
        break;
      case 'assistant':
        out.push(withReasoningSent(withCallIds(checkedAssistant(message), rename)));
        break;
      case 'tool': {
        const results = message.content.filter((part) => part.type === 'tool-result');
        if (results.length === 0) break;
        for (const part of results) notTooDeep(part.output, part.toolCallId, 'result');
        const resultsOnly = results.length === message.content.length ? message : { ...message, content: results };
        out.push(withCallIds(resultsOnly, rename));
        const files = attachFiles?.(results) ?? [];
        if (files.length > 0) out.push({ role: 'user', content: files });
        break;
      }
      default:
        out.push(message);
    }
  }
  return out;
}
