/**
 * Validates a `POST /v1/responses` body and turns it into AI SDK call
 * options, plus what the answer echoes back. Every rejection is a 400 whose
 * message and `param` name the field. Unknown fields are ignored.
 *
 * No server-side state: `store: true` is accepted and nothing is stored;
 * `previous_response_id`, `conversation`, `prompt` and `background: true`
 * would need it, so they are refused with a 400 that says to send the whole
 * conversation in `input` instead.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { invalidRequest } from '../core/errors.ts';
import { readTokenLimit } from '../core/token-limit.ts';
import {
  absent,
  fail,
  isObject,
  type Json,
  oneOf,
  optionalBoolean,
  optionalNumber,
  optionalString,
  readModel,
} from '../door-kit/request-fields.ts';
import { readInput } from './read-messages.ts';
import { readTools } from './read-tools.ts';
import type { ToolRoutes } from './tool-routes.ts';

const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

export interface ResponsesRequest {
  /** Call options without `abortSignal` (the caller adds it). */
  callOptions: LanguageModelV4CallOptions;
  stream: boolean;
  /** The model name the client asked for, if any. */
  model: string | undefined;
  /** Which tools are custom or namespaced, and so how their calls are written. */
  routes: ToolRoutes;
  /** Request fields the `response` object repeats, as OpenAI's does. */
  echo: Record<string, unknown>;
}

/** Fields that need state this proxy does not keep. */
const STATEFUL: Array<[string, (value: unknown) => boolean, string]> = [
  ['conversation', (v) => !absent(v), 'it keeps no conversations. Send the whole conversation in `input`'],
  ['prompt', (v) => !absent(v), 'it has no stored prompt templates. Send the prompt as `instructions` and `input`'],
  ['background', (v) => v === true, 'it runs no background jobs. Leave `background` unset and wait for the answer'],
];

function readMetadata(value: unknown): Record<string, string> | null {
  if (absent(value)) return null;
  if (!isObject(value)) fail('metadata', 'an object of strings', value);
  const entries = Object.entries(value);
  if (entries.length > 16) throw invalidRequest('`metadata` may hold at most 16 keys.', 'metadata');
  for (const [key, entry] of entries) {
    if (key.length > 64) throw invalidRequest('`metadata` keys may be at most 64 characters long.', 'metadata');
    if (typeof entry !== 'string') fail(`metadata.${key}`, 'a string', entry);
    if (entry.length > 512) {
      throw invalidRequest(`\`metadata.${key}\` may be at most 512 characters long.`, `metadata.${key}`);
    }
  }
  return value as Record<string, string>;
}

function readTextFormat(body: Json): LanguageModelV4CallOptions['responseFormat'] {
  if (absent(body.text)) return undefined;
  if (!isObject(body.text)) fail('text', 'an object', body.text);
  const format = body.text.format;
  if (absent(format)) return undefined;
  if (!isObject(format)) fail('text.format', 'an object', format);
  const type = oneOf('text.format.type', format.type, ['text', 'json_object', 'json_schema'] as const);
  if (type === 'text') return { type: 'text' };
  if (type === 'json_object') return { type: 'json' };
  if (!isObject(format.schema)) fail('text.format.schema', 'a JSON schema object', format.schema);
  const name = optionalString(format, 'name', 'text.format.name');
  const description = optionalString(format, 'description', 'text.format.description');
  return {
    type: 'json',
    schema: format.schema as JSONSchema7,
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
  };
}

function readReasoning(body: Json): { effort: (typeof EFFORTS)[number] | null; summary: unknown } | null {
  if (absent(body.reasoning)) return null;
  if (!isObject(body.reasoning)) fail('reasoning', 'an object', body.reasoning);
  const effort = absent(body.reasoning.effort) ? null : oneOf('reasoning.effort', body.reasoning.effort, EFFORTS);
  return { effort, summary: body.reasoning.summary ?? null };
}

/** Reads the parsed JSON body (the core parsed it and answered 400 `invalid_json` if it could not). */
export function readResponsesRequest(body: unknown): ResponsesRequest {
  if (!isObject(body)) fail('body', 'a JSON object', body);
  const model = readModel(body);
  for (const [key, present, why] of STATEFUL) {
    if (present(body[key])) throw invalidRequest(`\`${key}\` is not supported by this proxy: ${why}.`, key);
  }
  const instructions = optionalString(body, 'instructions');
  const { tools, toolChoice, routes } = readTools(body);
  const prompt = readInput(instructions, body.input, routes);
  const stream = optionalBoolean(body, 'stream') ?? false;
  const store = optionalBoolean(body, 'store');
  const parallelToolCalls = optionalBoolean(body, 'parallel_tool_calls');
  const maxOutputTokens = readTokenLimit(body.max_output_tokens, 'max_output_tokens');
  const temperature = optionalNumber(body, 'temperature', 0, 2);
  const topP = optionalNumber(body, 'top_p', 0, 1);
  const reasoning = readReasoning(body);
  const responseFormat = readTextFormat(body);
  const metadata = readMetadata(body.metadata);
  const truncation = absent(body.truncation) ? 'disabled' : oneOf('truncation', body.truncation, ['auto', 'disabled']);
  if (!absent(body.include) && (!Array.isArray(body.include) || body.include.some((i) => typeof i !== 'string'))) {
    fail('include', 'an array of strings', body.include);
  }
  const user = optionalString(body, 'user');

  const callOptions: LanguageModelV4CallOptions = { prompt };
  if (maxOutputTokens !== undefined) callOptions.maxOutputTokens = maxOutputTokens;
  if (temperature !== undefined) callOptions.temperature = temperature;
  if (topP !== undefined) callOptions.topP = topP;
  if (reasoning?.effort) callOptions.reasoning = reasoning.effort;
  if (responseFormat !== undefined) callOptions.responseFormat = responseFormat;
  if (tools.length > 0) callOptions.tools = tools;
  if (toolChoice !== undefined) callOptions.toolChoice = toolChoice;
  // Native mode sends it upstream as `parallel_tool_calls` (fromChatEngine); an emulating model cannot be held to it.
  if (parallelToolCalls !== undefined) callOptions.providerOptions = { chatEngine: { parallelToolCalls } };

  return {
    callOptions,
    stream,
    model,
    routes,
    echo: {
      instructions: instructions ?? null,
      max_output_tokens: maxOutputTokens ?? null,
      metadata: metadata ?? {},
      parallel_tool_calls: parallelToolCalls ?? true,
      previous_response_id: null,
      reasoning: reasoning ?? { effort: null, summary: null },
      store: store ?? true,
      temperature: temperature ?? 1,
      text:
        isObject(body.text) && isObject(body.text.format) ? { format: body.text.format } : { format: { type: 'text' } },
      tool_choice: body.tool_choice ?? 'auto',
      tools: Array.isArray(body.tools) ? body.tools : [],
      top_p: topP ?? 1,
      truncation,
      user: user ?? null,
    },
  };
}
