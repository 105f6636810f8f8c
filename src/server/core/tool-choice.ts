/**
 * Pre-send validation of a request's tool choice against its tools, the same
 * for every front door and in both modes: the middleware's own rules, so the
 * proxy and the library can never disagree on what is refused ("required"
 * with no tools, a forced tool that is not declared), worded with the API's
 * own names (a door's `toolChoiceWords`).
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { ToolshimInvalidRequestError } from '../../errors.ts';
import { type ToolChoiceWords, validateToolChoice } from '../../middleware/tool-choice.ts';
import { invalidToolChoice } from './errors.ts';

export type { ToolChoiceWords };

/** OpenAI's names, which chat completions and Responses use. */
export const OPENAI_CHOICE_WORDS: ToolChoiceWords = { field: 'tool_choice', required: '"required"', auto: '"auto"' };

/** Throws a 400 `provider_invalid_request` (param `tool_choice`) for an impossible choice. */
export function checkToolChoice(
  options: Pick<LanguageModelV4CallOptions, 'tools' | 'toolChoice'>,
  words: ToolChoiceWords = OPENAI_CHOICE_WORDS,
): void {
  try {
    validateToolChoice(options.toolChoice, options.tools ?? [], words);
  } catch (error) {
    if (!ToolshimInvalidRequestError.isInstance(error)) throw error;
    throw invalidToolChoice(error.message);
  }
}
