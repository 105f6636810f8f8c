/**
 * Validates a chat-completions request body. Every rejection is a 400 whose
 * message and `param` name the field, so a client author can fix it at once.
 * Unknown top-level fields are allowed (clients send many); they are ignored
 * in emulated mode and forwarded in native mode.
 */

import type { ChatCompletionRequest, ChatMessage, ChatTool, ChatToolChoice } from '../../wire/types.ts';
import { parseDataUrl } from '../core/data-url.ts';
import { invalidRequest } from '../core/errors.ts';
import { readTokenLimit } from '../core/token-limit.ts';

/** Longer model names are refused: real ones are well under it, and the name is echoed in every chunk. */
const MAX_MODEL_LENGTH = 256;

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
/** OpenAI's own rule for function names; upstreams reject anything else anyway. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function fail(param: string, expected: string, value: unknown): never {
  throw invalidRequest(`\`${param}\` must be ${expected}, got ${typeName(value)}.`, param);
}

function optionalNumber(body: Json, key: string, min: number, max: number): void {
  const value = body[key];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(key, 'a number', value);
  if (value < min || value > max)
    throw invalidRequest(`\`${key}\` must be between ${min} and ${max}, got ${value}.`, key);
}

/** An image URL must parse, and a data URL's payload must decode: otherwise the conversion would fail with a 500. */
function checkImageUrl(url: string, param: string): void {
  const shown = url.length > 60 ? `${JSON.stringify(url.slice(0, 60))}…` : JSON.stringify(url);
  const data = parseDataUrl(url);
  if (data !== undefined && 'error' in data) {
    throw invalidRequest(`\`${param}\` is a data URL, but ${data.error}.`, param);
  }
  if (data !== undefined) return;
  try {
    new URL(url);
  } catch {
    throw invalidRequest(
      `\`${param}\` must be an absolute URL (https://…) or a data URL (data:image/png;base64,…); got ${shown}.`,
      param,
    );
  }
}

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
      checkImageUrl(part.image_url.url, `${at}.image_url.url`);
    } else {
      throw invalidRequest(
        `\`${at}.type\` must be "text" or "image_url", got ${JSON.stringify(part.type)}.`,
        `${at}.type`,
      );
    }
  });
}

function checkMessage(message: unknown, i: number): ChatMessage {
  const at = `messages[${i}]`;
  if (!isObject(message)) fail(at, 'an object', message);
  const role = message.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw invalidRequest(
      `\`${at}.role\` must be one of ${ROLES.join(', ')}; got ${JSON.stringify(role)}.`,
      `${at}.role`,
    );
  }
  if (role === 'assistant') {
    checkContent(message.content, `${at}.content`, true);
    if (message.tool_calls !== undefined && message.tool_calls !== null) {
      if (!Array.isArray(message.tool_calls)) fail(`${at}.tool_calls`, 'an array', message.tool_calls);
      message.tool_calls.forEach((call, j) => {
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
  } else {
    checkContent(message.content, `${at}.content`, false);
  }
  if (role === 'tool' && typeof message.tool_call_id !== 'string') {
    fail(`${at}.tool_call_id`, 'a string (the id of the call this result answers)', message.tool_call_id);
  }
  return message as unknown as ChatMessage;
}

function checkTool(tool: unknown, i: number): ChatTool {
  const at = `tools[${i}]`;
  if (!isObject(tool)) fail(at, 'an object', tool);
  if (tool.type !== 'function') {
    throw invalidRequest(`\`${at}.type\` must be "function", got ${JSON.stringify(tool.type)}.`, `${at}.type`);
  }
  if (!isObject(tool.function)) fail(`${at}.function`, 'an object', tool.function);
  const { name, description, parameters } = tool.function;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw invalidRequest(
      `\`${at}.function.name\` must be 1-64 letters, digits, "_", "." or "-"; got ${JSON.stringify(name)}.`,
      `${at}.function.name`,
    );
  }
  if (description !== undefined && typeof description !== 'string') {
    fail(`${at}.function.description`, 'a string', description);
  }
  if (parameters !== undefined) {
    if (!isObject(parameters)) fail(`${at}.function.parameters`, 'a JSON schema object', parameters);
    if (parameters.type !== undefined && parameters.type !== 'object') {
      throw invalidRequest(
        `\`${at}.function.parameters.type\` must be "object" (a tool takes named arguments), got ${JSON.stringify(parameters.type)}.`,
        `${at}.function.parameters.type`,
      );
    }
    if (parameters.properties !== undefined && !isObject(parameters.properties)) {
      fail(`${at}.function.parameters.properties`, 'an object', parameters.properties);
    }
  }
  return tool as unknown as ChatTool;
}

/** The shape of `tool_choice` only; whether it fits `tools` is checked by `checkToolChoice`. */
function checkToolChoiceShape(choice: unknown): ChatToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObject(choice) && choice.type === 'function' && isObject(choice.function)) {
    if (typeof choice.function.name === 'string') return choice as unknown as ChatToolChoice;
  }
  throw invalidRequest(
    `\`tool_choice\` must be "auto", "none", "required" or {"type":"function","function":{"name":"…"}}; got ${JSON.stringify(choice)}.`,
    'tool_choice',
  );
}

/** OpenAI's own limit (it answers `array_above_max_length`); `stop` goes upstream as it is. */
const MAX_STOP = 4;

function checkStop(stop: unknown): void {
  if (stop === undefined || stop === null || typeof stop === 'string') return;
  if (!Array.isArray(stop) || stop.some((s) => typeof s !== 'string'))
    fail('stop', 'a string or an array of strings', stop);
  if (stop.length > MAX_STOP) {
    throw invalidRequest(
      `\`stop\` may hold at most ${MAX_STOP} sequences, got ${stop.length}.`,
      'stop',
      'array_above_max_length',
    );
  }
}

/** Checks the parsed body; returns it typed. (The core has parsed the JSON, and answers 400 when it is not JSON.) */
export function parseChatRequest(body: unknown): ChatCompletionRequest {
  if (!isObject(body)) fail('body', 'a JSON object', body);
  if (body.model !== undefined && typeof body.model !== 'string') fail('model', 'a string', body.model);
  // The model name is echoed in every chunk of the answer: a huge one would multiply the response.
  if (typeof body.model === 'string' && body.model.length > MAX_MODEL_LENGTH) {
    throw invalidRequest(`\`model\` is longer than ${MAX_MODEL_LENGTH} characters.`, 'model');
  }
  if (!Array.isArray(body.messages)) {
    if (body.messages === undefined)
      throw invalidRequest('`messages` is required: an array of chat messages.', 'messages');
    fail('messages', 'an array', body.messages);
  }
  if (body.messages.length === 0) throw invalidRequest('`messages` must contain at least one message.', 'messages');
  const messages = body.messages.map(checkMessage);
  let tools: ChatTool[] | undefined;
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools)) fail('tools', 'an array', body.tools);
    tools = body.tools.map(checkTool);
  }
  const toolChoice = checkToolChoiceShape(body.tool_choice);
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    fail('stream', 'a boolean', body.stream);
  }
  if (body.stream_options !== undefined && body.stream_options !== null && !isObject(body.stream_options)) {
    fail('stream_options', 'an object', body.stream_options);
  }
  readTokenLimit(body.max_tokens, 'max_tokens');
  readTokenLimit(body.max_completion_tokens, 'max_completion_tokens');
  optionalNumber(body, 'temperature', 0, 2);
  optionalNumber(body, 'top_p', 0, 1);
  optionalNumber(body, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  checkStop(body.stop);
  const format = body.response_format;
  if (format !== undefined && format !== null) {
    if (!isObject(format) || !['text', 'json_object', 'json_schema'].includes(format.type as string)) {
      throw invalidRequest(
        '`response_format.type` must be "text", "json_object" or "json_schema".',
        'response_format.type',
      );
    }
    if (format.type === 'json_schema' && !isObject(format.json_schema)) {
      fail('response_format.json_schema', 'an object', format.json_schema);
    }
  }
  const request = { ...body, messages } as unknown as ChatCompletionRequest;
  if (tools === undefined) delete request.tools;
  else request.tools = tools;
  if (toolChoice === undefined) delete request.tool_choice;
  return request;
}
