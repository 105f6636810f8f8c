/**
 * An estimate of a request's input tokens, for `POST /v1/messages/count_tokens`
 * (Claude Code's gateway protocol lists it as optional; Claude Code calls it to
 * size context) and for the `input_tokens` of `message_start`, which goes out
 * before the upstream has said anything.
 *
 * It is an estimate, not a count: the proxy has no tokenizer for the
 * upstream's model. One token per four characters of the text, tool
 * arguments and tool definitions (JSON keys and values), the usual figure for
 * BPE tokenizers on English and code; 1,600 tokens per image or PDF (the
 * figure Anthropic's vision guide gives for an image of about 1.15
 * megapixels). Caching hints, thinking signatures and Anthropic's encrypted
 * thinking are not counted: no model reads them. The walk uses an explicit
 * stack, so it is linear in the body and safe at any nesting depth.
 */
import { isObject } from './check.ts';

export const CHARS_PER_TOKEN = 4;
export const TOKENS_PER_MEDIA = 1600;

/** Keys whose values never reach the model. */
const SKIPPED = new Set(['cache_control', 'signature', 'citations']);

function isMedia(value: Record<string, unknown>): boolean {
  if (value.type === 'image') return true;
  if (value.type !== 'document' || !isObject(value.source)) return false;
  return value.source.type !== 'text' && value.source.type !== 'content';
}

/** Characters of JSON text, images and PDFs counted apart. */
function measure(root: unknown): { chars: number; media: number } {
  let chars = 0;
  let media = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') chars += value.length;
    else if (typeof value === 'number' || typeof value === 'boolean') chars += String(value).length;
    else if (Array.isArray(value)) {
      chars += value.length;
      for (const item of value) stack.push(item);
    } else if (isObject(value)) {
      if (isMedia(value)) {
        media++;
        continue;
      }
      if (value.type === 'redacted_thinking') continue;
      for (const key in value) {
        if (SKIPPED.has(key)) continue;
        chars += key.length + 3;
        stack.push(value[key]);
      }
    }
  }
  return { chars, media };
}

/** The estimate for a request body's `system`, `messages` and `tools`. */
export function estimateInputTokens(body: Record<string, unknown>): number {
  const { chars, media } = measure([body.system, body.messages, body.tools]);
  return Math.ceil(chars / CHARS_PER_TOKEN) + media * TOKENS_PER_MEDIA;
}
