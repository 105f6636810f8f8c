/**
 * Errors in Gemini's shape, Google's API error: `{"error":{"code","message",
 * "status","details"}}`, `code` the HTTP status and `status` its canonical
 * name (400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, 403 PERMISSION_DENIED,
 * 404 NOT_FOUND, 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE, 504
 * DEADLINE_EXCEEDED). A refused field is also named the way Google's APIs
 * name one, as a `google.rpc.BadRequest` field violation. @google/genai
 * raises an ApiError with the status; Gemini CLI retries 429 and 5xx and
 * nothing else, so an unreachable upstream (424, core/faults.ts) stops it at
 * once with the message, which names the upstream and the fix.
 */
import type { ProxyHttpError } from '../core/errors.ts';

export interface GeminiErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    details?: Array<Record<string, unknown>>;
  };
}

export function geminiStatus(status: number): string {
  switch (status) {
    case 400:
    case 413:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'UNIMPLEMENTED';
    case 415:
      return 'INVALID_ARGUMENT';
    // 424: the upstream could not be reached; nothing to retry until its operator acts.
    case 424:
      return 'FAILED_PRECONDITION';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT';
  }
}

/** The core names a refused tool choice `tool_choice` for every door; here the field has Gemini's name. */
function fieldOf(param: string): string {
  return param === 'tool_choice' ? 'toolConfig.functionCallingConfig' : param;
}

/** The input token count over the window, in the words Gemini's API uses for it. */
function overflowMessage(error: ProxyHttpError): string {
  const { promptTokens, limit } = error.overflow ?? {};
  if (promptTokens === undefined || limit === undefined) return error.message;
  return `The input token count (${promptTokens}) exceeds the maximum number of tokens allowed (${limit}).`;
}

export function geminiErrorBody(error: ProxyHttpError): GeminiErrorBody {
  const message = error.code === 'context_length_exceeded' ? overflowMessage(error) : error.message;
  const details =
    error.param === null
      ? undefined
      : [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: fieldOf(error.param), description: message }],
          },
        ];
  return {
    error: { code: error.status, message, status: geminiStatus(error.status), ...(details ? { details } : {}) },
  };
}

/** A fault once the stream began: the error object as a chunk of its own (write-stream.ts says why). */
export function geminiErrorChunk(error: ProxyHttpError): string {
  return `${JSON.stringify(geminiErrorBody(error))}\n`;
}
