/**
 * The failure of a request to an OpenAI-compatible upstream, as the upstream
 * client throws it. The HTTP handler maps it to the client's answer
 * (src/server/core/faults.ts); engines pass it on as the cause.
 */

/**
 * - `unreachable`: no connection (refused, DNS, TLS); `no-answer`: no
 *   response headers in time. Neither got an answer from the upstream.
 * - `network`: the connection broke after the headers; `timeout`: the body or
 *   a stream went quiet too long; `http`: a status other than 2xx; `malformed`:
 *   an answer that is no chat completion.
 */
export type UpstreamFailureKind = 'http' | 'unreachable' | 'no-answer' | 'network' | 'timeout' | 'malformed';

export interface UpstreamErrorDetails {
  status?: number;
  retryAfter?: string;
  code?: string;
  upstream?: string;
  fix?: string;
}

/** Thrown by the upstream client. `status`/`retryAfter` are set for `http` failures. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly kind: UpstreamFailureKind;
  readonly status: number | undefined;
  readonly retryAfter: string | undefined;
  /**
   * The error body's `error.code` when a string, else its `error.type` (llama.cpp's
   * `exceed_context_size_error`): what faults.ts reads besides the message.
   */
  readonly code: string | undefined;
  /** The upstream's base URL as it may be shown (no user, password or query): every message names it. */
  readonly upstream: string | undefined;
  /** What to do about a failure to reach it, one sentence (fetch-failure.ts). */
  readonly fix: string | undefined;

  constructor(kind: UpstreamFailureKind, message: string, details: UpstreamErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.retryAfter = details.retryAfter;
    this.code = details.code;
    this.upstream = details.upstream;
    this.fix = details.fix;
  }

  /** Also matches errors that crossed a realm or were re-wrapped (`cause`), e.g. by an engine adapter. */
  static find(error: unknown): UpstreamError | undefined {
    for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
      if ((e as { name?: unknown }).name === 'UpstreamError' && 'kind' in e) return e as UpstreamError;
    }
    return undefined;
  }
}
