/**
 * Turns parser events into AI SDK stream parts. Generate and stream both go
 * through it, so their text blocks and calls come out the same.
 *
 * Text blocks are opened lazily and closed before each tool call, so the SDK
 * sees [text, tool-call, text] in order. Whitespace around calls (the newline
 * after `</tool_call>`, the blank line before the next call) opens no block of
 * its own, and the whitespace between a call and the prose after it is
 * dropped. Any other whitespace, like the indentation an answer starts with,
 * is kept.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ParserCallbacks } from '../parse/engine/events.ts';
import type { OnToolshimError } from '../types.ts';
import { generateToolCallId } from '../util/id.ts';
import { type CoalesceToolInputOptions, createDeltaCoalescer } from './delta-coalescer.ts';

export interface PartWriter {
  callbacks: ParserCallbacks;
  /**
   * Closes an open text or reasoning block. `beforeCall`: a call part comes
   * next that no parser event announced (dropped-calls.ts's invalid call), so
   * the whitespace after it separates, as after any call.
   */
  closeText(beforeCall?: boolean): void;
}

export function createPartWriter(
  enqueue: (part: LanguageModelV4StreamPart) => void,
  onError: OnToolshimError,
  onCallSegment?: (raw: string) => void,
  coalescing?: Required<CoalesceToolInputOptions>,
): PartWriter {
  let textId: string | undefined;
  let reasoningId: string | undefined;
  let pendingSpace = '';
  /** A call came since the last text block: leading whitespace only separates the two. */
  let afterCall = false;
  const sendDelta = (id: string, delta: string) => enqueue({ type: 'tool-input-delta', id, delta });
  const coalescer = coalescing ? createDeltaCoalescer(coalescing, sendDelta) : undefined;

  function closeReasoning(): void {
    if (reasoningId !== undefined) enqueue({ type: 'reasoning-end', id: reasoningId });
    reasoningId = undefined;
  }

  function closeText(): void {
    if (textId !== undefined) enqueue({ type: 'text-end', id: textId });
    textId = undefined;
    pendingSpace = '';
    closeReasoning();
  }

  function newId(prefix: string): string {
    return generateToolCallId().replace('call_', prefix);
  }

  const callbacks: ParserCallbacks = {
    onText(text) {
      // A text block and a reasoning block are never open together.
      if (textId === undefined) {
        if (text.trim() === '') {
          pendingSpace += text;
          return;
        }
        closeReasoning();
        const opening = afterCall ? (pendingSpace + text).trimStart() : pendingSpace + text;
        pendingSpace = '';
        afterCall = false;
        textId = newId('txt_');
        enqueue({ type: 'text-start', id: textId });
        enqueue({ type: 'text-delta', id: textId, delta: opening });
        return;
      }
      enqueue({ type: 'text-delta', id: textId, delta: text });
    },
    onReasoning(text) {
      if (text === '') return;
      if (reasoningId === undefined) {
        closeText();
        reasoningId = newId('rsn_');
        enqueue({ type: 'reasoning-start', id: reasoningId });
      }
      enqueue({ type: 'reasoning-delta', id: reasoningId, delta: text });
    },
    onReasoningEnd() {
      closeReasoning();
      // The answer after thinking starts fresh: the blank lines after `</think>` are layout.
      afterCall = true;
    },
    onToolCallStart({ id, toolName }) {
      closeText();
      afterCall = true;
      enqueue({ type: 'tool-input-start', id, toolName });
    },
    onToolCallDelta({ id, delta }) {
      if (coalescer) coalescer.push(id, delta);
      else sendDelta(id, delta);
    },
    onToolCallEnd({ id, toolName, input }) {
      coalescer?.flush();
      enqueue({ type: 'tool-input-end', id });
      enqueue({ type: 'tool-call', toolCallId: id, toolName, input });
    },
    onToolCallAbort({ id }) {
      // The SDK has no "cancelled input" part; closing the input lets UIs stop showing it as pending.
      coalescer?.flush();
      enqueue({ type: 'tool-input-end', id });
    },
    onError,
    ...(onCallSegment ? { onCallSegment } : {}),
  };

  return {
    callbacks,
    closeText(beforeCall) {
      closeText();
      if (beforeCall) afterCall = true;
    },
  };
}
