/**
 * A Gemini `GenerateContentRequest` → AI SDK `LanguageModelV4CallOptions`.
 * The model is not in the body but in the path
 * (`/v1beta/models/{model}:generateContent`), and the path's method says
 * whether to stream. Every bad input is a 400 naming the field; fields with
 * no meaning here are ignored (`safetySettings`: this proxy filters nothing;
 * `labels`; `serviceTier`), and so are unknown ones, so a client a version
 * ahead still works.
 *
 * `generationConfig`:
 * - `temperature`, `topP`, `topK`, `maxOutputTokens`, `stopSequences`,
 *   `presencePenalty`, `frequencyPenalty` and `seed` go upstream as the AI SDK
 *   options of the same meaning; `candidateCount` above 1 is refused (one
 *   answer per request, as every door).
 * - `responseMimeType: "application/json"` with `responseJsonSchema` or
 *   `responseSchema` is the AI SDK's JSON response format (Gemini CLI's
 *   routing and loop checks ask for JSON this way, their schemas typed in
 *   capitals, which gemini-schema.ts lowers).
 * - `thinkingConfig`: `thinkingLevel` (`MINIMAL` … `HIGH`) is the AI SDK
 *   reasoning effort; `thinkingBudget` 0 is "none", -1 the provider's
 *   default, else up to 2,048 "low", up to 16,384 "medium", more "high" (as
 *   the Messages door reads `budget_tokens`). `includeThoughts` says whether
 *   the answer carries the thought parts: Gemini sends them only when asked.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { readTokenLimit } from '../core/token-limit.ts';
import {
  absent,
  checkDepth,
  fail,
  isObject,
  type Json,
  oneOf,
  optionalNumber,
  refuse,
  requireObject,
} from '../door-kit/request-fields.ts';
import { jsonSchemaOf } from './gemini-schema.ts';
import { readContents, readSystemInstruction } from './read-contents.ts';
import { readToolConfig, readTools } from './read-tools.ts';

export interface GeminiCall {
  options: LanguageModelV4CallOptions;
  /** `thinkingConfig.includeThoughts`: the answer carries thought parts. */
  includeThoughts: boolean;
}

/** Gemini's own limit on `stopSequences`. */
const MAX_STOP_SEQUENCES = 5;

const LEVELS = ['THINKING_LEVEL_UNSPECIFIED', 'MINIMAL', 'LOW', 'MEDIUM', 'HIGH'] as const;

type Reasoning = LanguageModelV4CallOptions['reasoning'];

function effortOfBudget(budget: number): Reasoning {
  if (budget === 0) return 'none';
  if (budget < 0) return 'provider-default';
  if (budget <= 2048) return 'low';
  return budget <= 16384 ? 'medium' : 'high';
}

function readThinking(config: Json): { reasoning: Reasoning; includeThoughts: boolean } {
  const at = 'generationConfig.thinkingConfig';
  if (absent(config.thinkingConfig)) return { reasoning: undefined, includeThoughts: false };
  const thinking = requireObject(config.thinkingConfig, at);
  let reasoning: Reasoning;
  const budget = optionalNumber(thinking, 'thinkingBudget', -1, Number.MAX_SAFE_INTEGER, true);
  if (budget !== undefined) reasoning = effortOfBudget(budget);
  if (!absent(thinking.thinkingLevel)) {
    const level = oneOf(`${at}.thinkingLevel`, thinking.thinkingLevel, LEVELS);
    reasoning = level === 'THINKING_LEVEL_UNSPECIFIED' ? 'provider-default' : (level.toLowerCase() as Reasoning);
  }
  return { reasoning, includeThoughts: thinking.includeThoughts === true };
}

function readStopSequences(value: unknown): string[] | undefined {
  const at = 'generationConfig.stopSequences';
  if (absent(value)) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    fail(at, 'an array of non-empty strings', value);
  }
  if (value.length > MAX_STOP_SEQUENCES) {
    refuse(at, `\`${at}\` may hold at most ${MAX_STOP_SEQUENCES} sequences, got ${value.length}.`);
  }
  return value.length === 0 ? undefined : (value as string[]);
}

function readFormat(config: Json): LanguageModelV4CallOptions['responseFormat'] {
  const mime = config.responseMimeType;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  if (absent(mime) || mime === 'text/plain') {
    if (!absent(schema)) {
      refuse('generationConfig.responseMimeType', 'A response schema needs `responseMimeType: "application/json"`.');
    }
    return undefined;
  }
  if (mime !== 'application/json') {
    refuse(
      'generationConfig.responseMimeType',
      '`generationConfig.responseMimeType` must be "text/plain" or "application/json" here.',
    );
  }
  if (absent(schema)) return { type: 'json' };
  const param = config.responseJsonSchema !== undefined ? 'responseJsonSchema' : 'responseSchema';
  const given = requireObject(schema, `generationConfig.${param}`);
  checkDepth(given, `generationConfig.${param}`);
  return { type: 'json', schema: jsonSchemaOf(given) as JSONSchema7 };
}

/** `generationConfig` onto `options`; returns whether thought parts are asked for. */
function readGenerationConfig(value: unknown, options: LanguageModelV4CallOptions): boolean {
  if (absent(value)) return false;
  const config = requireObject(value, 'generationConfig');
  const number = (key: string, min: number, max: number, integer = false) => {
    try {
      return optionalNumber(config, key, min, max, integer);
    } catch {
      // optionalNumber names the bare key; say where it sits.
      return refuse(`generationConfig.${key}`, `\`generationConfig.${key}\` must be a number from ${min} to ${max}.`);
    }
  };
  const set = <K extends keyof LanguageModelV4CallOptions>(key: K, given: LanguageModelV4CallOptions[K]) => {
    if (given !== undefined) options[key] = given;
  };
  set('temperature', number('temperature', 0, 2));
  set('topP', number('topP', 0, 1));
  set('topK', number('topK', 0, Number.MAX_SAFE_INTEGER, true));
  set('presencePenalty', number('presencePenalty', -2, 2));
  set('frequencyPenalty', number('frequencyPenalty', -2, 2));
  set('seed', number('seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true));
  if (!absent(config.maxOutputTokens)) {
    set('maxOutputTokens', readTokenLimit(config.maxOutputTokens, 'generationConfig.maxOutputTokens'));
  }
  const candidates = number('candidateCount', 1, Number.MAX_SAFE_INTEGER, true);
  if (candidates !== undefined && candidates > 1) {
    refuse(
      'generationConfig.candidateCount',
      '`generationConfig.candidateCount` must be 1: this proxy gives one answer.',
    );
  }
  set('stopSequences', readStopSequences(config.stopSequences));
  set('responseFormat', readFormat(config));
  const { reasoning, includeThoughts } = readThinking(config);
  set('reasoning', reasoning);
  return includeThoughts;
}

/** Reads a parsed `generateContent` / `streamGenerateContent` / `countTokens` body. */
export function readGeminiRequest(body: unknown): GeminiCall {
  if (!isObject(body)) fail('body', 'a JSON object', body);
  if (!absent(body.cachedContent)) {
    refuse(
      'cachedContent',
      "`cachedContent` names a cache on Google's servers; this proxy keeps none. Send the contents themselves.",
    );
  }
  const prompt = [...readSystemInstruction(body.systemInstruction), ...readContents(body.contents)];
  const { tools, toolChoice } = readToolConfig(body.toolConfig, readTools(body.tools));
  const options: LanguageModelV4CallOptions = { prompt };
  if (tools.length > 0) options.tools = tools;
  if (toolChoice !== undefined) options.toolChoice = toolChoice;
  const includeThoughts = readGenerationConfig(body.generationConfig, options);
  return { options, includeThoughts };
}
