/**
 * The output-token limit every door reads (`max_tokens`, `max_completion_tokens`,
 * `max_output_tokens`): a positive safe integer, or the client's 400 naming the
 * field and the range. One rule for the three APIs, so a value one door refuses
 * is never forwarded upstream by another: 1e308 is an "integer" to
 * `Number.isInteger`, but it is no count of tokens, and JSON writers and
 * upstreams disagree on how to spell or read it.
 */
import { invalidRequest } from './errors.ts';

/** 2^53 − 1: the largest integer every JSON reader on the way keeps exact. */
export const MAX_TOKEN_LIMIT = Number.MAX_SAFE_INTEGER;

const RANGE = `an integer from 1 to ${MAX_TOKEN_LIMIT} (2^53 − 1)`;

function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return 'a string';
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/**
 * The limit in `value`, or undefined when it is absent (missing or null, as
 * OpenAI's and Anthropic's SDKs both send "not set"). `hint` adds a sentence
 * to the refusal (Messages explains why 0 has no use here).
 */
export function readTokenLimit(value: unknown, param: string, hint = ''): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  throw invalidRequest(`\`${param}\` must be ${RANGE}; got ${shown(value)}.${hint}`, param);
}
