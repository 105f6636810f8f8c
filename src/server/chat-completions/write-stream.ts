/**
 * AI SDK V4 stream parts → `chat.completion.chunk` SSE frames.
 *
 * - A `tool-call` sends its `index`, `id`, `type`, `function.name` and all
 *   its arguments in one delta. The core sends a door only whole calls (it
 *   holds back the parts that announce one: core/whole-calls.ts), so a call
 *   the model started and broke never reaches the client; its raw text
 *   follows as `content`, and the answer finishes `stop`, matching the
 *   non-streaming completion.
 * - Reasoning (thinking the middleware read out of the text, or that the
 *   model returned as reasoning) streams as `delta.reasoning_content`, the
 *   field DeepSeek's API, vLLM and llama.cpp use, never as `content`.
 * - `finish` sends `finish_reason`; with `include_usage` a last chunk with
 *   empty `choices` carries the usage; then `data: [DONE]`.
 * - An `error` part or a failing source ends the stream with an OpenAI-shaped
 *   `data: {"error":…}` event (the core's, from the door's `errorEvent`),
 *   which the openai SDK and the AI SDK both raise, instead of a silent
 *   truncation.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { SSE_DONE, sseFrame } from '../../wire/sse.ts';
import type { ChatCompletionChunk } from '../../wire/types.ts';
import type { StreamWriter } from '../core/front-door.ts';
import { completionId, finishReasonOf, usageOf } from './write-result.ts';

export interface ChunkWriterOptions {
  model: string;
  includeUsage: boolean;
}

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * The role chunk, a chunk per part, the closing chunk, `[DONE]`. An `error`
 * part throws, and the core ends the stream with the OpenAI error event.
 */
export function createChunkWriter(options: ChunkWriterOptions): StreamWriter {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  /** Calls sent so far: the next one's OpenAI `index`. */
  let completedCalls = 0;
  let finished = false;

  function chunk(delta: Delta, finishReason: ChatCompletionChunk['choices'][number]['finish_reason'] = null) {
    const body: ChatCompletionChunk = {
      id,
      object: 'chat.completion.chunk',
      created,
      model: options.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    };
    if (options.includeUsage) body.usage = null;
    return sseFrame(body);
  }

  return {
    /** The first frame: the assistant role, as OpenAI opens every stream. */
    start(): Uint8Array[] {
      return [chunk({ role: 'assistant', content: '' })];
    },

    write(part: LanguageModelV4StreamPart): Uint8Array[] {
      switch (part.type) {
        case 'text-delta':
          return part.delta === '' ? [] : [chunk({ content: part.delta })];
        case 'reasoning-delta':
          return part.delta === '' ? [] : [chunk({ reasoning_content: part.delta })];
        case 'tool-call': {
          const call = { index: completedCalls++, id: part.toolCallId, type: 'function' as const };
          return [chunk({ tool_calls: [{ ...call, function: { name: part.toolName, arguments: part.input } }] })];
        }
        case 'finish': {
          finished = true;
          const frames = [chunk({}, finishReasonOf(part.finishReason, completedCalls > 0))];
          if (options.includeUsage) {
            frames.push(
              sseFrame({
                id,
                object: 'chat.completion.chunk',
                created,
                model: options.model,
                choices: [],
                usage: usageOf(part.usage),
              } satisfies ChatCompletionChunk),
            );
          }
          return frames;
        }
        default:
          // sources, raw chunks, metadata: chat completions has no place for them; the core holds back the
          // tool-input parts (whole-calls.ts) and ends the stream on an `error` part (drive-writer.ts).
          return [];
      }
    },

    /** A source that ends without `finish` still gets a closing chunk; then `[DONE]`. */
    end(): Uint8Array[] {
      return finished ? [SSE_DONE] : [chunk({}, completedCalls > 0 ? 'tool_calls' : 'stop'), SSE_DONE];
    },
  };
}
