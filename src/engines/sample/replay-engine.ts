/**
 * A chat engine that plays back scripted sample outputs (written for this
 * project, not recorded from a model), token by token, in the format it is
 * told (any registry format) or the one the system prompt teaches. It makes the demo,
 * the Worker's offline default and tests work with no weights and no network.
 * Isomorphic and dependency-free: timers and async generators only.
 */

import type { ToolCallProtocol } from '../../protocols/protocol.ts';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from '../../wire/types.ts';
import type { ChatEngine, ChatEngineCallOptions } from '../chat-engine.ts';
import { agentTurn } from './replay-agent.ts';
import { conversationState, textOf, workingDirectoryIn } from './replay-conversation.ts';
import { detectFormat, renderForcedCall } from './replay-formats.ts';
import {
  fitToSchema,
  madeCallWith,
  renderTurnWith,
  replayProtocol,
  thinkingWriter,
  toolPropertiesIn,
} from './replay-protocol.ts';
import { defaultCall, intentOf, type ReplayTurn, scriptTurn } from './replay-scripts.ts';

/** Options of `createReplayEngine`. */
export interface ReplayEngineOptions {
  /** Pause between tokens in milliseconds. Default 0; the demo uses about 35 for a human-visible pace. */
  delayMs?: number;
  /** The model name in responses. Default `toolshim-replay`. */
  model?: string;
  /**
   * The format to write calls in: a registry name (`hermes`, `qwen3-coder`,
   * `mistral`, …, `auto`, which writes Hermes). Calls are written by that
   * protocol's own history renderer. Default: detected from the system
   * prompt (Hermes, Gemma, morph-XML or Qwen3-Coder), else Hermes.
   */
  format?: string;
}

/** The text the replay engine answers with for this request: deterministic, no pacing. */
export function replayText(request: ChatCompletionRequest, protocol?: ToolCallProtocol): string {
  const messages = request.messages;
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n');
  const taught = detectFormat(system);
  const forced = forcedTool(request, system);
  // Told no format, the replay writes the one the prompt teaches (Hermes when it teaches none it knows).
  const writer = protocol ?? replayProtocol(taught.format ?? 'hermes');
  const madeCall = (text: string) => madeCallWith(writer, text, taught.toolNames);
  const { request: userText, step, results } = conversationState(messages, madeCall);
  const offered = protocol || taught.format ? taught.toolNames : [];
  const schemas = toolPropertiesIn(system);
  const cwd = workingDirectoryIn(messages);
  const agent = agentTurn({ request: userText, step, results, toolNames: offered, schemas, cwd }, intentOf(userText));
  const scripted = agent ?? scriptTurn({ request: userText, step, results, toolNames: offered });
  // A malformed turn stays as scripted: fitted to a tool without its arguments, it would become a valid empty call.
  const fitted = scripted.malformed ? scripted.calls : scripted.calls?.map((call) => fitToSchema(call, schemas));
  const turn: ReplayTurn = { ...scripted, calls: fitted };

  // A forced answer is bare JSON, as the response_format schema asks. When no tool fits the request at all
  // ("Tell me a joke"), the scripted model answers in words, as a small model ignoring the forced choice
  // does, and toolshim reports that no call came (a made-up weather call would only confuse).
  if (forced !== undefined && taught.toolNames.length > 0 && turn.calls !== undefined) {
    const name = forced === '' ? (turn.calls?.[0]?.name ?? (taught.toolNames[0] as string)) : forced;
    const call = turn.calls?.find((c) => c.name === name) ?? fitToSchema(defaultCall(name, userText), schemas);
    return renderForcedCall(call);
  }
  const answer = renderTurnWith(writer, turn);
  // Qwen3's switch (see protocols/reasoning-switches.ts): `/no_think` after the request, or the template variable.
  const noThinking = /\/no_think\s*$/.test(userText) || request.chat_template_kwargs?.enable_thinking === false;
  return (noThinking ? '' : thinkingFor(userText, step, turn, protocol)) + answer;
}

/**
 * A request that asks the model to think ("Think first: …") gets a thinking
 * block before the first reply, in the format's own markers, as reasoning
 * models write it. It drafts the call in its thinking, which toolshim must
 * keep as reasoning and never run.
 */
function thinkingFor(request: string, step: number, turn: ReplayTurn, protocol: ToolCallProtocol | undefined): string {
  if (step !== 0 || !/\bthink\b/i.test(request)) return '';
  const write = thinkingWriter(protocol);
  if (write === undefined) return '';
  const call = turn.calls?.[0];
  const plan =
    call === undefined
      ? 'No tool fits this request, so I will answer directly.'
      : `The user wants ${call.name.replace(/_/g, ' ')} for ${JSON.stringify(call.arguments)}. A draft: ${call.name}(${JSON.stringify(call.arguments)}). That looks right, so I will call it properly.`;
  return write(plan);
}

/**
 * The forced tool: its name, `''` for "any tool" (tool choice `required`),
 * undefined when the choice is free. toolshim asks through `response_format`
 * and a sentence in the system prompt; either is enough.
 */
function forcedTool(request: ChatCompletionRequest, system: string): string | undefined {
  const format = request.response_format;
  if (format?.type === 'json_schema') {
    const name = (format.json_schema.schema?.properties as Record<string, { const?: unknown }> | undefined)?.name
      ?.const;
    return typeof name === 'string' ? name : '';
  }
  const named = /You must call the function "([^"]+)"/.exec(system);
  if (named) return named[1];
  return /You must call at least one of the functions/.test(system) ? '' : undefined;
}

/**
 * Splits text the way BPE tokenizers roughly do: a word with its leading
 * space, single digits, runs of punctuation. `<tool_call>` thus arrives in
 * pieces, as from a real model, and the parsers see split delimiters.
 */
export function tokenize(text: string): string[] {
  return text.match(/ ?[A-Za-z]+|\d| ?[^\sA-Za-z\d]{1,3}|\s+/g) ?? [];
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function usageOf(request: ChatCompletionRequest, completionTokens: number) {
  const promptChars = request.messages.reduce((n, m) => n + textOf(m.content ?? '').length, 0);
  const promptTokens = Math.ceil(promptChars / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/**
 * A ChatEngine that replays scripted sample output. It writes the format it
 * is told, or detects the one the system prompt teaches (Hermes `<tool_call>`,
 * Gemma ```tool_call, morph-XML, qwen3-coder `<function=`), answers tool
 * results with a final answer, and
 * includes a multi-step conversation ("weather in Seoul and note it"),
 * parallel calls ("weather in Seoul and Tokyo") and a malformed call
 * ("malformed").
 */
export function createReplayEngine(options: ReplayEngineOptions = {}): ChatEngine {
  const delayMs = options.delayMs ?? 0;
  const model = options.model ?? 'toolshim-replay';
  const protocol = options.format === undefined ? undefined : replayProtocol(options.format);
  let counter = 0;

  async function* chunks(
    request: ChatCompletionRequest,
    id: string,
    tokens: string[],
    truncated: boolean,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<ChatCompletionChunk> {
    const created = Math.floor(Date.now() / 1000);
    const chunk = (
      delta: ChatCompletionChunk['choices'][number]['delta'],
      finish: ChatCompletionChunk['choices'][number]['finish_reason'],
    ): ChatCompletionChunk => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    yield chunk({ role: 'assistant', content: '' }, null);
    for (const token of tokens) {
      if (delayMs > 0) await sleep(delayMs, signal);
      else signal?.throwIfAborted();
      yield chunk({ content: token }, null);
    }
    yield chunk({}, truncated ? 'length' : 'stop');
    if (request.stream_options?.include_usage) {
      yield {
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: usageOf(request, tokens.length),
      };
    }
  }

  return {
    chat: {
      completions: {
        async create(request: ChatCompletionRequest & { stream?: boolean }, callOptions?: ChatEngineCallOptions) {
          callOptions?.signal?.throwIfAborted();
          counter++;
          const id = `chatcmpl-replay-${counter}`;
          let tokens = tokenize(replayText(request, protocol));
          const limit = request.max_completion_tokens ?? request.max_tokens;
          const truncated = limit !== undefined && tokens.length > limit;
          if (truncated) tokens = tokens.slice(0, limit);
          if (request.stream) return chunks(request, id, tokens, truncated, callOptions?.signal);

          if (delayMs > 0) await sleep(delayMs * tokens.length, callOptions?.signal);
          const completion: ChatCompletion = {
            id,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: tokens.join('') },
                finish_reason: truncated ? 'length' : 'stop',
              },
            ],
            usage: usageOf(request, tokens.length),
          };
          return completion;
        },
      },
    },
  };
}
