/**
 * A model's generate result → one Anthropic `message`, plus the ids, stop
 * reasons and usage the stream writer shares.
 *
 * - `text` blocks, `tool_use` blocks (`id` `toolu_…`, `name`, `input` object)
 *   and `thinking` blocks, in the order the model wrote them.
 * - A thinking block's `signature` is the fixed marker `THINKING_SIGNATURE`.
 *   Anthropic signs Claude's thinking so its API can check a block sent back
 *   is unchanged; this proxy read the thinking out of an open model's text and
 *   has nothing to sign with, and the thinking a client sends back only goes
 *   back to the model as history. So the marker says "unsigned", and this
 *   proxy ignores signatures. Anthropic's own API would refuse such a block:
 *   a conversation moved there must drop its thinking blocks first.
 * - `stop_reason`: `tool_use` when a call was made; `stop_sequence` (with
 *   `stop_sequence`) when one of the request's sequences ended the text;
 *   `max_tokens` for a length stop; `refusal` for a content filter; else
 *   `end_turn`.
 * - `usage`: the upstream's counts; `input_tokens` falls back to the
 *   request's estimate when the upstream reports none.
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { nestsDeeperThan } from '../../json/depth.ts';
import { generateToolCallId } from '../../util/id.ts';
import { isObject } from '../door-kit/request-fields.ts';
import type { MessagesCall } from './read-request.ts';
import { createStopMatcher } from './stop-sequences.ts';

export const THINKING_SIGNATURE = 'toolshim-unsigned';

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: Usage;
}

export function messageId(): string {
  return generateToolCallId().replace('call_', 'msg_');
}

export function toolUseId(): string {
  return generateToolCallId().replace('call_', 'toolu_');
}

export function stopReasonOf(reason: LanguageModelV4FinishReason | undefined, madeToolCalls: boolean): StopReason {
  // Some models stop with "stop" right after a call they wrote as text; the client must still run the tools.
  if (madeToolCalls) return 'tool_use';
  switch (reason?.unified) {
    case 'length':
      return 'max_tokens';
    case 'content-filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

export function usageOf(usage: LanguageModelV4Usage | undefined, inputEstimate: number): Usage {
  const input = usage?.inputTokens;
  const cacheRead = input?.cacheRead ?? 0;
  const cacheWrite = input?.cacheWrite ?? 0;
  // Anthropic's input_tokens excludes the cached part, which has fields of its own.
  const fresh = input?.noCache ?? (input?.total === undefined ? undefined : input.total - cacheRead - cacheWrite);
  return {
    input_tokens: fresh ?? inputEstimate,
    output_tokens: usage?.outputTokens.total ?? 0,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

/**
 * A tool call's input as the object Anthropic's `input` must be; undefined
 * when it is none, or nests too deep to be written back out (JSON.stringify
 * recurses).
 */
export function toolInput(input: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(input === '' ? '{}' : input);
  } catch {
    return undefined;
  }
  if (!isObject(value) || nestsDeeperThan(value)) return undefined;
  return value;
}

/**
 * The text a call whose arguments are no JSON object leaves behind (an
 * upstream's malformed native call), set off from text before it in the same
 * block (it read "I will run it.Bash {…" when glued on).
 */
export function brokenCallText(name: string, input: string, afterText: boolean): string {
  return `${afterText ? '\n\n' : ''}${name} ${input}`;
}

export function toAnthropicMessage(
  result: LanguageModelV4GenerateResult,
  call: Pick<
    MessagesCall,
    'model' | 'stopSequences' | 'disableParallelToolUse' | 'omitThinking' | 'inputTokensEstimate'
  >,
): AnthropicMessage {
  const content: ContentBlock[] = [];
  const matcher = call.stopSequences.length > 0 ? createStopMatcher(call.stopSequences) : undefined;
  let stopSequence: string | undefined;
  let calls = 0;
  const addText = (text: string) => {
    const last = content.at(-1);
    if (last?.type === 'text') last.text += text;
    else if (text !== '') content.push({ type: 'text', text });
  };
  for (const part of result.content) {
    if (part.type === 'text') {
      if (matcher === undefined) addText(part.text);
      else {
        const match = matcher.push(part.text);
        addText(match.text);
        if (match.stop !== undefined) {
          stopSequence = match.stop;
          break;
        }
        addText(matcher.flush());
      }
    } else if (part.type === 'reasoning') {
      const last = content.at(-1);
      const text = call.omitThinking ? '' : part.text;
      if (last?.type === 'thinking') last.thinking += text;
      else content.push({ type: 'thinking', thinking: text, signature: THINKING_SIGNATURE });
    } else if (part.type === 'tool-call') {
      const input = toolInput(part.input);
      if (input === undefined) {
        const last = content.at(-1);
        addText(brokenCallText(part.toolName, part.input, last?.type === 'text' && last.text !== ''));
        continue;
      }
      content.push({ type: 'tool_use', id: toolUseId(), name: part.toolName, input });
      calls++;
      // disable_parallel_tool_use: the answer ends with its first call.
      if (call.disableParallelToolUse) break;
    }
  }
  return {
    id: messageId(),
    type: 'message',
    role: 'assistant',
    model: call.model,
    content,
    // A call made before the stop sequence still has to run: tool_use wins.
    stop_reason:
      stopSequence !== undefined && calls === 0 ? 'stop_sequence' : stopReasonOf(result.finishReason, calls > 0),
    stop_sequence: calls === 0 ? (stopSequence ?? null) : null,
    usage: usageOf(result.usage, call.inputTokensEstimate),
  };
}
