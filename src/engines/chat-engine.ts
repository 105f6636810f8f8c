/**
 * Engines: anything with WebLLM's and the openai SDK's shape,
 * `engine.chat.completions.create(request)`, and the adapter that turns one
 * into an AI SDK `LanguageModelV4`, ready for `wrapLanguageModel` with a
 * toolshim middleware.
 *
 * By default the adapter never forwards `tools`: toolshim prompts and parses
 * the calls. That matters for WebLLM, whose own `tools` field covers a few
 * 7–8B Hermes models only and rejects custom system prompts. For an engine
 * that has tool calling (the proxy's native mode), `nativeTools: true` sends
 * them as chat-completions `tools`/`tool_choice`.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { generateToolCallId } from '../util/id.ts';
import { completionAsChunk } from '../wire/completion-chunk.ts';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, ChatTool } from '../wire/types.ts';
import { toChatMessages } from './chat-messages.ts';
import { type ChatChunkDelta, chunkPartsStream, mapFinishReason, mapUsage } from './chat-stream.ts';

/** Per-call options an engine may honour. The openai SDK and the HTTP engine stop on `signal`. */
export interface ChatEngineCallOptions {
  signal?: AbortSignal;
}

/**
 * A chat-completions engine: WebLLM's `MLCEngine`, an `openai` SDK client,
 * `createHttpEngine(…)` or `createReplayEngine(…)`. With `stream: true` it
 * resolves to an async iterable of chunks, otherwise to one completion.
 */
export interface ChatEngine {
  chat: {
    completions: {
      create(
        request: ChatCompletionRequest & { stream?: boolean },
        options?: ChatEngineCallOptions,
      ): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>>;
    };
  };
}

/**
 * Any client with a chat-completions `create`, typed loosely so that clients
 * with their own request types (the `openai` SDK's overloads, WebLLM's
 * `MLCEngine`) are accepted as they are. They must speak the OpenAI wire shape.
 */
export interface ChatEngineLike {
  chat: { completions: { create(request: never, options?: never): PromiseLike<unknown> } };
}

/** Options of `fromChatEngine`. */
export interface FromChatEngineOptions {
  /** Sent as `model` in every request and reported as the model id. Default `chat-engine`. */
  modelId?: string;
  /** The provider name the AI SDK reports (telemetry, errors). Default `chat-engine`. */
  provider?: string;
  /** Ask for a final usage chunk (`stream_options.include_usage`). Default true. */
  includeUsage?: boolean;
  /**
   * Send the call's function tools as chat-completions `tools` and its
   * `toolChoice` as `tool_choice` (`auto`, `none`, `required`, or
   * `{"type":"function","function":{"name"}}`; absent stays absent), for an
   * engine with tool calling of its own. Its `tool_calls` come back as
   * tool-call parts (streamed: tool-input-start/delta/end, then tool-call).
   * `providerOptions.chatEngine.parallelToolCalls` (boolean) is sent as
   * `parallel_tool_calls` when tools are. The `reasoning` call option is sent
   * as `reasoning_effort` (`max` as `xhigh`, OpenAI's highest), the field
   * OpenAI, vLLM (gpt-oss) and OpenRouter read; `provider-default` sends
   * nothing. Default false: no tools are sent, and tools given to the bare
   * adapter draw an `unsupported` warning (wrap it with a toolshim middleware
   * instead, which maps `reasoning` to the family's own thinking switch).
   */
  nativeTools?: boolean;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ChatCompletionChunk> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

type ChatCompletionMessage = ChatCompletion['choices'][number]['message'];

/** The thinking of a completion message, under either name servers use. */
function reasoningOf(message: ChatCompletionMessage | undefined): string | null | undefined {
  return message?.reasoning_content ?? message?.reasoning;
}

/** A whole completion replayed as one chunk, for engines that ignore `stream: true`; its reasoning is kept. */
async function* completionAsChunks(completion: ChatCompletion): AsyncGenerator<ChatCompletionChunk> {
  const chunk = completionAsChunk(completion);
  const reasoning = reasoningOf(completion.choices[0]?.message);
  const first = chunk.choices[0];
  if (reasoning && first) {
    const delta: ChatChunkDelta = { ...first.delta, reasoning_content: reasoning };
    first.delta = delta as typeof first.delta;
  }
  yield chunk;
}

/** The call's tools and tool choice as chat-completions fields (`nativeTools`). */
function nativeToolFields(
  options: LanguageModelV4CallOptions,
  warnings: SharedV4Warning[],
): Partial<ChatCompletionRequest> {
  const tools: ChatTool[] = [];
  for (const tool of options.tools ?? []) {
    if (tool.type !== 'function') {
      warnings.push({
        type: 'unsupported',
        feature: `provider tool ${tool.name}`,
        details: 'Only function tools are sent.',
      });
      continue;
    }
    tools.push({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
        parameters: tool.inputSchema as Record<string, unknown>,
      },
    });
  }
  if (tools.length === 0) return {};
  const fields: Partial<ChatCompletionRequest> = { tools };
  const choice = options.toolChoice;
  if (choice !== undefined) {
    fields.tool_choice =
      choice.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : choice.type;
  }
  const parallel = options.providerOptions?.chatEngine?.parallelToolCalls;
  if (typeof parallel === 'boolean') fields.parallel_tool_calls = parallel;
  return fields;
}

function buildRequest(
  options: LanguageModelV4CallOptions,
  modelId: string,
  nativeTools: boolean,
): { request: ChatCompletionRequest; warnings: SharedV4Warning[] } {
  const warnings: SharedV4Warning[] = [];
  const unsupported = (feature: string, details: string) => warnings.push({ type: 'unsupported', feature, details });
  if (options.tools && options.tools.length > 0 && !nativeTools) {
    unsupported(
      'tools',
      'fromChatEngine never sends tools to the engine. Wrap the model with a toolshim middleware, e.g. wrapLanguageModel({ model, middleware: hermesToolMiddleware }), to give it tool calling.',
    );
  }
  if (options.topK !== undefined) unsupported('topK', 'Chat-completions engines have no top_k; it was not sent.');
  if (options.presencePenalty !== undefined) unsupported('presencePenalty', 'Not sent to the engine.');
  if (options.frequencyPenalty !== undefined) unsupported('frequencyPenalty', 'Not sent to the engine.');

  const request: ChatCompletionRequest = { model: modelId, messages: toChatMessages(options.prompt, warnings) };
  if (nativeTools) {
    Object.assign(request, nativeToolFields(options, warnings));
    if (options.reasoning !== undefined && options.reasoning !== 'provider-default') {
      request.reasoning_effort = options.reasoning === 'max' ? 'xhigh' : options.reasoning;
    }
  }
  if (options.maxOutputTokens !== undefined) request.max_tokens = options.maxOutputTokens;
  if (options.temperature !== undefined) request.temperature = options.temperature;
  if (options.topP !== undefined) request.top_p = options.topP;
  if (options.stopSequences && options.stopSequences.length > 0) request.stop = options.stopSequences;
  if (options.seed !== undefined) request.seed = options.seed;
  // The family's thinking switch, set by the middleware for the `reasoning` call option (or by the caller).
  const toolshimOptions = options.providerOptions?.toolshim as
    | { chatTemplateKwargs?: Record<string, unknown> }
    | undefined;
  if (toolshimOptions?.chatTemplateKwargs !== undefined)
    request.chat_template_kwargs = toolshimOptions.chatTemplateKwargs;
  const format = options.responseFormat;
  if (format?.type === 'json') {
    // toolshim's forced tool choice arrives here as a JSON schema for `{"name", "arguments"}`.
    request.response_format = format.schema
      ? {
          type: 'json_schema',
          json_schema: {
            name: format.name ?? 'response',
            schema: format.schema as Record<string, unknown>,
            ...(format.description ? { description: format.description } : {}),
          },
        }
      : { type: 'json_object' };
  }
  return { request, warnings };
}

/**
 * Turns a chat-completions engine into an AI SDK `LanguageModelV4`:
 * `wrapLanguageModel({ model: fromChatEngine(engine), middleware: hermesToolMiddleware })`.
 * It maps the prompt to OpenAI messages, text deltas, usage and finish reasons
 * back, forwards `responseFormat` as `response_format`, and passes the abort
 * signal to the engine.
 */
export function fromChatEngine(
  engineOrClient: ChatEngine | ChatEngineLike,
  options: FromChatEngineOptions = {},
): LanguageModelV4 {
  const engine = engineOrClient as ChatEngine;
  const modelId = options.modelId ?? 'chat-engine';
  const provider = options.provider ?? 'chat-engine';
  const includeUsage = options.includeUsage ?? true;
  const nativeTools = options.nativeTools ?? false;
  const create = (request: ChatCompletionRequest & { stream?: boolean }, signal: AbortSignal | undefined) =>
    engine.chat.completions.create(request, signal ? { signal } : undefined);

  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    supportedUrls: {},

    async doGenerate(callOptions) {
      const { request, warnings } = buildRequest(callOptions, modelId, nativeTools);
      callOptions.abortSignal?.throwIfAborted();
      const result = await create({ ...request, stream: false }, callOptions.abortSignal);
      if (isAsyncIterable(result)) {
        throw new TypeError(
          'fromChatEngine: the engine returned a stream for a request with stream: false. Its create() must resolve to a chat.completion object when stream is false.',
        );
      }
      const choice = result.choices?.[0];
      if (!choice) {
        throw new TypeError(
          'fromChatEngine: the engine returned a completion without choices; expected choices[0].message.',
        );
      }
      const content: LanguageModelV4Content[] = [];
      const reasoning = reasoningOf(choice.message);
      if (reasoning) content.push({ type: 'reasoning', text: reasoning });
      if (choice.message.content) content.push({ type: 'text', text: choice.message.content });
      for (const call of choice.message.tool_calls ?? []) {
        content.push({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.function.name,
          input: call.function.arguments || '{}',
        });
      }
      return {
        content,
        finishReason: mapFinishReason(choice.finish_reason),
        usage: mapUsage(result.usage),
        warnings,
        request: { body: request },
        response: {
          ...(result.id ? { id: result.id } : {}),
          ...(result.model ? { modelId: result.model } : {}),
          ...(result.created ? { timestamp: new Date(result.created * 1000) } : {}),
          body: result,
        },
      };
    },

    async doStream(callOptions) {
      const { request, warnings } = buildRequest(callOptions, modelId, nativeTools);
      callOptions.abortSignal?.throwIfAborted();
      const streamRequest = {
        ...request,
        stream: true,
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      };
      const result = await create(streamRequest, callOptions.abortSignal);
      const iterable = isAsyncIterable(result) ? result : completionAsChunks(result);
      const stream = chunkPartsStream(iterable[Symbol.asyncIterator](), warnings, {
        abortSignal: callOptions.abortSignal,
        includeRawChunks: callOptions.includeRawChunks,
        generateId: generateToolCallId,
      });
      return { stream, request: { body: streamRequest } };
    },
  };
}
