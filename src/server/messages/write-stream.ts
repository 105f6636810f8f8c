/**
 * AI SDK V4 stream parts → the Anthropic Messages event stream, each event
 * with its `event:` line as Anthropic sends them:
 *
 *   message_start → (content_block_start → content_block_delta… → content_block_stop)…
 *   → message_delta (stop_reason, usage) → message_stop
 *
 * - Blocks are strictly sequential, as Anthropic's are: a block is stopped
 *   before the next one starts. Text → `text_delta`; reasoning → a `thinking`
 *   block with `thinking_delta`s and, before its stop, a `signature_delta`
 *   (write-result.ts says what the signature is); a call → a `tool_use`
 *   block (`toolu_…` id, name, empty `input`) with its whole input in one
 *   `input_json_delta`, sent once the call is whole: the core holds back the
 *   parts that announce a call (core/whole-calls.ts), so a call the model
 *   started and broke never reaches the client as a block Claude Code would
 *   run (it ran such a block with `{}` and asked again, forever). The model's
 *   raw text for it follows as text, and the answer ends `end_turn`, as the
 *   non-streamed answer, which has no tool_use block for it, does.
 * - `stop_sequences` are matched in the text (stop-sequences.ts); a match ends
 *   the message at once with `stop_reason: "stop_sequence"`, and
 *   `disable_parallel_tool_use` ends it after the first completed call. Then
 *   `done` is true: the core stops reading the model, which cancels it.
 * - `message_start` carries the request's estimated `input_tokens`;
 *   `message_delta` carries the upstream's counts (or the estimate again).
 * - An `error` part ends the stream with `errorEvent(…)` (the core's driver
 *   sends it), Anthropic's `error` event, which the SDKs raise as an APIError.
 */
import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { sseFrame } from '../../wire/sse.ts';
import type { AnthropicErrorBody } from './errors.ts';
import type { MessagesCall } from './read-request.ts';
import { createStopMatcher, type StopMatcher } from './stop-sequences.ts';
import {
  brokenCallText,
  messageId,
  type StopReason,
  stopReasonOf,
  THINKING_SIGNATURE,
  toolInput,
  toolUseId,
  usageOf,
} from './write-result.ts';

function sseEvent(type: string, data: Record<string, unknown>): Uint8Array {
  return sseFrame({ type, ...data }, type);
}

/** The keep-alive Anthropic sends while a stream is quiet. */
export const PING_EVENT = sseEvent('ping', {});

/** Anthropic's mid-stream `error` event, which the SDKs raise as an APIError. */
export function errorEvent(body: AnthropicErrorBody): Uint8Array {
  return sseEvent('error', { error: body.error });
}

type Open = { kind: 'text' | 'thinking'; index: number };
type Emit = (type: string, data: Record<string, unknown>) => void;

/**
 * The content blocks of one message, as events to `emit`. They are strictly sequential, as Anthropic's are:
 * a text or thinking block stays open for more deltas until another block starts or the message ends, and
 * the held-back tail of the stop-sequence `matcher` goes out before a text block stops.
 */
function createContentBlocks(emit: Emit, matcher: StopMatcher | undefined, omitThinking: boolean) {
  let nextIndex = 0;
  let open: Open | undefined;
  const delta = (index: number, body: Record<string, unknown>) => emit('content_block_delta', { index, delta: body });

  function start(block: Record<string, unknown>, kind?: Open['kind']): number {
    close();
    const index = nextIndex++;
    if (kind !== undefined) open = { kind, index };
    emit('content_block_start', { index, content_block: block });
    return index;
  }

  /** Stops the open text or thinking block. */
  function close(): void {
    if (open === undefined) return;
    const { index } = open;
    if (open.kind === 'text' && matcher !== undefined) {
      const rest = matcher.flush();
      if (rest !== '') delta(index, { type: 'text_delta', text: rest });
    } else if (open.kind === 'thinking') {
      delta(index, { type: 'signature_delta', signature: THINKING_SIGNATURE });
    }
    emit('content_block_stop', { index });
    open = undefined;
  }

  function text(piece: string): void {
    if (piece === '') return;
    const index = open?.kind === 'text' ? open.index : start({ type: 'text', text: '' }, 'text');
    delta(index, { type: 'text_delta', text: piece });
  }

  return {
    close,
    text,
    thinking(piece: string): void {
      const index =
        open?.kind === 'thinking' ? open.index : start({ type: 'thinking', thinking: '', signature: '' }, 'thinking');
      if (piece !== '' && !omitThinking) delta(index, { type: 'thinking_delta', thinking: piece });
    },
    /** A text block stays open: the raw text of a dropped call follows its prose in one block. */
    endThinking(): void {
      if (open?.kind === 'thinking') close();
    },
    /**
     * A whole call (the core sends no other: whole-calls.ts) as one tool_use block, its input in one delta;
     * false when its arguments are no JSON object (an upstream's malformed native call): they stay visible as text.
     */
    toolUse(name: string, rawInput: string): boolean {
      const input = toolInput(rawInput);
      if (input === undefined) {
        text(brokenCallText(name, rawInput, open?.kind === 'text'));
        return false;
      }
      const index = start({ type: 'tool_use', id: toolUseId(), name, input: {} });
      delta(index, { type: 'input_json_delta', partial_json: JSON.stringify(input) });
      emit('content_block_stop', { index });
      return true;
    },
  };
}

/** `message_start`'s message: no content yet, the request's estimated input tokens. */
function startedMessage(call: Pick<MessagesCall, 'model' | 'inputTokensEstimate'>): Record<string, unknown> {
  return {
    id: messageId(),
    type: 'message',
    role: 'assistant',
    model: call.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: usageOf(undefined, call.inputTokensEstimate),
  };
}

export function createMessageStreamWriter(
  call: Pick<
    MessagesCall,
    'model' | 'stopSequences' | 'disableParallelToolUse' | 'omitThinking' | 'inputTokensEstimate'
  >,
) {
  const matcher = call.stopSequences.length > 0 ? createStopMatcher(call.stopSequences) : undefined;
  let completedCalls = 0;
  let finishReason: LanguageModelV4FinishReason | undefined;
  let usage: LanguageModelV4Usage | undefined;
  let done = false;
  let out: Uint8Array[] = [];

  const emit: Emit = (type, data) => out.push(sseEvent(type, data));
  const blocks = createContentBlocks(emit, matcher, call.omitThinking);

  function finish(reason: StopReason, stopSequence: string | null = null): void {
    blocks.close();
    emit('message_delta', {
      delta: { stop_reason: reason, stop_sequence: stopSequence },
      usage: usageOf(usage, call.inputTokensEstimate),
    });
    emit('message_stop', {});
    done = true;
  }

  function write(part: LanguageModelV4StreamPart): void {
    switch (part.type) {
      case 'text-delta': {
        if (matcher === undefined) {
          blocks.text(part.delta);
          return;
        }
        const match = matcher.push(part.delta);
        blocks.text(match.text);
        if (match.stop !== undefined) {
          finish(completedCalls > 0 ? 'tool_use' : 'stop_sequence', completedCalls > 0 ? null : match.stop);
        }
        return;
      }
      case 'text-end':
        // The text block stays open until another block starts or the message ends: the raw text of a dropped
        // call follows its prose in one block, as in the whole answer (Claude Code -p prints only the last
        // text block, so two would hide the prose).
        return;
      case 'reasoning-delta':
        blocks.thinking(part.delta);
        return;
      case 'reasoning-end':
        blocks.endThinking();
        return;
      case 'tool-call':
        if (!blocks.toolUse(part.toolName, part.input)) return;
        completedCalls++;
        if (call.disableParallelToolUse) finish('tool_use');
        return;
      case 'finish':
        finishReason = part.finishReason;
        usage = part.usage;
        finish(stopReasonOf(finishReason, completedCalls > 0));
        return;
      default:
        // stream-start, response metadata, raw chunks, sources: Messages has no place for them; the core holds
        // back the tool-input parts (whole-calls.ts) and ends the stream on an `error` part (errorEvent).
        return;
    }
  }

  function take(): Uint8Array[] {
    const frames = out;
    out = [];
    return frames;
  }

  return {
    /** `message_start`: the message with no content yet. */
    start(): Uint8Array[] {
      emit('message_start', { message: startedMessage(call) });
      return take();
    },
    /** The events for one part; none once the message is done. */
    write(part: LanguageModelV4StreamPart): Uint8Array[] {
      if (!done) write(part);
      return take();
    },
    /** A source that ended without `finish` still gets its closing events. */
    end(): Uint8Array[] {
      if (!done) finish(stopReasonOf(finishReason, completedCalls > 0));
      return take();
    },
    /** True once message_stop is written: read no more parts. */
    get done(): boolean {
      return done;
    },
  };
}
