/**
 * A model's result → Gemini's `GenerateContentResponse`, and the pieces the
 * stream writer shares.
 *
 * - One candidate (`index: 0`), its `content` a `model` turn whose parts are
 *   in the order the model wrote them: `text`; reasoning as `text` with
 *   `thought: true`, only when the request set `includeThoughts`; and each
 *   call as a `functionCall` with `id`, `name` and `args` (an object). Gemini
 *   CLI keeps a call's `id` and sends it back on the `functionResponse`.
 * - No `thoughtSignature`: Gemini signs its own thoughts so its API can tell
 *   a part sent back is unchanged; this proxy has nothing to sign with and
 *   checks nothing it gets back (read-contents.ts ignores signatures).
 * - `finishReason`: `MAX_TOKENS` for a length stop, `SAFETY` for a content
 *   filter, else `STOP`, calls or not (Gemini's API ends a turn of calls with
 *   STOP too).
 * - A call whose arguments are no JSON object (an upstream's malformed
 *   native call) is kept as text, its name then its arguments, so nothing is
 *   lost and no client runs it.
 * - `usageMetadata`: the upstream's counts; `promptTokenCount` falls back to
 *   the estimate of the call as sent (door-kit/count-tokens.ts).
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { nestsDeeperThan } from '../../json/depth.ts';
import { generateToolCallId } from '../../util/id.ts';
import { isObject } from '../door-kit/request-fields.ts';

export type GeminiPart =
  | { text: string; thought?: true }
  | { functionCall: { id: string; name: string; args: Record<string, unknown> } };

export type FinishReason = 'STOP' | 'MAX_TOKENS' | 'SAFETY';

export interface UsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

export interface GenerateContentResponse {
  candidates: Array<{
    content: { role: 'model'; parts: GeminiPart[] };
    finishReason?: FinishReason;
    index: 0;
  }>;
  usageMetadata?: UsageMetadata;
  modelVersion: string;
  responseId: string;
}

/** What the writers need of the request. */
export interface GeminiFrame {
  model: string;
  responseId: string;
  includeThoughts: boolean;
  /** The estimate of the prompt as sent, until the upstream reports its own count. */
  promptTokensEstimate: number;
}

export function responseId(): string {
  return generateToolCallId().replace('call_', '');
}

export function finishReasonOf(reason: LanguageModelV4FinishReason | undefined): FinishReason {
  switch (reason?.unified) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content-filter':
      return 'SAFETY';
    default:
      return 'STOP';
  }
}

export function usageMetadataOf(usage: LanguageModelV4Usage | undefined, promptEstimate: number): UsageMetadata {
  const prompt = usage?.inputTokens.total ?? promptEstimate;
  const thoughts = usage?.outputTokens.reasoning;
  const output = usage?.outputTokens.total ?? 0;
  // Gemini counts the thoughts apart from the candidates; the AI SDK's output total holds both.
  const candidates = Math.max(0, output - (thoughts ?? 0));
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + output,
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    ...(usage?.inputTokens.cacheRead ? { cachedContentTokenCount: usage.inputTokens.cacheRead } : {}),
  };
}

/** A call's input as the object `args` must be; undefined when it is none or nests too deep to write back. */
function callArgs(input: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(input === '' ? '{}' : input);
  } catch {
    return undefined;
  }
  return isObject(value) && !nestsDeeperThan(value) ? value : undefined;
}

/** A whole call → its part: a `functionCall`, or its text when the arguments are no object. */
export function callPart(name: string, input: string): GeminiPart {
  const args = callArgs(input);
  if (args === undefined) return { text: `${name} ${input}` };
  return { functionCall: { id: generateToolCallId(), name, args } };
}

export function toGenerateContentResponse(
  result: LanguageModelV4GenerateResult,
  frame: GeminiFrame,
): GenerateContentResponse {
  const parts: GeminiPart[] = [];
  const add = (text: string, thought: boolean) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last !== undefined && 'text' in last && (last.thought === true) === thought) last.text += text;
    else parts.push(thought ? { text, thought: true } : { text });
  };
  for (const part of result.content) {
    if (part.type === 'text') add(part.text, false);
    else if (part.type === 'reasoning' && frame.includeThoughts) add(part.text, true);
    else if (part.type === 'tool-call') parts.push(callPart(part.toolName, part.input));
  }
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: finishReasonOf(result.finishReason), index: 0 }],
    usageMetadata: usageMetadataOf(result.usage, frame.promptTokensEstimate),
    modelVersion: frame.model,
    responseId: frame.responseId,
  };
}
