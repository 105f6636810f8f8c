/**
 * Chat-completions `messages`: checked, then converted to the AI SDK prompt.
 * Native mode forwards the checked JSON as it came; emulated mode converts it.
 */
import type { LanguageModelV4Message } from '@ai-sdk/provider';
import type { ChatContentPart, ChatMessage } from '../../wire/types.ts';
import { imageFromUrl } from '../door-kit/image.ts';
import { fail, isObject, parseArguments, refuse } from '../door-kit/request-fields.ts';

type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

function checkContent(content: unknown, param: string, allowNull: boolean): void {
  if (typeof content === 'string' || (allowNull && (content === null || content === undefined))) return;
  if (!Array.isArray(content))
    fail(param, allowNull ? 'a string, an array of parts or null' : 'a string or an array of parts', content);
  content.forEach((part, i) => {
    const at = `${param}[${i}]`;
    if (!isObject(part)) fail(at, 'an object', part);
    if (part.type === 'text') {
      if (typeof part.text !== 'string') fail(`${at}.text`, 'a string', part.text);
    } else if (part.type === 'image_url') {
      if (!isObject(part.image_url) || typeof part.image_url.url !== 'string') {
        fail(`${at}.image_url.url`, 'a string', isObject(part.image_url) ? part.image_url.url : part.image_url);
      }
      imageFromUrl(part.image_url.url, `${at}.image_url.url`);
    } else {
      refuse(`${at}.type`, `\`${at}.type\` must be "text" or "image_url", got ${JSON.stringify(part.type)}.`);
    }
  });
}

function checkCalls(calls: unknown, at: string): void {
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) fail(`${at}.tool_calls`, 'an array', calls);
  calls.forEach((call, j) => {
    const callAt = `${at}.tool_calls[${j}]`;
    if (!isObject(call)) fail(callAt, 'an object', call);
    if (typeof call.id !== 'string') fail(`${callAt}.id`, 'a string', call.id);
    if (!isObject(call.function)) fail(`${callAt}.function`, 'an object', call.function);
    if (typeof call.function.name !== 'string') fail(`${callAt}.function.name`, 'a string', call.function.name);
    if (typeof call.function.arguments !== 'string') {
      fail(`${callAt}.function.arguments`, 'a JSON string', call.function.arguments);
    }
  });
}

function checkMessage(message: unknown, i: number): ChatMessage {
  const at = `messages[${i}]`;
  if (!isObject(message)) fail(at, 'an object', message);
  const role = message.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    refuse(`${at}.role`, `\`${at}.role\` must be one of ${ROLES.join(', ')}; got ${JSON.stringify(role)}.`);
  }
  checkContent(message.content, `${at}.content`, role === 'assistant');
  if (role === 'assistant') checkCalls(message.tool_calls, at);
  if (role === 'tool' && typeof message.tool_call_id !== 'string') {
    fail(`${at}.tool_call_id`, 'a string (the id of the call this result answers)', message.tool_call_id);
  }
  return message as unknown as ChatMessage;
}

export function checkMessages(messages: unknown): ChatMessage[] {
  if (!Array.isArray(messages)) {
    if (messages === undefined) refuse('messages', '`messages` is required: an array of chat messages.');
    fail('messages', 'an array', messages);
  }
  if (messages.length === 0) refuse('messages', '`messages` must contain at least one message.');
  return messages.map(checkMessage);
}

function textOf(content: string | ChatContentPart[] | null | undefined): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function userParts(content: string | ChatContentPart[], at: string): UserPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part, j) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : imageFromUrl(part.image_url.url, `${at}.content[${j}].image_url.url`),
  );
}

export function toPrompt(messages: ChatMessage[]): LanguageModelV4Message[] {
  const toolNames = new Map<string, string>();
  return messages.map((message, i): LanguageModelV4Message => {
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: textOf(message.content) };
      case 'user':
        return { role: 'user', content: userParts(message.content, `messages[${i}]`) };
      case 'assistant': {
        const parts: AssistantPart[] = [];
        const text = textOf(message.content);
        if (text !== '') parts.push({ type: 'text', text });
        (message.tool_calls ?? []).forEach((call, j) => {
          toolNames.set(call.id, call.function.name);
          parts.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseArguments(call.function.arguments, `messages[${i}].tool_calls[${j}].function.arguments`),
          });
        });
        return { role: 'assistant', content: parts };
      }
      default: {
        // role 'tool' (the check admits no other)
        const toolName = toolNames.get(message.tool_call_id);
        if (toolName === undefined) {
          refuse(
            `messages[${i}].tool_call_id`,
            `\`messages[${i}].tool_call_id\` is ${JSON.stringify(message.tool_call_id)}, but no earlier assistant message has a tool call with that id.`,
          );
        }
        const output = { type: 'text' as const, value: textOf(message.content) };
        return {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: message.tool_call_id, toolName, output }],
        };
      }
    }
  });
}
