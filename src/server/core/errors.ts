/**
 * Errors the proxy answers with. A `ProxyHttpError` carries the status, an
 * OpenAI error `type`, the field at fault (`param`) and a `code`; each front
 * door writes it in its API's shape (`errorBody`). `toBody()` is the OpenAI
 * shape `{"error":{"message","type","param","code"}}`, which chat completions
 * and Responses use and the core uses for answers outside any door (404, 405
 * on unknown paths), so that every OpenAI client (the openai SDK, the AI
 * SDK's openai-compatible provider) surfaces the message instead of a parse
 * failure.
 */
import type { ChatErrorBody } from '../../wire/types.ts';
import type { ContextOverflow } from './context-overflow.ts';

/** The OpenAI error `type`s the handler uses. */
export type ProxyErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'upstream_error'
  | 'server_error';

/** An error that has a definite HTTP answer. Thrown inside the handler, turned into a Response at the edge. */
export class ProxyHttpError extends Error {
  override readonly name = 'ProxyHttpError';
  readonly status: number;
  readonly type: ProxyErrorType;
  readonly param: string | null;
  readonly code: string | null;
  /** Extra response headers, e.g. `Retry-After` kept from an upstream 429. */
  readonly headers: Record<string, string>;
  /** Set for code `context_length_exceeded`: what the upstream said of the prompt and its window. */
  readonly overflow: ContextOverflow | undefined;

  constructor(
    status: number,
    message: string,
    details: {
      type: ProxyErrorType;
      param?: string | null;
      code?: string | null;
      headers?: Record<string, string>;
      overflow?: ContextOverflow;
    },
  ) {
    super(message);
    this.status = status;
    this.type = details.type;
    this.param = details.param ?? null;
    this.code = details.code ?? null;
    this.headers = details.headers ?? {};
    this.overflow = details.overflow;
  }

  toBody(): ChatErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** A 400 for a request field the client got wrong; `param` names the field. */
export function invalidRequest(message: string, param: string | null, code = 'invalid_request'): ProxyHttpError {
  return new ProxyHttpError(400, message, { type: 'invalid_request_error', param, code });
}

/** The body of an unexpected failure: never the stack, never a secret. */
export function internalError(error: unknown): ProxyHttpError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ProxyHttpError(500, `toolshim proxy failed: ${detail}`, { type: 'server_error', code: 'internal_error' });
}

/** An impossible `tool_choice`, refused before anything is sent upstream (the AI SDK's `provider_invalid_request`). */
export function invalidToolChoice(message: string): ProxyHttpError {
  // The middleware words its messages with AI SDK names; an OpenAI client knows the wire names.
  return new ProxyHttpError(400, message.replaceAll('toolChoice', 'tool_choice'), {
    type: 'invalid_request_error',
    param: 'tool_choice',
    code: 'provider_invalid_request',
  });
}
