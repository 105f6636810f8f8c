/**
 * Errors in the Anthropic shape: `{"type":"error","error":{"type","message"},"request_id"}`,
 * as a JSON body and as the `error` event of a stream. The `error.type` follows
 * the HTTP status the way Anthropic's API reference lists them (400
 * invalid_request_error, 401 authentication_error, 403 permission_error, 404
 * not_found_error, 413 request_too_large, 429 rate_limit_error, 500
 * api_error, 504 timeout_error, 529 overloaded_error). The SDKs pick their
 * error class from the status and read `error.type` and `error.message`.
 */
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

export function anthropicErrorBody(error: ProxyHttpError): AnthropicErrorBody {
  return { type: 'error', error: { type: anthropicErrorType(error.status), message: error.message }, request_id: null };
}
