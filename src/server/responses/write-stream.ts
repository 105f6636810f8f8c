/**
 * AI SDK V4 stream parts → the Responses API's server-sent events, each as
 * `event: <type>` + `data: {…, "sequence_number": n}`, the way OpenAI sends
 * them:
 *
 *   response.created, response.in_progress
 *   per message:   output_item.added, content_part.added, output_text.delta…,
 *                  output_text.done, content_part.done, output_item.done
 *   per thinking:  the same with a `reasoning` item, a `reasoning_text` part
 *                  and reasoning_text.delta / .done (OpenAI's events for the
 *                  raw reasoning of open models; Codex CLI and the openai SDK
 *                  read them)
 *   per call:      output_item.added, one function_call_arguments.delta,
 *                  function_call_arguments.done, output_item.done
 *   then response.completed (with usage), or response.incomplete when the
 *   model hit its token limit or a filter.
 *
 * - A text or thinking item is closed when the next item starts or the model
 *   finishes, so the one that was cut off by the token limit can be marked
 *   `incomplete`.
 * - A call is written once it is whole: the core holds back the parts that
 *   announce it (core/whole-calls.ts), so a call the model started and broke
 *   never reaches the client, whose raw text follows as a message. Calls of
 *   `custom` tools are `custom_tool_call` items with their plain-text input;
 *   a call of a tool declared in a namespace carries `namespace`
 *   (tool-routes.ts).
 * - A fault (an `error` part, a failing source) ends the stream with an
 *   `error` event and then `response.failed` carrying the error (`fail`,
 *   which the core calls: drive-writer.ts).
 */
import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { sseEvent, sseFrame } from '../../wire/sse.ts';
import {
  incompleteReason,
  itemId,
  type ResponseFrame,
  responseObject,
  setItemText,
  type TextKind,
  textItem,
  textPart,
  usageOf,
} from './response-object.ts';
import type { ToolRoutes } from './tool-routes.ts';
import type {
  CustomToolCallItem,
  FunctionCallItem,
  MessageItem,
  OutputItem,
  ReasoningItem,
  ResponseObject,
} from './wire-types.ts';
import { callItem } from './write-result.ts';

/** An open message or reasoning item, its text in the pieces it arrived in. */
interface OpenText {
  item: MessageItem | ReasoningItem;
  index: number;
  pieces: string[];
}

export interface ResponseEventWriterOptions {
  frame: ResponseFrame;
  routes: ToolRoutes;
  /** Told of the answer once it is whole (completed or incomplete), to keep it (store.ts). */
  onEnd?: (response: ResponseObject) => void;
}

/** One event as an SSE frame, numbered in the stream's order. */
type EventFrame = (type: string, fields: Record<string, unknown>) => Uint8Array;

/** Frames events with the `sequence_number` every Responses event carries, counting from 0 for one stream. */
function numberedEvents(): EventFrame {
  let sequence = 0;
  return (type, fields) => sseFrame({ type, ...fields, sequence_number: sequence++ }, type);
}

/** Appends `item` to the response's output and announces it; returns its index there. */
function addItem(event: EventFrame, output: OutputItem[], item: OutputItem, frames: Uint8Array[]): number {
  const index = output.length;
  output.push(item);
  frames.push(event('response.output_item.added', { output_index: index, item: structuredClone(item) }));
  return index;
}

/** The events that finish a text or thinking item: its whole text, its part, and the item with `status`. */
function finishTextItem(
  event: EventFrame,
  open: OpenText,
  status: 'completed' | 'incomplete',
  frames: Uint8Array[],
): void {
  const { item, index } = open;
  const whole = open.pieces.join('');
  const at = { item_id: item.id, output_index: index, content_index: 0 };
  const part = setItemText(item, whole);
  if (item.type === 'message') frames.push(event('response.output_text.done', { ...at, text: whole, logprobs: [] }));
  else frames.push(event('response.reasoning_text.done', { ...at, text: whole }));
  frames.push(event('response.content_part.done', { ...at, part }));
  item.status = status;
  frames.push(event('response.output_item.done', { output_index: index, item: structuredClone(item) }));
}

/** A whole call's input: one delta (none when it is empty), then the input's done event. */
function callInputEvents(
  event: EventFrame,
  call: FunctionCallItem | CustomToolCallItem,
  index: number,
  frames: Uint8Array[],
): void {
  const at = { item_id: call.id, output_index: index };
  if (call.type === 'custom_tool_call') {
    if (call.input !== '') frames.push(event('response.custom_tool_call_input.delta', { ...at, delta: call.input }));
    frames.push(event('response.custom_tool_call_input.done', { ...at, input: call.input }));
    return;
  }
  if (call.arguments !== '') {
    frames.push(event('response.function_call_arguments.delta', { ...at, delta: call.arguments }));
  }
  frames.push(event('response.function_call_arguments.done', { ...at, name: call.name, arguments: call.arguments }));
}

/** The response as created, then in progress: what opens every stream. */
function openingEvents(event: EventFrame, frame: ResponseFrame): Uint8Array[] {
  const response = responseObject(frame, {
    status: 'in_progress',
    output: [],
    usage: null,
    error: null,
    incomplete_details: null,
  });
  return [event('response.created', { response }), event('response.in_progress', { response })];
}

/** Stateful: `start()`, then `write(part)` for each part in order, then `end()`, or `fail(error)` on a fault. */
export function createResponseEventWriter(options: ResponseEventWriterOptions) {
  const { frame, routes } = options;
  const event = numberedEvents();
  const output: OutputItem[] = [];
  let text: OpenText | undefined;
  let finish: { reason: LanguageModelV4FinishReason; usage: LanguageModelV4Usage } | undefined;

  function openText(kind: TextKind, frames: Uint8Array[]): OpenText {
    if (text !== undefined && text.item.type === kind) return text;
    closeText(frames, 'completed');
    const item = textItem(kind, 'in_progress');
    const index = addItem(event, output, item, frames);
    const part = textPart(kind, '');
    frames.push(
      event('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part }),
    );
    text = { item, index, pieces: [] };
    return text;
  }

  function closeText(frames: Uint8Array[], status: 'completed' | 'incomplete'): void {
    if (text === undefined) return;
    finishTextItem(event, text, status, frames);
    text = undefined;
  }

  function writeText(kind: TextKind, delta: string): Uint8Array[] {
    if (delta === '') return [];
    const frames: Uint8Array[] = [];
    const open = openText(kind, frames);
    open.pieces.push(delta);
    const at = { item_id: open.item.id, output_index: open.index, content_index: 0 };
    if (kind === 'message') frames.push(event('response.output_text.delta', { ...at, delta, logprobs: [] }));
    else frames.push(event('response.reasoning_text.delta', { ...at, delta }));
    return frames;
  }

  /** A whole call (the core sends no other: whole-calls.ts): its item, its input in one delta, its item done. */
  function writeCall(part: Extract<LanguageModelV4StreamPart, { type: 'tool-call' }>): Uint8Array[] {
    const frames: Uint8Array[] = [];
    closeText(frames, 'completed');
    const done = callItem(part, routes);
    const index = addItem(
      event,
      output,
      { ...done, ...(done.type === 'function_call' ? { arguments: '' } : { input: '' }), status: 'in_progress' },
      frames,
    );
    callInputEvents(event, done, index, frames);
    output[index] = done;
    frames.push(event('response.output_item.done', { output_index: index, item: structuredClone(done) }));
    return frames;
  }

  return {
    /** The opening events: the response as created, then in progress. */
    start: (): Uint8Array[] => openingEvents(event, frame),

    write(part: LanguageModelV4StreamPart): Uint8Array[] {
      switch (part.type) {
        case 'text-delta':
          return writeText('message', part.delta);
        case 'reasoning-delta':
          return writeText('reasoning', part.delta);
        case 'tool-call':
          return writeCall(part);
        case 'finish':
          finish = { reason: part.finishReason, usage: part.usage };
          return [];
        default:
          // text-start/-end and reasoning-start/-end are implied by the deltas; sources, files, metadata have no place
          // here; the core holds back the tool-input parts (whole-calls.ts), and an `error` part ends in `fail`.
          return [];
      }
    },

    /** Closes what is open and sends the terminal event: `response.completed`, or `response.incomplete`. */
    end(): Uint8Array[] {
      const frames: Uint8Array[] = [];
      const reason = finish === undefined ? null : incompleteReason(finish.reason);
      closeText(frames, reason === null ? 'completed' : 'incomplete');
      const response = responseObject(frame, {
        status: reason === null ? 'completed' : 'incomplete',
        output,
        usage: usageOf(finish?.usage),
        error: null,
        incomplete_details: reason === null ? null : { reason },
      });
      frames.push(event(reason === null ? 'response.completed' : 'response.incomplete', { response }));
      options.onEnd?.(response);
      return frames;
    },

    /** A fault after the stream began: an `error` event, then `response.failed` with the items so far. */
    fail(error: { message: string; code: string | null; param?: string | null }): Uint8Array[] {
      const code = error.code ?? 'server_error';
      const frames = [event('error', { code, message: error.message, param: error.param ?? null })];
      // The items still open keep what came of them, marked incomplete.
      if (text !== undefined) setItemText(text.item, text.pieces.join(''));
      for (const item of output) if (item.status === 'in_progress') item.status = 'incomplete';
      const response = responseObject(frame, {
        status: 'failed',
        output,
        usage: finish === undefined ? null : usageOf(finish.usage),
        error: { code, message: error.message },
        incomplete_details: null,
      });
      frames.push(event('response.failed', { response }));
      return frames;
    },
  };
}

/**
 * A fault before the writer sent anything (the model's stream failed to
 * start after the headers went out): `error`, then a `response.failed` that
 * carries the message, which is what Codex CLI reads.
 */
export function failureBeforeStart(error: { message: string; code: string | null; param?: string | null }): string {
  const code = error.code ?? 'server_error';
  const failed = {
    id: itemId('resp'),
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'failed',
    error: { code, message: error.message },
    incomplete_details: null,
    output: [],
    usage: null,
  };
  const frames: Array<[string, Record<string, unknown>]> = [
    ['error', { type: 'error', code, message: error.message, param: error.param ?? null, sequence_number: 0 }],
    ['response.failed', { type: 'response.failed', response: failed, sequence_number: 1 }],
  ];
  return frames.map(([type, data]) => sseEvent(data, type)).join('');
}
