/**
 * `system` and `messages` of a Messages request → the AI SDK V4 prompt.
 *
 * Anthropic puts tool results in user turns, as `tool_result` blocks beside
 * the user's own text (Claude Code adds `<system-reminder>` text after its
 * results); the AI SDK wants them in `tool` messages. So a user turn is split
 * in order: each run of `tool_result` blocks becomes a tool message, each run
 * of other blocks a user message.
 */
import type {
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4ToolResultPart,
} from '@ai-sdk/provider';
import {
  absent,
  checkDepth,
  fail,
  isObject,
  type Json,
  refuse,
  requireString,
  show,
} from '../door-kit/request-fields.ts';
import { documentParts, imagePart, textOrImage, unsupportedBlock } from './read-content.ts';

type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

/** `system`: a string or text blocks (their `cache_control` ignored), as one system message. */
export function readSystem(system: unknown, at = 'system'): LanguageModelV4Message[] {
  if (absent(system)) return [];
  if (typeof system === 'string') return system === '' ? [] : [{ role: 'system', content: system }];
  if (!Array.isArray(system)) fail(at, 'a string or an array of text blocks', system);
  const texts = system.map((block, i) => {
    if (!isObject(block) || block.type !== 'text') {
      return refuse(`${at}[${i}]`, `\`${at}[${i}]\` must be a text block ({"type":"text","text":…}).`);
    }
    return requireString(block.text, `${at}[${i}].text`);
  });
  const text = texts.filter((t) => t !== '').join('\n');
  return text === '' ? [] : [{ role: 'system', content: text }];
}

function blocksOf(content: unknown, at: string): Json[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) fail(at, 'a string or an array of content blocks', content);
  return content.map((block, i) => {
    if (!isObject(block)) fail(`${at}[${i}]`, 'a content block object', block);
    return block;
  });
}

function toolResultOutput(block: Json, at: string): LanguageModelV4ToolResultOutput {
  const isError = block.is_error === true;
  if (!absent(block.is_error) && typeof block.is_error !== 'boolean') {
    fail(`${at}.is_error`, 'a boolean', block.is_error);
  }
  const content = block.content;
  const parts: Array<UserPart> = [];
  if (typeof content === 'string') parts.push({ type: 'text', text: content });
  else if (Array.isArray(content)) {
    content.forEach((item, i) => {
      const itemAt = `${at}.content[${i}]`;
      if (isObject(item) && item.type === 'document') parts.push(...documentParts(item, itemAt));
      else parts.push(textOrImage(item, itemAt));
    });
  } else if (!absent(content)) fail(`${at}.content`, 'a string or an array of blocks', content);
  if (parts.every((part) => part.type === 'text')) {
    const text = parts.map((part) => (part as { text: string }).text).join('\n');
    return isError ? { type: 'error-text', value: text } : { type: 'text', value: text };
  }
  // Images in a result (Claude Code's Read tool returns screenshots this way) keep their place.
  const value = parts.map((part) =>
    part.type === 'text'
      ? { type: 'text' as const, text: part.text }
      : { type: 'file' as const, mediaType: part.mediaType, data: part.data },
  );
  // `content` outputs carry no error flag: say it in words, first.
  if (isError) value.unshift({ type: 'text', text: 'The tool reported an error:' });
  return { type: 'content', value };
}

function assistantParts(blocks: Json[], at: string, toolNames: Map<string, string>): AssistantPart[] {
  const parts: AssistantPart[] = [];
  blocks.forEach((block, j) => {
    const blockAt = `${at}[${j}]`;
    switch (block.type) {
      case 'text': {
        const text = requireString(block.text, `${blockAt}.text`);
        if (text !== '') parts.push({ type: 'text', text });
        break;
      }
      case 'thinking': {
        const thinking = requireString(block.thinking, `${blockAt}.thinking`);
        if (thinking !== '') parts.push({ type: 'reasoning', text: thinking });
        break;
      }
      case 'redacted_thinking':
        break;
      case 'tool_use': {
        const id = requireString(block.id, `${blockAt}.id`);
        const name = requireString(block.name, `${blockAt}.name`);
        if (!isObject(block.input)) fail(`${blockAt}.input`, 'an object (the tool arguments)', block.input);
        checkDepth(block.input, `${blockAt}.input`);
        toolNames.set(id, name);
        parts.push({ type: 'tool-call', toolCallId: id, toolName: name, input: block.input });
        break;
      }
      default:
        unsupportedBlock(block, blockAt, '"text", "thinking", "redacted_thinking" or "tool_use"');
    }
  });
  return parts;
}

function userMessages(blocks: Json[], at: string, toolNames: Map<string, string>): LanguageModelV4Message[] {
  const out: LanguageModelV4Message[] = [];
  let user: UserPart[] = [];
  let results: LanguageModelV4ToolResultPart[] = [];
  const flushUser = () => {
    if (user.length > 0) out.push({ role: 'user', content: user });
    user = [];
  };
  const flushResults = () => {
    if (results.length > 0) out.push({ role: 'tool', content: results });
    results = [];
  };
  blocks.forEach((block, j) => {
    const blockAt = `${at}[${j}]`;
    if (block.type === 'tool_result') {
      flushUser();
      const id = requireString(block.tool_use_id, `${blockAt}.tool_use_id`);
      const toolName = toolNames.get(id);
      if (toolName === undefined) {
        refuse(
          `${blockAt}.tool_use_id`,
          `\`${blockAt}.tool_use_id\` is ${show(id)}, but no earlier assistant message has a tool_use block with that id.`,
        );
      }
      results.push({ type: 'tool-result', toolCallId: id, toolName, output: toolResultOutput(block, blockAt) });
      return;
    }
    flushResults();
    switch (block.type) {
      case 'text': {
        const text = requireString(block.text, `${blockAt}.text`);
        if (text !== '') user.push({ type: 'text', text });
        break;
      }
      case 'image':
        user.push(imagePart(block, blockAt));
        break;
      case 'document':
        user.push(...documentParts(block, blockAt));
        break;
      default:
        unsupportedBlock(block, blockAt, '"text", "image", "document" or "tool_result"');
    }
  });
  flushResults();
  flushUser();
  return out;
}

/** `messages` → prompt messages (after the system ones). Roles: user, assistant, and system as the newest SDK allows. */
export function readMessages(messages: unknown): LanguageModelV4Prompt {
  if (!Array.isArray(messages)) {
    if (messages === undefined) refuse('messages', '`messages` is required: an array of {role, content} turns.');
    fail('messages', 'an array', messages);
  }
  if (messages.length === 0) refuse('messages', '`messages` must contain at least one message.');
  const toolNames = new Map<string, string>();
  const prompt: LanguageModelV4Prompt = [];
  messages.forEach((message, i) => {
    const at = `messages[${i}]`;
    if (!isObject(message)) fail(at, 'an object', message);
    if (message.role === 'system') {
      prompt.push(...readSystem(message.content, `${at}.content`));
      return;
    }
    const blocks = blocksOf(message.content, `${at}.content`);
    switch (message.role) {
      case 'user':
        prompt.push(...userMessages(blocks, `${at}.content`, toolNames));
        break;
      case 'assistant':
        prompt.push({ role: 'assistant', content: assistantParts(blocks, `${at}.content`, toolNames) });
        break;
      default:
        refuse(`${at}.role`, `\`${at}.role\` must be "user" or "assistant"; got ${show(message.role)}.`);
    }
  });
  return prompt;
}
