/**
 * The failure of a request to an OpenAI-compatible upstream, as the upstream
 * client throws it. The HTTP handler maps it to the client's answer
 * (src/server/core/faults.ts); engines pass it on as the cause.
 */

export type UpstreamFailureKind = 'http' | 'network' | 'timeout' | 'malformed';

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

  constructor(
    kind: UpstreamFailureKind,
    message: string,
    details: { status?: number; retryAfter?: string; code?: string } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.retryAfter = details.retryAfter;
    this.code = details.code;
  }

  /** Also matches errors that crossed a realm or were re-wrapped (`cause`), e.g. by an engine adapter. */
  static find(error: unknown): UpstreamError | undefined {
    for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
      if ((e as { name?: unknown }).name === 'UpstreamError' && 'kind' in e) return e as UpstreamError;
    }
    return undefined;
  }
}
