/**
 * `systemInstruction` and `contents` of a Gemini request → the AI SDK V4 prompt.
 *
 * - Roles: `user` and `model`; `function`, which older clients gave the turn
 *   of function responses, reads as `user`.
 * - Parts: `text` (on a model turn, `thought: true` marks reasoning);
 *   `inlineData` (base64) and `fileData` (an http(s) URI) become file parts;
 *   `functionCall` on model turns, `functionResponse` on user turns.
 *   `thoughtSignature`, `videoMetadata` and `partMetadata` are ignored: this
 *   proxy signs nothing and checks nothing (write-result.ts).
 *   `executableCode` and `codeExecutionResult` are Gemini's hosted code
 *   execution, which no other model ran: refused with the part named.
 * - A user turn is split in order, as the AI SDK wants it: each run of
 *   function responses becomes a tool message, each run of other parts a user
 *   message.
 * - Call ids: Gemini's `functionCall.id` is optional (Gemini CLI sets its own,
 *   `run_shell_command_<time>_<n>`; the Gemini API often sends none). A
 *   response names its call by `id` when it has one, else it is the oldest
 *   unanswered call of its `name`, which is how the Gemini API pairs them.
 */
import type {
  JSONValue,
  LanguageModelV4FilePart,
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
  requireObject,
  requireString,
  show,
} from '../door-kit/request-fields.ts';

type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

/** The calls of the conversation so far, to pair each response with its call. */
class OpenCalls {
  private readonly byId = new Map<string, string>();
  private readonly unanswered = new Map<string, string[]>();
  private count = 0;

  /** Records a call; its id is the client's, else one made from its place in the conversation. */
  add(name: string, id: string | undefined): string {
    const callId = id ?? `gemini-call-${++this.count}`;
    this.byId.set(callId, name);
    const queue = this.unanswered.get(name) ?? [];
    queue.push(callId);
    this.unanswered.set(name, queue);
    return callId;
  }

  /** The call a response answers: by its id (while that call is unanswered), else the oldest unanswered call of that name. */
  answer(name: string, id: string | undefined): string | undefined {
    const queue = this.unanswered.get(name) ?? [];
    const callId = id !== undefined && this.byId.get(id) === name && queue.includes(id) ? id : queue[0];
    if (callId === undefined) return undefined;
    const at = queue.indexOf(callId);
    if (at >= 0) queue.splice(at, 1);
    return callId;
  }
}

function partsOf(content: Json, at: string): Json[] {
  const parts = content.parts;
  if (absent(parts)) return [];
  if (!Array.isArray(parts)) fail(`${at}.parts`, 'an array of parts', parts);
  return parts.map((part, i) => (isObject(part) ? part : fail(`${at}.parts[${i}]`, 'a part object', part)));
}

/** `systemInstruction`: a content whose text parts are the system prompt (its role, if any, is ignored). */
export function readSystemInstruction(value: unknown): LanguageModelV4Message[] {
  if (absent(value)) return [];
  if (typeof value === 'string') return value === '' ? [] : [{ role: 'system', content: value }];
  const content = requireObject(value, 'systemInstruction');
  const texts = partsOf(content, 'systemInstruction').map((part, i) =>
    requireString(part.text, `systemInstruction.parts[${i}].text`),
  );
  const text = texts.filter((t) => t !== '').join('\n');
  return text === '' ? [] : [{ role: 'system', content: text }];
}

function checkBase64(data: string, param: string): void {
  try {
    atob(data);
  } catch {
    refuse(param, `\`${param}\` is not valid base64.`);
  }
}

/** A Files API URI (`files.upload`'s `file.uri`): https, but the file is on Google's servers, behind Google's key. */
const FILES_API = /^https:\/\/generativelanguage\.googleapis\.com\/[^/]+\/files\//i;

/** `inlineData` or `fileData` → a file part; undefined when the part is neither. */
function filePart(part: Json, at: string): LanguageModelV4FilePart | undefined {
  if (isObject(part.inlineData)) {
    const mediaType = requireString(part.inlineData.mimeType, `${at}.inlineData.mimeType`);
    const data = requireString(part.inlineData.data, `${at}.inlineData.data`);
    checkBase64(data, `${at}.inlineData.data`);
    return { type: 'file', mediaType, data: { type: 'data', data } };
  }
  if (!isObject(part.fileData)) return undefined;
  const uri = requireString(part.fileData.fileUri, `${at}.fileData.fileUri`);
  const mediaType = typeof part.fileData.mimeType === 'string' ? part.fileData.mimeType : 'application/octet-stream';
  if (!/^https?:\/\//i.test(uri) || FILES_API.test(uri)) {
    refuse(
      `${at}.fileData.fileUri`,
      `\`${at}.fileData.fileUri\` must be an http(s) URL: this proxy keeps no files (Gemini's Files API URIs name files on Google's servers). Send the data inline (inlineData) instead; got ${show(uri)}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return refuse(`${at}.fileData.fileUri`, `\`${at}.fileData.fileUri\` is not a URL; got ${show(uri)}.`);
  }
  return { type: 'file', mediaType, data: { type: 'url', url } };
}

function hostedCodePart(part: Json, at: string): void {
  if (part.executableCode !== undefined || part.codeExecutionResult !== undefined) {
    refuse(
      at,
      `\`${at}\` is Gemini's hosted code execution (executableCode / codeExecutionResult), which this proxy's model never ran. Send its code and output as text instead.`,
    );
  }
}

/** A function response's `response` → a tool result: `{output}` as text, `{error}` as an error, else the JSON. */
function responseOutput(response: unknown, at: string): LanguageModelV4ToolResultOutput {
  if (absent(response)) return { type: 'text', value: '' };
  const value = requireObject(response, `${at}.response`);
  checkDepth(value, `${at}.response`);
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value.output === 'string') return { type: 'text', value: value.output };
  if (keys.length === 1 && typeof value.error === 'string') return { type: 'error-text', value: value.error };
  return { type: 'json', value: value as JSONValue };
}

/**
 * A function response → a tool result. Its `parts` (Gemini 3's multimodal
 * function responses: Gemini CLI puts the images its read_file tool read
 * there for a `gemini-3-*` model) follow the response's text as files.
 */
function resultOutput(response: Json, at: string): LanguageModelV4ToolResultOutput {
  const output = responseOutput(response.response, at);
  const files = partsOf(response, `${at}.functionResponse`).flatMap((part, i) => {
    const file = filePart(part, `${at}.functionResponse.parts[${i}]`);
    return file === undefined ? [] : [{ type: 'file' as const, mediaType: file.mediaType, data: file.data }];
  });
  if (files.length === 0) return output;
  const text =
    output.type === 'text'
      ? output.value
      : output.type === 'error-text'
        ? `The tool reported an error: ${output.value}`
        : output.type === 'json'
          ? JSON.stringify(output.value)
          : '';
  return { type: 'content', value: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...files] };
}

function modelParts(parts: Json[], at: string, calls: OpenCalls): AssistantPart[] {
  const out: AssistantPart[] = [];
  parts.forEach((part, i) => {
    const partAt = `${at}.parts[${i}]`;
    hostedCodePart(part, partAt);
    if (isObject(part.functionCall)) {
      const call = part.functionCall;
      const name = requireString(call.name, `${partAt}.functionCall.name`);
      const args = absent(call.args) ? {} : requireObject(call.args, `${partAt}.functionCall.args`);
      checkDepth(args, `${partAt}.functionCall.args`);
      const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
      out.push({ type: 'tool-call', toolCallId: calls.add(name, id), toolName: name, input: args });
      return;
    }
    if (part.functionResponse !== undefined) {
      refuse(`${partAt}.functionResponse`, `\`${partAt}.functionResponse\` belongs in a "user" turn, after the call.`);
    }
    if (part.inlineData !== undefined || part.fileData !== undefined) {
      const key = part.inlineData !== undefined ? 'inlineData' : 'fileData';
      refuse(
        `${partAt}.${key}`,
        `\`${partAt}.${key}\` is a file in a "model" turn, which the upstream's chat API cannot take (its assistant turns are text and calls). Send files in "user" turns.`,
      );
    }
    if (absent(part.text)) return;
    const text = requireString(part.text, `${partAt}.text`);
    if (text !== '') out.push(part.thought === true ? { type: 'reasoning', text } : { type: 'text', text });
  });
  return out;
}

function userMessages(parts: Json[], at: string, calls: OpenCalls): LanguageModelV4Message[] {
  const out: LanguageModelV4Message[] = [];
  let user: UserPart[] = [];
  let results: LanguageModelV4ToolResultPart[] = [];
  const flush = () => {
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (user.length > 0) out.push({ role: 'user', content: user });
    results = [];
    user = [];
  };
  parts.forEach((part, i) => {
    const partAt = `${at}.parts[${i}]`;
    hostedCodePart(part, partAt);
    if (isObject(part.functionResponse)) {
      if (user.length > 0) flush();
      const response = part.functionResponse;
      const name = requireString(response.name, `${partAt}.functionResponse.name`);
      const id = typeof response.id === 'string' && response.id !== '' ? response.id : undefined;
      const toolCallId = calls.answer(name, id);
      if (toolCallId === undefined) {
        refuse(
          `${partAt}.functionResponse`,
          `\`${partAt}.functionResponse\` answers ${show(name)}, but no earlier "model" turn has an unanswered functionCall of that name.`,
        );
      }
      results.push({
        type: 'tool-result',
        toolCallId,
        toolName: name,
        output: resultOutput(response, partAt),
      });
      return;
    }
    if (part.functionCall !== undefined) {
      refuse(`${partAt}.functionCall`, `\`${partAt}.functionCall\` belongs in a "model" turn.`);
    }
    if (results.length > 0) flush();
    const file = filePart(part, partAt);
    if (file !== undefined) user.push(file);
    else if (!absent(part.text)) {
      const text = requireString(part.text, `${partAt}.text`);
      if (text !== '') user.push({ type: 'text', text });
    }
  });
  flush();
  return out;
}

/** `contents` → prompt messages (after the system one). */
export function readContents(contents: unknown): LanguageModelV4Prompt {
  if (!Array.isArray(contents)) {
    if (absent(contents)) refuse('contents', '`contents` is required: an array of {role, parts} turns.');
    fail('contents', 'an array', contents);
  }
  if (contents.length === 0) refuse('contents', '`contents` must contain at least one turn.');
  const calls = new OpenCalls();
  const prompt: LanguageModelV4Prompt = [];
  contents.forEach((content, i) => {
    const at = `contents[${i}]`;
    if (!isObject(content)) fail(at, 'an object', content);
    const parts = partsOf(content, at);
    const role = absent(content.role) ? 'user' : content.role;
    if (role === 'model') {
      const assistant = modelParts(parts, at, calls);
      if (assistant.length > 0) prompt.push({ role: 'assistant', content: assistant });
    } else if (role === 'user' || role === 'function') prompt.push(...userMessages(parts, at, calls));
    else refuse(`${at}.role`, `\`${at}.role\` must be "user" or "model"; got ${show(role)}.`);
  });
  if (prompt.length === 0) {
    refuse(
      'contents',
      '`contents` holds no text, file, functionCall or functionResponse part: there is nothing to send.',
    );
  }
  return prompt;
}
