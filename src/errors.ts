/**
 * The one error toolshim throws: a request that cannot be honoured, found
 * before the model is called (proposal 0025 §7, `provider_invalid_request`).
 */
export class ToolshimInvalidRequestError extends Error {
  override readonly name = 'ToolshimInvalidRequestError';
  /** Always `provider_invalid_request`, the category of proposal 0025 §7. */
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
