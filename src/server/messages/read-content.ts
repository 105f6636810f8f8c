/**
 * Anthropic content blocks → AI SDK V4 prompt parts.
 *
 * - `text` → text (empty ones are dropped; `cache_control` and `citations` are ignored).
 * - `image` with a `base64` or `url` source → a file part.
 * - `document`: a `text` or `content` source becomes text (titled); a PDF
 *   (`base64` or `url`) becomes a file part. A chat upstream reads text and
 *   images only, so the engine leaves a PDF out with a warning.
 * - `thinking` → reasoning; `redacted_thinking` is dropped: it is Anthropic's
 *   encrypted thinking, which no other model can read.
 * - `tool_use` and `tool_result` are read by read-messages.ts.
 * - `file` sources (the Files API) and every other block type are refused with
 *   a 400 naming the type: the proxy keeps no files and runs no server tools.
 */
import type { LanguageModelV4FilePart, LanguageModelV4TextPart } from '@ai-sdk/provider';
import { fail, isObject, type Json, refuse, requireObject, requireString, show } from '../door-kit/request-fields.ts';

/** The image types Anthropic's API accepts. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function checkBase64(data: string, param: string): void {
  try {
    atob(data);
  } catch {
    refuse(param, `\`${param}\` is not valid base64.`);
  }
}

function checkUrl(value: unknown, param: string): URL {
  const url = requireString(value, param);
  try {
    return new URL(url);
  } catch {
    return refuse(param, `\`${param}\` must be an absolute URL (https://…); got ${show(url)}.`);
  }
}

function noFiles(param: string): never {
  return refuse(
    `${param}.type`,
    `\`${param}.type\` "file" (a Files API file_id) is not supported: this proxy stores no files. Send the data inline (base64) or as a URL.`,
  );
}

export function imagePart(block: Json, at: string): LanguageModelV4FilePart {
  const source = requireObject(block.source, `${at}.source`);
  if (source.type === 'base64') {
    const mediaType = source.media_type;
    if (typeof mediaType !== 'string' || !IMAGE_TYPES.includes(mediaType)) {
      refuse(
        `${at}.source.media_type`,
        `\`${at}.source.media_type\` must be one of ${IMAGE_TYPES.join(', ')}; got ${show(mediaType)}.`,
      );
    }
    const data = requireString(source.data, `${at}.source.data`);
    checkBase64(data, `${at}.source.data`);
    return { type: 'file', mediaType, data: { type: 'data', data } };
  }
  if (source.type === 'url') {
    return { type: 'file', mediaType: 'image', data: { type: 'url', url: checkUrl(source.url, `${at}.source.url`) } };
  }
  if (source.type === 'file') noFiles(`${at}.source`);
  return refuse(`${at}.source.type`, `\`${at}.source.type\` must be "base64" or "url"; got ${show(source.type)}.`);
}

function titled(title: unknown, text: string): string {
  return typeof title === 'string' && title !== '' ? `${title}\n${text}` : text;
}

/** A document: text stays text (so every model reads it); a PDF is a file part. */
export function documentParts(block: Json, at: string): Array<LanguageModelV4TextPart | LanguageModelV4FilePart> {
  const source = requireObject(block.source, `${at}.source`);
  switch (source.type) {
    case 'text':
      return [{ type: 'text', text: titled(block.title, requireString(source.data, `${at}.source.data`)) }];
    case 'content': {
      const content = source.content;
      if (typeof content === 'string') return [{ type: 'text', text: titled(block.title, content) }];
      if (!Array.isArray(content)) fail(`${at}.source.content`, 'a string or an array of blocks', content);
      const parts = content.map((item, i) => textOrImage(item, `${at}.source.content[${i}]`));
      return typeof block.title === 'string' ? [{ type: 'text', text: block.title }, ...parts] : parts;
    }
    case 'base64': {
      const data = requireString(source.data, `${at}.source.data`);
      checkBase64(data, `${at}.source.data`);
      return [{ type: 'file', mediaType: 'application/pdf', data: { type: 'data', data } }];
    }
    case 'url':
      return [
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: { type: 'url', url: checkUrl(source.url, `${at}.source.url`) },
        },
      ];
    case 'file':
      return noFiles(`${at}.source`);
    default:
      return refuse(
        `${at}.source.type`,
        `\`${at}.source.type\` must be "text", "content", "base64" or "url"; got ${show(source.type)}.`,
      );
  }
}

/** A text or image block, the two kinds every nested content list may hold. */
export function textOrImage(block: unknown, at: string): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if (!isObject(block)) fail(at, 'a content block object', block);
  if (block.type === 'text') return { type: 'text', text: requireString(block.text, `${at}.text`) };
  if (block.type === 'image') return imagePart(block, at);
  return unsupportedBlock(block, at, '"text" or "image"');
}

/** The 400 for a block type the proxy cannot take, with what it can. */
export function unsupportedBlock(block: Json, at: string, allowed: string): never {
  const type = show(block.type);
  const server = typeof block.type === 'string' && /server_tool_use|_tool_result$/.test(block.type);
  return refuse(
    `${at}.type`,
    server
      ? `\`${at}.type\` ${type} is the output of an Anthropic server tool, which this proxy cannot run or replay; remove it from the history.`
      : `\`${at}.type\` must be ${allowed}; got ${type}.`,
  );
}
