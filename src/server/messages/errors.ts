/**
 * Errors in the Anthropic shape: `{"type":"error","error":{"type","message"},"request_id"}`,
 * as a JSON body and as the `error` event of a stream. The `error.type` follows
 * the HTTP status the way Anthropic's API reference lists them (400
 * invalid_request_error, 401 authentication_error, 403 permission_error, 404
 * not_found_error, 413 request_too_large, 429 rate_limit_error, 500
 * api_error, 504 timeout_error, 529 overloaded_error). The SDKs pick their
 * error class from the status and read `error.type` and `error.message`.
 */
import { onlyOutputOverflows } from '../core/context-overflow.ts';
import type { ProxyHttpError } from '../core/errors.ts';

export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'timeout_error'
  | 'overloaded_error';

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: AnthropicErrorType; message: string };
  /** Anthropic's request id; this proxy keeps no request log to point to, so it is null. */
  request_id: null;
}

export function anthropicErrorType(status: number): AnthropicErrorType {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    // 424: the upstream could not be reached (core/faults.ts); the proxy's own API failed, not the request.
    case 424:
      return 'api_error';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    case 504:
      return 'timeout_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/**
 * An upstream context overflow in Anthropic's words, which Claude Code acts
 * on: "prompt is too long: N tokens > M maximum" (Anthropic's 400, e.g. as
 * anthropics/claude-code#820 shows it) makes it compact the conversation;
 * "input length and `max_tokens` exceed context limit: N + K > M" (matched
 * by a regular expression in its cli.js) makes it retry with a smaller
 * `max_tokens`, so that one is used only when the prompt alone leaves room.
 */
function overflowMessage(error: ProxyHttpError): string {
  const { promptTokens, outputTokens, limit } = error.overflow ?? {};
  if (promptTokens === undefined || limit === undefined) return `prompt is too long: ${error.message}`;
  if (outputTokens !== undefined && onlyOutputOverflows({ promptTokens, outputTokens, limit })) {
    return `input length and \`max_tokens\` exceed context limit: ${promptTokens} + ${outputTokens} > ${limit}, decrease input length or \`max_tokens\` and try again`;
  }
  // A prompt that fits alone but leaves no room to answer is still too long: say by how much, counting the output.
  const tokens = promptTokens > limit ? promptTokens : promptTokens + (outputTokens ?? 1);
  return `prompt is too long: ${tokens} tokens > ${limit} maximum`;
}

export function anthropicErrorBody(error: ProxyHttpError): AnthropicErrorBody {
  const message = error.code === 'context_length_exceeded' ? overflowMessage(error) : error.message;
  return { type: 'error', error: { type: anthropicErrorType(error.status), message }, request_id: null };
}
