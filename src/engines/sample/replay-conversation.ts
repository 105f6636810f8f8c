/**
 * What the replay engine reads of a conversation: the user's own request, how
 * many rounds of tool results followed it, and the latest round's results.
 *
 * Agent clients put context inside user messages: Claude Code adds
 * `<system-reminder>` blocks beside the request and the tool results (skill
 * lists, CLAUDE.md), Codex CLI sends `<environment_context>`,
 * `<user_instructions>` and AGENTS.md text as user messages of their own.
 * None of that is the request: a word in a skill description must not choose
 * the script, so those blocks are taken out, and a message of nothing else is
 * skipped.
 */
import type { ChatMessage } from '../../wire/types.ts';
import { resultsIn } from './replay-results.ts';

export function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

const CONTEXT_BLOCK =
  /<(system-reminder|environment_context|user_instructions|INSTRUCTIONS|permissions instructions)>[\s\S]*?<\/\1>/g;
/** Codex's AGENTS.md message opens with this line, before its `<INSTRUCTIONS>` block. */
const AGENTS_HEADING = /^# AGENTS\.md instructions for .*$/gm;

/** The text without the client's context blocks. */
export function withoutContext(text: string): string {
  return text.replace(CONTEXT_BLOCK, '').replace(AGENTS_HEADING, '').trim();
}

/** Qwen3's thinking switch, which toolshim appends to the last user message (protocols/reasoning-switches.ts). */
const SWITCH = /\s*\/(?:no_)?think\s*$/;

/** The text without the thinking switch at its end. */
export function withoutSwitch(text: string): string {
  return text.replace(SWITCH, '');
}

/** A user message that holds only client context (and maybe the switch): no request and no tool results. */
function contextOnly(message: ChatMessage): boolean {
  if (message.role !== 'user') return false;
  const text = textOf(message.content);
  return text.trim() !== '' && withoutSwitch(withoutContext(text)) === '';
}

/** The working directory the client states (Claude Code's "Primary working directory:", Codex's `<cwd>`). */
export function workingDirectoryIn(messages: ChatMessage[]): string | undefined {
  for (const message of messages) {
    if (message.role === 'assistant' || message.role === 'tool') continue;
    const text = textOf(message.content);
    const found = /working directory:\s*(\/\S*)/i.exec(text) ?? /<cwd>\s*([^<\n]+?)\s*<\/cwd>/.exec(text);
    if (found) return found[1];
  }
  return undefined;
}

export interface ConversationState {
  /** The last real user message's text, without context blocks. */
  request: string;
  /** Rounds of tool results since the request. */
  step: number;
  /** The latest round's results. */
  results: unknown[];
}

function assistantMadeCall(message: ChatMessage | undefined, madeCall: (text: string) => boolean): boolean {
  if (message?.role !== 'assistant') return false;
  return (message.tool_calls?.length ?? 0) > 0 || madeCall(textOf(message.content ?? ''));
}

/**
 * The index of the message before `i` that is neither context only nor a
 * system message: Claude Code sends its environment (with backticked file
 * names) as a `system` message after the request, which is no request either.
 */
function previousReal(messages: ChatMessage[], i: number): number {
  let j = i - 1;
  while (j >= 0) {
    const message = messages[j] as ChatMessage;
    if (message.role !== 'system' && message.role !== 'developer' && !contextOnly(message)) break;
    j--;
  }
  return j;
}

/**
 * Walks back over (assistant call → tool results) rounds to the last real
 * user message. Results come as `tool` messages (native) or as user text
 * after an assistant turn that made a call (toolshim's rewritten history).
 */
export function conversationState(messages: ChatMessage[], madeCall: (text: string) => boolean): ConversationState {
  let step = 0;
  let latest: unknown[] | undefined;
  let i = previousReal(messages, messages.length);
  while (i >= 0) {
    const message = messages[i] as ChatMessage;
    const round: unknown[] = [];
    let j = i;
    while (j >= 0 && (messages[j] as ChatMessage).role === 'tool') {
      round.unshift(...resultsIn(withoutContext(textOf((messages[j] as ChatMessage).content))));
      j--;
    }
    const isUserResults = j === i && message.role === 'user' && assistantMadeCall(messages[i - 1], madeCall);
    if (isUserResults) {
      round.push(...resultsIn(withoutContext(textOf(message.content))));
      j = i - 1;
    }
    if (j === i) break;
    step++;
    latest ??= round;
    i = previousReal(messages, j); // Skip the assistant turn that made the calls.
  }
  const user = messages[i];
  return { request: user ? withoutContext(textOf(user.content)) : '', step, results: latest ?? [] };
}
