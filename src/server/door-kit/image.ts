/**
 * An image given by URL (OpenAI's `image_url`, `input_image`) → the AI SDK
 * file part. The URL must parse and a data URL's payload must decode: the
 * client's 400 here, not a 500 in the conversion later.
 */
import type { LanguageModelV4FilePart } from '@ai-sdk/provider';
import { parseDataUrl } from '../core/data-url.ts';
import { refuse, show } from './request-fields.ts';

/** `data:image/png;base64,…` stays inline data; an absolute URL is passed as a URL. */
export function imageFromUrl(url: string, param: string): LanguageModelV4FilePart {
  const data = parseDataUrl(url);
  if (data !== undefined && 'error' in data) refuse(param, `\`${param}\` is a data URL, but ${data.error}.`);
  if (data !== undefined) {
    return { type: 'file', mediaType: data.mediaType ?? 'image/*', data: { type: 'data', data: data.base64 } };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse(
      param,
      `\`${param}\` must be an absolute URL (https://…) or a data URL (data:image/png;base64,…); got ${show(url)}.`,
    );
  }
  return { type: 'file', mediaType: 'image/*', data: { type: 'url', url: parsed } };
}
