/**
 * Upstream failures and how they reach the client:
 *
 * | upstream                          | client gets                                   |
 * |-----------------------------------|-----------------------------------------------|
 * | 401 / 403                         | same status, `authentication_error`           |
 * | 429                               | 429 `rate_limit_error`, `Retry-After` kept    |
 * | other 4xx                         | same status, `invalid_request_error`          |
 * | unreachable (refused, DNS, TLS), no answer in time | 424 `upstream_error`, `x-should-retry: false` |
 * | 5xx, a body cut off               | 502 `upstream_error`                          |
 * | upstream 504                      | 504 `upstream_error`                          |
 * | body that is not the OpenAI shape | 502 `upstream_error`, code `upstream_malformed_response` |
 * | prompt longer than its context (context-overflow.ts), whatever the status | 400 `invalid_request_error`, code `context_length_exceeded` |
 *
 * The context overflow is OpenAI's code, which chat-completions clients and
 * Codex act on; the Messages door rewrites it as Anthropic's "prompt is too
 * long" (messages/errors.ts).
 *
 * An upstream that cannot be reached, or does not answer, is no failure a
 * retry in the next second mends (a model server not started, a wrong port):
 * 424 Failed Dependency says the request depended on the upstream and that
 * failed, and it is a status the clients treat as final. Measured with the
 * real clients against a 502: Claude Code 2.1.328 retried for 120 s and more
 * (9 requests, unless `x-should-retry: false`), Codex 0.169.0 for 25 s (30
 * requests); against this 424, Claude Code stops at once (1 request, 1 s)
 * and Codex after 7 s (6 requests). The message names the upstream, the
 * cause and the fix.
 */
import { ToolshimInvalidRequestError } from '../../errors.ts';
import { UpstreamError } from '../../wire/upstream-error.ts';
import { contextOverflowOf } from './context-overflow.ts';
import { internalError, invalidToolChoice, ProxyHttpError } from './errors.ts';

/** The client-facing answer for an upstream failure. */
export function upstreamToHttp(error: UpstreamError): ProxyHttpError {
  const base = { type: 'upstream_error' as const, param: null };
  const overflow = contextOverflowOf(error);
  if (overflow !== undefined) {
    // The upstream's own words, which name its window; a stream error carries a marker that is ours, not its.
    return new ProxyHttpError(400, error.message.replace(/^mid-stream: /, ''), {
      type: 'invalid_request_error',
      param: null,
      code: 'context_length_exceeded',
      overflow,
    });
  }
  const named = error.upstream === undefined ? 'The upstream' : `The upstream ${error.upstream}`;
  const final = { 'x-should-retry': 'false' };
  if (error.kind === 'no-answer') {
    return new ProxyHttpError(424, `${named} did not answer: ${error.message}. ${error.fix ?? ''}`.trim(), {
      ...base,
      code: 'upstream_timeout',
      headers: final,
    });
  }
  if (error.kind === 'timeout') {
    return new ProxyHttpError(504, `${named} timed out: ${error.message}`, { ...base, code: 'upstream_timeout' });
  }
  if (error.kind === 'unreachable') {
    return new ProxyHttpError(424, `${named} could not be reached: ${error.message}. ${error.fix ?? ''}`.trim(), {
      ...base,
      code: 'upstream_unreachable',
      headers: final,
    });
  }
  if (error.kind === 'network') {
    return new ProxyHttpError(502, `${named} broke off: ${error.message}`, { ...base, code: 'upstream_unreachable' });
  }
  if (error.kind === 'malformed') {
    return new ProxyHttpError(502, `Upstream sent a malformed response: ${error.message}`, {
      ...base,
      code: 'upstream_malformed_response',
    });
  }
  const status = error.status ?? 502;
  if (status === 401 || status === 403) {
    return new ProxyHttpError(
      status,
      `The upstream refused the proxy's credentials (${status}): ${error.message}. Check the UPSTREAM_API_KEY secret.`,
      { type: 'authentication_error', param: null, code: 'upstream_authentication_failed' },
    );
  }
  if (status === 429) {
    return new ProxyHttpError(429, `Upstream rate limit: ${error.message}`, {
      type: 'rate_limit_error',
      param: null,
      code: 'upstream_rate_limited',
      headers: error.retryAfter === undefined ? {} : { 'retry-after': error.retryAfter },
    });
  }
  if (status === 504) {
    return new ProxyHttpError(504, `Upstream timed out (504): ${error.message}`, { ...base, code: 'upstream_timeout' });
  }
  if (status >= 500 || status < 400) {
    return new ProxyHttpError(502, `Upstream failed (${status}): ${error.message}`, {
      ...base,
      code: 'upstream_server_error',
    });
  }
  return new ProxyHttpError(status, `Upstream rejected the request (${status}): ${error.message}`, {
    type: 'invalid_request_error',
    param: null,
    code: 'upstream_invalid_request',
  });
}

/** Any failure → the HTTP answer: proxy errors as they are, upstream ones mapped, the rest 500. */
export function httpErrorOf(error: unknown): ProxyHttpError {
  if (error instanceof ProxyHttpError) return error;
  const upstream = UpstreamError.find(error);
  if (upstream !== undefined) return upstreamToHttp(upstream);
  if (ToolshimInvalidRequestError.isInstance(error)) {
    if (error.param === 'toolChoice') return invalidToolChoice(error.message);
    // Refused by the middleware (e.g. data nested too deep to render): the client's request, so a 400.
    return new ProxyHttpError(400, error.message, {
      type: 'invalid_request_error',
      param: error.param === 'tools' ? 'tools' : null,
      code: 'provider_invalid_request',
    });
  }
  return internalError(error);
}
