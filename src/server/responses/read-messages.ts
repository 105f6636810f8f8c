/**
 * Responses `instructions` + `input` → the AI SDK prompt.
 *
 * - A string `input` is one user message.
 * - `message` items (with or without `type`): roles user, assistant, system
 *   and developer (developer is a system message here); content a string or
 *   parts: `input_text`, `output_text`, `refusal` (as text) and, from the
 *   user, `input_image` by URL or data URL.
 * - `function_call` / `custom_tool_call` items become tool calls of the
 *   assistant turn they follow (a `namespace` on one names the tool the model
 *   was offered for it: tool-routes.ts), and `function_call_output` /
 *   `custom_tool_call_output` items the results, matched by `call_id`.
 * - `reasoning` items become the assistant's reasoning: their
 *   `reasoning_text` content, else their summary. Encrypted reasoning cannot
 *   be read and is left out.
 * - `item_reference` items arrive resolved (stored-input.ts puts back the
 *   items this proxy gave); anything else of OpenAI's server-side state (files
 *   by `file_id`) or a hosted tool's history is refused with a 400 naming it.
 */
import type { LanguageModelV4Message, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { invalidRequest } from '../core/errors.ts';
import { imageFromUrl } from '../door-kit/image.ts';
import { absent, fail, isObject, type Json, parseArguments, refuse } from '../door-kit/request-fields.ts';
import { noRoutes, offeredNameOf, type ToolRoutes } from './tool-routes.ts';

type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];
type ToolPart = Extract<LanguageModelV4Message, { role: 'tool' }>['content'][number];
type FilePart = Extract<UserPart, { type: 'file' }>;

const ROLES = ['user', 'assistant', 'system', 'developer'];

function textOf(part: Json, at: string): string {
  if (typeof part.text !== 'string') fail(`${at}.text`, 'a string', part.text);
  return part.text;
}

/** An `input_image` part → a file part; its URL must parse, and a data URL must decode (else a 400, not a 500). */
function imagePart(part: Json, at: string): FilePart {
  if (!absent(part.file_id)) {
    refuse(
      `${at}.file_id`,
      `\`${at}.file_id\` refers to a file stored with OpenAI; this proxy has no file storage. Send the image as \`image_url\` (an https URL or a data URL).`,
    );
  }
  const url = part.image_url;
  if (typeof url !== 'string') fail(`${at}.image_url`, 'a string (an https URL or a data URL)', url);
  return imageFromUrl(url, `${at}.image_url`);
}

/** Content parts → text and image parts. `images` says whether this role may send images. */
function contentParts(content: unknown, at: string, images: boolean): Array<{ type: 'text'; text: string } | FilePart> {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) fail(at, 'a string or an array of content parts', content);
  return content.map((part, i) => {
    const partAt = `${at}[${i}]`;
    if (!isObject(part)) fail(partAt, 'an object', part);
    switch (part.type) {
      case 'input_text':
      case 'output_text':
        return { type: 'text', text: textOf(part, partAt) };
      case 'refusal':
        if (typeof part.refusal !== 'string') fail(`${partAt}.refusal`, 'a string', part.refusal);
        return { type: 'text', text: part.refusal };
      case 'input_image':
        if (images) return imagePart(part, partAt);
        break;
      case 'input_file':
        throw invalidRequest(
          `\`${partAt}.type\` is "input_file"; this proxy sends the model text and images only. Extract the file's text and send it as input_text.`,
          `${partAt}.type`,
        );
    }
    throw invalidRequest(
      `\`${partAt}.type\` must be ${images ? '"input_text" or "input_image"' : '"input_text" or "output_text"'}; got ${JSON.stringify(part.type) ?? 'nothing'}.`,
      `${partAt}.type`,
    );
  });
}

/** Text parts joined as the middleware and the chat adapter join them, one per line. */
function joinText(parts: Array<{ type: string; text?: string }>): string {
  return parts.map((part) => part.text ?? '').join('\n');
}

/** A tool output: a string, or input_text / input_image parts (Codex CLI's view_image answers with an image). */
function toolOutput(output: unknown, at: string): LanguageModelV4ToolResultOutput {
  if (typeof output === 'string') return { type: 'text', value: output };
  const parts = contentParts(output, at, true);
  if (parts.every((part) => part.type === 'text')) return { type: 'text', value: joinText(parts) };
  return {
    type: 'content',
    value: parts.map((part) =>
      part.type === 'text' ? part : { type: 'file', mediaType: part.mediaType, data: part.data },
    ),
  };
}

/** Reasoning the model can read again: the raw text, else the summary. */
function reasoningText(item: Json, at: string): string {
  const pieces = (list: unknown, key: string) => {
    if (absent(list)) return [];
    if (!Array.isArray(list)) fail(`${at}.${key}`, 'an array', list);
    return list.map((part, i) => {
      if (!isObject(part)) fail(`${at}.${key}[${i}]`, 'an object', part);
      return textOf(part, `${at}.${key}[${i}]`);
    });
  };
  const content = pieces(item.content, 'content');
  return (content.length > 0 ? content : pieces(item.summary, 'summary')).join('\n\n');
}

function callId(item: Json, at: string): string {
  if (typeof item.call_id !== 'string' || item.call_id === '')
    fail(`${at}.call_id`, 'a non-empty string', item.call_id);
  return item.call_id;
}

/**
 * A call item's input as the prompt wants it: a `function_call`'s arguments
 * parsed; a `custom_tool_call`'s text as the one `input` argument the model
 * was offered (read-tools.ts), so it is written back the same way.
 */
function callInput(item: Json, at: string): unknown {
  if (item.type === 'custom_tool_call') {
    if (typeof item.input !== 'string') fail(`${at}.input`, 'a string', item.input);
    return { input: item.input };
  }
  if (typeof item.arguments !== 'string') fail(`${at}.arguments`, 'a JSON string', item.arguments);
  return parseArguments(item.arguments, `${at}.arguments`);
}

interface Turns {
  assistant: AssistantPart[];
  tool: ToolPart[];
}

/** The last message of the prompt when it is a `role` turn, else a new one: its content, to add to. */
function lastTurn<R extends keyof Turns>(prompt: LanguageModelV4Message[], role: R): Turns[R] {
  const last = prompt.at(-1);
  if (last?.role === role) return last.content as Turns[R];
  const turn = { role, content: [] as Turns[R] };
  prompt.push(turn as LanguageModelV4Message);
  return turn.content;
}

/** The item's `namespace`, when it names one (a call of a tool declared in a namespace). */
function namespaceOf(item: Json, at: string): string | undefined {
  if (absent(item.namespace)) return undefined;
  if (typeof item.namespace !== 'string') fail(`${at}.namespace`, 'a string', item.namespace);
  return item.namespace;
}

export function readInput(
  instructions: string | undefined,
  input: unknown,
  routes: ToolRoutes = noRoutes(),
): LanguageModelV4Message[] {
  const prompt: LanguageModelV4Message[] = [];
  if (instructions !== undefined && instructions !== '') prompt.push({ role: 'system', content: instructions });
  if (typeof input === 'string') {
    prompt.push({ role: 'user', content: [{ type: 'text', text: input }] });
    return prompt;
  }
  if (absent(input)) throw invalidRequest('`input` is required: a string, or an array of input items.', 'input');
  if (!Array.isArray(input)) fail('input', 'a string or an array of input items', input);
  if (input.length === 0) throw invalidRequest('`input` must contain at least one item.', 'input');

  const toolNames = new Map<string, string>();
  /** The assistant turn being built: calls and reasoning join the message they follow; results likewise. */
  const assistant = () => lastTurn(prompt, 'assistant');
  const results = () => lastTurn(prompt, 'tool');
  const result = (item: Json, at: string, output: unknown) => {
    const id = callId(item, at);
    const toolName = toolNames.get(id);
    if (toolName === undefined) {
      throw invalidRequest(
        `\`${at}.call_id\` is ${JSON.stringify(id)}, but no earlier function_call or custom_tool_call item has that call_id. Send the call before its output (this proxy keeps no previous responses).`,
        `${at}.call_id`,
      );
    }
    results().push({ type: 'tool-result', toolCallId: id, toolName, output: toolOutput(output, `${at}.output`) });
  };

  for (const [i, item] of input.entries()) {
    const at = `input[${i}]`;
    if (!isObject(item)) fail(at, 'an object', item);
    const type = item.type ?? 'message';
    switch (type) {
      case 'message': {
        const role = item.role;
        if (typeof role !== 'string' || !ROLES.includes(role)) {
          throw invalidRequest(
            `\`${at}.role\` must be one of ${ROLES.join(', ')}; got ${JSON.stringify(role) ?? 'nothing'}.`,
            `${at}.role`,
          );
        }
        const parts = contentParts(item.content, `${at}.content`, role === 'user');
        if (role === 'user') prompt.push({ role: 'user', content: parts });
        else if (role === 'assistant') {
          const text = joinText(parts);
          if (text !== '') assistant().push({ type: 'text', text });
        } else prompt.push({ role: 'system', content: joinText(parts) });
        break;
      }
      case 'function_call':
      case 'custom_tool_call': {
        const id = callId(item, at);
        if (typeof item.name !== 'string') fail(`${at}.name`, 'a string', item.name);
        const toolName = offeredNameOf(routes, item.name, namespaceOf(item, at));
        toolNames.set(id, toolName);
        assistant().push({ type: 'tool-call', toolCallId: id, toolName, input: callInput(item, at) });
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
        result(item, at, item.output);
        break;
      case 'reasoning': {
        const text = reasoningText(item, at);
        if (text !== '') assistant().push({ type: 'reasoning', text });
        break;
      }
      case 'item_reference':
        throw invalidRequest(
          `\`${at}.type\` is "item_reference", which only the Responses door resolves (from the answers it kept). Send the item itself.`,
          `${at}.type`,
        );
      default:
        throw invalidRequest(
          `\`${at}.type\` is ${JSON.stringify(type)}, which this proxy cannot read: it takes message, function_call, function_call_output, custom_tool_call, custom_tool_call_output and reasoning items.`,
          `${at}.type`,
        );
    }
  }
  return prompt;
}
