/**
 * Pre-send validation of `tool_choice` against `tools` (proposal 0025 §5/§7),
 * the same in emulated and native mode: both reuse the middleware's rules, so
 * the proxy and the library can never disagree on what is refused.
 */
import { ToolshimInvalidRequestError } from '../errors.ts';
import { validateToolChoice } from '../middleware/tool-choice.ts';
import type { ChatCompletionRequest } from '../wire/types.ts';
import { invalidToolChoice } from './errors.ts';
import { toFunctionTools, toToolChoice } from './to-call-options.ts';

/** Throws a 400 `provider_invalid_request` (param `tool_choice`) for an impossible choice. */
export function checkToolChoice(request: ChatCompletionRequest): void {
  try {
    validateToolChoice(toToolChoice(request.tool_choice), toFunctionTools(request.tools));
  } catch (error) {
    if (!ToolshimInvalidRequestError.isInstance(error)) throw error;
    throw invalidToolChoice(error.message);
  }
}
