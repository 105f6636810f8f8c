/**
 * The one error toolshim throws: a request that cannot be honoured (say, a
 * `toolChoice` naming a tool that was not declared), found before the model
 * is called, so nothing is sent for a request that could never succeed.
 */
export class ToolshimInvalidRequestError extends Error {
  override readonly name = 'ToolshimInvalidRequestError';
  /** Always `provider_invalid_request`: the `code` the OpenAI-compatible handler answers such a request with (HTTP 400). */
  readonly category = 'provider_invalid_request' as const;
  /** The request field at fault, e.g. `toolChoice`. */
  readonly param: string;

  constructor(message: string, param = 'toolChoice') {
    super(message);
    this.param = param;
  }

  static isInstance(error: unknown): error is ToolshimInvalidRequestError {
    return error instanceof Error && (error as { category?: unknown }).category === 'provider_invalid_request';
  }
}
