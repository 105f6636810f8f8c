/**
 * A chat-completions request body: checked (every rejection a 400 whose
 * message and `param` name the field), then turned into AI SDK call options.
 * Unknown top-level fields are allowed (clients send many); they are ignored
 * in emulated mode and forwarded in native mode.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { ChatCompletionRequest } from '../../wire/types.ts';
import { invalidRequest } from '../core/errors.ts';
import { readTokenLimit } from '../core/token-limit.ts';
import { fail, isObject, optionalNumber, readModel, refuse } from '../door-kit/request-fields.ts';
import { checkMessages, toPrompt } from './read-messages.ts';
import { checkToolChoiceShape, checkTools, toFunctionTools, toToolChoice } from './read-tools.ts';

/** OpenAI's own limit (it answers `array_above_max_length`); `stop` goes upstream as it is. */
const MAX_STOP = 4;

function checkStop(stop: unknown): void {
  if (stop === undefined || stop === null || typeof stop === 'string') return;
  if (!Array.isArray(stop) || stop.some((s) => typeof s !== 'string'))
    fail('stop', 'a string or an array of strings', stop);
  if (stop.length > MAX_STOP) {
    const message = `\`stop\` may hold at most ${MAX_STOP} sequences, got ${stop.length}.`;
    throw invalidRequest(message, 'stop', 'array_above_max_length');
  }
}

function checkFormat(format: unknown): void {
  if (format === undefined || format === null) return;
  if (!isObject(format) || !['text', 'json_object', 'json_schema'].includes(format.type as string)) {
    refuse('response_format.type', '`response_format.type` must be "text", "json_object" or "json_schema".');
  }
  if (format.type === 'json_schema' && !isObject(format.json_schema)) {
    fail('response_format.json_schema', 'an object', format.json_schema);
  }
}

/** Checks the parsed body; returns it typed. (The core has parsed the JSON, and answers 400 when it is not JSON.) */
export function readChatRequest(body: unknown): ChatCompletionRequest {
  if (!isObject(body)) fail('body', 'a JSON object', body);
  readModel(body);
  const messages = checkMessages(body.messages);
  const tools = checkTools(body.tools);
  const toolChoice = checkToolChoiceShape(body.tool_choice);
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    fail('stream', 'a boolean', body.stream);
  }
  if (body.stream_options !== undefined && body.stream_options !== null && !isObject(body.stream_options)) {
    fail('stream_options', 'an object', body.stream_options);
  }
  readTokenLimit(body.max_tokens, 'max_tokens');
  readTokenLimit(body.max_completion_tokens, 'max_completion_tokens');
  optionalNumber(body, 'temperature', 0, 2);
  optionalNumber(body, 'top_p', 0, 1);
  optionalNumber(body, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  checkStop(body.stop);
  checkFormat(body.response_format);
  const request = { ...body, messages } as unknown as ChatCompletionRequest;
  if (tools === undefined) delete request.tools;
  else request.tools = tools;
  if (toolChoice === undefined) delete request.tool_choice;
  return request;
}

type ResponseFormat = NonNullable<LanguageModelV4CallOptions['responseFormat']>;

function toResponseFormat(format: ChatCompletionRequest['response_format']): ResponseFormat | undefined {
  if (format?.type === 'json_object') return { type: 'json' };
  if (format?.type === 'text') return { type: 'text' };
  if (format?.type !== 'json_schema') return undefined;
  const { name, description, schema } = format.json_schema;
  return {
    type: 'json',
    name,
    ...(description ? { description } : {}),
    ...(schema ? { schema: schema as JSONSchema7 } : {}),
  };
}

/** The reasoning efforts chat completions documents; another value is left to the upstream (native mode forwards it). */
const EFFORTS: ReadonlySet<string> = new Set(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']);

/** The checked request → the call options of the (toolshim-wrapped) model's doGenerate/doStream. */
export function toCallOptions(request: ChatCompletionRequest): LanguageModelV4CallOptions {
  const options: LanguageModelV4CallOptions = { prompt: toPrompt(request.messages) };
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (typeof maxTokens === 'number') options.maxOutputTokens = maxTokens;
  if (typeof request.temperature === 'number') options.temperature = request.temperature;
  if (typeof request.top_p === 'number') options.topP = request.top_p;
  if (typeof request.seed === 'number') options.seed = request.seed;
  if (typeof request.stop === 'string') options.stopSequences = [request.stop];
  else if (Array.isArray(request.stop)) options.stopSequences = request.stop;
  const responseFormat = toResponseFormat(request.response_format);
  if (responseFormat !== undefined) options.responseFormat = responseFormat;
  const tools = toFunctionTools(request.tools);
  if (tools.length > 0) options.tools = tools;
  const toolChoice = toToolChoice(request.tool_choice);
  if (toolChoice !== undefined) options.toolChoice = toolChoice;
  // The effort becomes the family's thinking switch in emulated mode, as Responses' and Messages' do.
  if (EFFORTS.has(request.reasoning_effort as string)) options.reasoning = request.reasoning_effort;
  return options;
}
