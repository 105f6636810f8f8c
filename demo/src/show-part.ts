/**
 * The stream's parts onto the page: each part of `streamText`'s full stream
 * into the events pane and the conversation, and toolshim's error reports
 * shown beside the text they concern.
 */
import type { streamText } from 'ai';
import { type ConversationPane, type EventsPane, pretty } from './panes.ts';

/** Who raised an error: the AI SDK names its errors AI_…; the rest come from toolshim or its engines. */
export function sourceOf(error: unknown): string {
  return error instanceof Error && error.name.startsWith('AI_') ? 'AI SDK' : 'toolshim';
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : pretty(error);
}

/**
 * toolshim reports a problem while parsing, a little ahead of the parts the
 * page reads. The conversation shows it right before the text it concerns
 * (the kept text of a malformed call), or at the end of the step when it
 * concerns no text.
 */
export function createErrorQueue(conversation: ConversationPane) {
  const pending: Array<{ message: string; text: string | undefined }> = [];
  const queue = {
    /** The last onError message, the reason given when a started call is marked aborted. */
    last: undefined as string | undefined,
    get waiting() {
      return pending.length > 0;
    },
    add(message: string, text: string | undefined) {
      queue.last = message;
      pending.push({ message, text });
    },
    /** Shows the reports that concern `beforeText` (all of them without it). */
    show(beforeText?: string) {
      for (let i = 0; i < pending.length; i++) {
        const error = pending[i] as { message: string; text: string | undefined };
        const concerns = beforeText === undefined || error.text?.startsWith(beforeText.slice(0, 40)) === true;
        if (!concerns) continue;
        conversation.error(error.message);
        pending.splice(i--, 1);
      }
    },
  };
  return queue;
}

type StreamPart = ReturnType<typeof streamText>['fullStream'] extends AsyncIterable<infer P> ? P : never;

interface Panes {
  events: EventsPane;
  conversation: ConversationPane;
  errors: ReturnType<typeof createErrorQueue>;
}

/** One part of the stream onto the page: the events pane and the conversation. Returns true for an error part. */
export function showPart(part: StreamPart, { events, conversation, errors }: Panes): boolean {
  switch (part.type) {
    case 'start-step':
      events.add('start-step', 'model request');
      break;
    case 'text-delta':
      if (errors.waiting) errors.show(part.text);
      events.textDelta(part.id, part.text);
      conversation.appendText(part.text);
      break;
    case 'text-end':
      conversation.endText();
      break;
    case 'reasoning-delta':
      conversation.appendThinking(part.text);
      events.reasoningDelta(part.id, part.text);
      break;
    case 'reasoning-end':
      conversation.endThinking();
      events.reasoningEnd(part.id);
      break;
    case 'tool-input-start':
      events.toolInputStart(part.id, part.toolName);
      break;
    case 'tool-input-delta':
      events.toolInputDelta(part.id, part.delta);
      break;
    case 'tool-input-end':
      events.add('tool-input-end', part.id.slice(0, 12));
      break;
    case 'tool-call':
      events.toolCallDone(part.toolCallId);
      events.add('tool-call', part.toolName, pretty(part.input));
      conversation.toolCall(part.toolCallId, part.toolName, part.input);
      break;
    case 'tool-result':
      events.add('tool-result', `${part.toolName} (ran in the browser)`, pretty(part.output));
      conversation.toolResult(part.toolCallId, part.output);
      break;
    case 'tool-error':
      events.add('error', `${part.toolName} failed: ${describeError(part.error)}`);
      conversation.toolResult(part.toolCallId, describeError(part.error), true);
      break;
    case 'finish-step':
      events.markAborted(errors.last);
      errors.show();
      events.add('finish-step', part.finishReason);
      break;
    case 'finish':
      events.add('finish', `${part.finishReason} · ${part.totalUsage.outputTokens ?? '?'} output tokens`);
      break;
    case 'error':
      // toolshim's report of the same step (e.g. that no call came under a forced choice) first: it says why.
      errors.show();
      events.add('error', describeError(part.error));
      conversation.error(describeError(part.error), sourceOf(part.error));
      return true;
    case 'abort':
      events.add('abort', 'stopped by the user');
      break;
  }
  return false;
}
