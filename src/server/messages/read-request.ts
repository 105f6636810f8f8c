/**
 * A Messages request body → AI SDK `LanguageModelV4CallOptions`, plus what
 * the writers need (model name, stream flag, stop sequences, …). Every bad
 * input is a 400 naming the field; unknown fields are ignored (Claude Code
 * sends `context_management`, `metadata` and more that have no meaning here).
 *
 * - `thinking` and `output_config.effort` become the AI SDK `reasoning`
 *   option, a hint for the upstream adapter: an explicit effort as it is;
 *   `enabled` by its `budget_tokens` (up to 2,048 "low", up to 16,384
 *   "medium", more "high"); `disabled` "none"; `adaptive` the provider default.
 * - `stop_sequences` are not sent upstream: the writers match them in the
 *   answer text, so they can report which one stopped it (`stop_reason:
 *   "stop_sequence"`), as an OpenAI-compatible upstream cannot say.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { readTokenLimit } from '../core/token-limit.ts';
import {
  absent,
  checkDepth,
  fail,
  isObject,
  type Json,
  noteIgnored,
  optionalNumber,
  readModel,
  refuse,
  requireObject,
  show,
} from '../door-kit/request-fields.ts';
import { readMessages, readSystem } from './read-messages.ts';
import { readToolChoice, readTools } from './read-tools.ts';

const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
type Effort = (typeof EFFORTS)[number];

export interface MessagesCall {
  /** The model name the client asked for, echoed in the answer. */
  /** The model name the answer echoes: the client's, else the one the proxy serves. */
  model: string;
  stream: boolean;
  /** For the model's doGenerate/doStream; the caller adds the abort signal. */
  options: LanguageModelV4CallOptions;
  /** Matched in the answer text by the writers (never sent upstream). */
  stopSequences: string[];
  /** `tool_choice.disable_parallel_tool_use`: the answer ends after its first tool call. */
  disableParallelToolUse: boolean;
  /** `thinking.display: "omitted"`: thinking blocks carry no text. */
  omitThinking: boolean;
  /**
   * door-kit/count-tokens.ts's count of the call as sent upstream, until the upstream reports its own: set by the
   * front door once the core has rendered the call (readMessagesRequest cannot: the tool prompt is the
   * middleware's).
   */
  inputTokensEstimate: number;
}

function readMaxTokens(body: Json): number {
  const value = body.max_tokens;
  if (value === undefined) refuse('max_tokens', '`max_tokens` is required: the most tokens the answer may have.');
  // 0 pre-warms Anthropic's prompt cache; this proxy keeps no cache, so say why it is refused.
  const hint =
    value === 0 ? " (0, which pre-warms Anthropic's prompt cache, has no use here: this proxy keeps no cache)." : '';
  const limit = readTokenLimit(value, 'max_tokens', hint);
  if (limit === undefined) fail('max_tokens', 'an integer', value);
  return limit;
}

/**
 * Anthropic documents no count or length limit for `stop_sequences`; these are
 * the proxy's own. The writers search every answer piece for every sequence and
 * hold back the longest one's length, so the work per piece grows with count ×
 * length: bounded, a hostile list cannot stall the answer. Real clients send a
 * handful of short markers.
 */
const MAX_STOP_SEQUENCES = 64;
const MAX_STOP_SEQUENCE_LENGTH = 1000;

function readStopSequences(value: unknown): string[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) fail('stop_sequences', 'an array of strings', value);
  if (value.length > MAX_STOP_SEQUENCES) {
    refuse(
      'stop_sequences',
      `\`stop_sequences\` may hold at most ${MAX_STOP_SEQUENCES} sequences, got ${value.length}.`,
    );
  }
  return value.map((item, i) => {
    if (typeof item !== 'string' || item === '') fail(`stop_sequences[${i}]`, 'a non-empty string', item);
    if (item.length > MAX_STOP_SEQUENCE_LENGTH) {
      refuse(
        `stop_sequences[${i}]`,
        `\`stop_sequences[${i}]\` may be at most ${MAX_STOP_SEQUENCE_LENGTH} characters long, got ${item.length}.`,
      );
    }
    return item;
  });
}

function effortOfBudget(budget: number): Effort {
  if (budget <= 2048) return 'low';
  return budget <= 16384 ? 'medium' : 'high';
}

/** `thinking` and `output_config.effort` → the AI SDK reasoning effort, and whether thinking text is omitted. */
function readThinking(body: Json): { reasoning: LanguageModelV4CallOptions['reasoning']; omit: boolean } {
  let reasoning: LanguageModelV4CallOptions['reasoning'];
  let omit = false;
  const thinking = body.thinking;
  if (!absent(thinking)) {
    const config = requireObject(thinking, 'thinking');
    if (config.type === 'enabled') {
      const budget = config.budget_tokens;
      if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1) {
        fail('thinking.budget_tokens', 'a positive integer', budget);
      }
      reasoning = effortOfBudget(budget);
    } else if (config.type === 'disabled') reasoning = 'none';
    else if (config.type === 'adaptive' || config.type === 'between_tools') reasoning = 'provider-default';
    else {
      refuse(
        'thinking.type',
        `\`thinking.type\` must be "enabled", "disabled" or "adaptive"; got ${show(config.type)}.`,
      );
    }
    // Only "omitted" changes what the proxy writes; any other value (Claude Code
    // sends "highlights") is answered as "summarized", never refused.
    if (!absent(config.display) && config.display !== 'summarized' && config.display !== 'omitted') {
      noteIgnored('thinking.display', config.display, 'thinking text is sent as with "summarized"');
    }
    omit = config.display === 'omitted';
  }
  const output = body.output_config;
  if (!absent(output)) {
    const effort = requireObject(output, 'output_config').effort;
    if (!absent(effort)) {
      if (!(EFFORTS as readonly unknown[]).includes(effort)) {
        refuse('output_config.effort', `\`output_config.effort\` must be one of ${EFFORTS.join(', ')}.`);
      }
      reasoning = effort as Effort;
    }
  }
  return { reasoning, omit };
}

/** `output_config.format` (structured output) → the AI SDK JSON response format. */
function readFormat(body: Json): LanguageModelV4CallOptions['responseFormat'] {
  const output = body.output_config;
  if (!isObject(output) || absent(output.format)) return undefined;
  const format = requireObject(output.format, 'output_config.format');
  if (format.type !== 'json_schema' || !isObject(format.schema)) {
    refuse('output_config.format', '`output_config.format` must be {"type":"json_schema","schema":{…}}.');
  }
  checkDepth(format.schema, 'output_config.format.schema');
  return { type: 'json', schema: format.schema as JSONSchema7 };
}

/**
 * Reads a parsed body. `count` is the count_tokens endpoint's body: the same
 * fields, without `max_tokens` and `stream`.
 */
export function readMessagesRequest(
  body: unknown,
  kind: 'create' | 'count' = 'create',
): Omit<MessagesCall, 'inputTokensEstimate' | 'model'> & { model: string | undefined } {
  if (!isObject(body)) fail('body', 'a JSON object', body);
  const model = readModel(body);
  const prompt = [...readSystem(body.system), ...readMessages(body.messages)];
  const tools = readTools(body.tools);
  const { toolChoice, disableParallelToolUse } = readToolChoice(body.tool_choice);
  const options: LanguageModelV4CallOptions = { prompt };
  if (kind === 'create') options.maxOutputTokens = readMaxTokens(body);
  const temperature = optionalNumber(body, 'temperature', 0, 1);
  if (temperature !== undefined) options.temperature = temperature;
  const topP = optionalNumber(body, 'top_p', 0, 1);
  if (topP !== undefined) options.topP = topP;
  const topK = optionalNumber(body, 'top_k', 0, Number.MAX_SAFE_INTEGER, true);
  if (topK !== undefined) options.topK = topK;
  const { reasoning, omit } = readThinking(body);
  if (reasoning !== undefined) options.reasoning = reasoning;
  const responseFormat = readFormat(body);
  if (responseFormat !== undefined) options.responseFormat = responseFormat;
  if (tools.length > 0) options.tools = tools;
  if (toolChoice !== undefined) options.toolChoice = toolChoice;
  if (!absent(body.stream) && typeof body.stream !== 'boolean') fail('stream', 'a boolean', body.stream);
  if (!absent(body.metadata) && !isObject(body.metadata)) fail('metadata', 'an object', body.metadata);
  return {
    model,
    stream: kind === 'create' && body.stream === true,
    options,
    stopSequences: readStopSequences(body.stop_sequences),
    disableParallelToolUse,
    omitThinking: omit,
  };
}
