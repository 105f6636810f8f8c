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
 *   per call:      output_item.added, function_call_arguments.delta… (as the
 *                  parser emits them), function_call_arguments.done,
 *                  output_item.done
 *   then response.completed (with usage), or response.incomplete when the
 *   model hit its token limit or a filter.
 *
 * - A text or thinking item is closed when the next item starts or the model
 *   finishes, so the one that was cut off by the token limit can be marked
 *   `incomplete`.
 * - Calls of `custom` tools are `custom_tool_call` items; their plain-text
 *   input is decoded from the model's `{"input": …}` arguments as they stream
 *   (custom-input-stream.ts) and sent as `custom_tool_call_input.delta`s.
 * - A call the middleware announced and then dropped (its arguments broke
 *   after the name: `tool-input-end` and no `tool-call`) cannot be withdrawn:
 *   its item was announced and its arguments streamed. It is closed with
 *   `status: "incomplete"` and the arguments as far as they came, and the
 *   model's raw text for it follows as a message. A client should run only
 *   calls whose status is `completed`. The non-streamed answer agrees in
 *   substance: the raw text, and no call.
 * - A fault (an `error` part, a failing source) ends the stream with an
 *   `error` event and then `response.failed` carrying the error.
 */
import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { type CustomInputStream, createCustomInputStream } from './custom-input-stream.ts';
import { incompleteReason, itemId, type ResponseFrame, responseObject, usageOf } from './response-object.ts';
import type { MessageItem, OutputItem, ReasoningItem, ResponseObject } from './wire-types.ts';
import { customInput } from './write-response.ts';

const encoder = new TextEncoder();

/** An open message or reasoning item, its text in the pieces it arrived in. */
interface OpenText {
  item: MessageItem | ReasoningItem;
  index: number;
  pieces: string[];
}

/** An announced call, its arguments in pieces. */
interface OpenCall {
  index: number;
  pieces: string[];
  /** For a custom tool: its plain-text input, decoded from the arguments as they come. */
  custom: CustomInputStream | undefined;
  /** `tool-input-end` came: the next part says whether it completed (`tool-call`) or was dropped. */
  ended: boolean;
}

export interface ResponseEventWriterOptions {
  frame: ResponseFrame;
  customTools: Set<string>;
}

/** Stateful: `start()`, then `write(part)` for each part in order, then `end()`, or `fail(error)` on a fault. */
export function createResponseEventWriter(options: ResponseEventWriterOptions) {
  const { frame, customTools } = options;
  const output: OutputItem[] = [];
  const calls = new Map<string, OpenCall>();
  let text: OpenText | undefined;
  let sequence = 0;
  let finish: { reason: LanguageModelV4FinishReason; usage: LanguageModelV4Usage } | undefined;

  function event(type: string, fields: Record<string, unknown>): Uint8Array {
    const data = JSON.stringify({ type, ...fields, sequence_number: sequence++ });
    return encoder.encode(`event: ${type}\ndata: ${data}\n\n`);
  }

  function snapshot(state: Parameters<typeof responseObject>[1]): ResponseObject {
    return responseObject(frame, state);
  }

  function addItem(item: OutputItem, frames: Uint8Array[]): number {
    const index = output.length;
    output.push(item);
    frames.push(event('response.output_item.added', { output_index: index, item: structuredClone(item) }));
    return index;
  }

  function openText(kind: 'message' | 'reasoning', frames: Uint8Array[]): OpenText {
    if (text !== undefined && text.item.type === kind) return text;
    closeText(frames, 'completed');
    const item: MessageItem | ReasoningItem =
      kind === 'message'
        ? { type: 'message', id: itemId('msg'), status: 'in_progress', role: 'assistant', content: [] }
        : {
            type: 'reasoning',
            id: itemId('rs'),
            status: 'in_progress',
            summary: [],
            content: [],
            encrypted_content: null,
          };
    const index = addItem(item, frames);
    const part =
      kind === 'message'
        ? { type: 'output_text', text: '', annotations: [], logprobs: [] }
        : { type: 'reasoning_text', text: '' };
    frames.push(
      event('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part }),
    );
    text = { item, index, pieces: [] };
    return text;
  }

  function closeText(frames: Uint8Array[], status: 'completed' | 'incomplete'): void {
    if (text === undefined) return;
    const { item, index, pieces } = text;
    text = undefined;
    const whole = pieces.join('');
    const at = { item_id: item.id, output_index: index, content_index: 0 };
    if (item.type === 'message') {
      const part = { type: 'output_text' as const, text: whole, annotations: [], logprobs: [] };
      frames.push(event('response.output_text.done', { ...at, text: whole, logprobs: [] }));
      frames.push(event('response.content_part.done', { ...at, part }));
      item.content = [part];
    } else {
      const part = { type: 'reasoning_text' as const, text: whole };
      frames.push(event('response.reasoning_text.done', { ...at, text: whole }));
      frames.push(event('response.content_part.done', { ...at, part }));
      item.content = [part];
    }
    item.status = status;
    frames.push(event('response.output_item.done', { output_index: index, item: structuredClone(item) }));
  }

  function writeText(kind: 'message' | 'reasoning', delta: string): Uint8Array[] {
    if (delta === '') return [];
    const frames: Uint8Array[] = [];
    const open = openText(kind, frames);
    open.pieces.push(delta);
    const at = { item_id: open.item.id, output_index: open.index, content_index: 0 };
    if (kind === 'message') frames.push(event('response.output_text.delta', { ...at, delta, logprobs: [] }));
    else frames.push(event('response.reasoning_text.delta', { ...at, delta }));
    return frames;
  }

  function startCall(id: string, toolName: string, frames: Uint8Array[]): OpenCall {
    closeText(frames, 'completed');
    const custom = customTools.has(toolName) ? createCustomInputStream() : undefined;
    const item: OutputItem = custom
      ? { type: 'custom_tool_call', id: itemId('ctc'), call_id: id, name: toolName, input: '', status: 'in_progress' }
      : { type: 'function_call', id: itemId('fc'), call_id: id, name: toolName, arguments: '', status: 'in_progress' };
    const call: OpenCall = { index: addItem(item, frames), pieces: [], custom, ended: false };
    calls.set(id, call);
    return call;
  }

  /** Closes a call: with its final input when it completed, with what came when it was dropped. */
  function closeCall(id: string, call: OpenCall, frames: Uint8Array[], input: string | undefined): void {
    calls.delete(id);
    const old = output[call.index] as OutputItem & { id: string; name: string };
    const at = { item_id: old.id, output_index: call.index };
    const status = input === undefined ? 'incomplete' : 'completed';
    const args = input ?? call.pieces.join('');
    let item: OutputItem;
    if (call.custom) {
      const streamed = call.custom.decoded;
      const value = input === undefined ? streamed : customInput(input);
      // What was not streamed yet (all of it when the arguments were not written the canonical way).
      const rest = value.startsWith(streamed) ? value.slice(streamed.length) : '';
      if (rest !== '') frames.push(event('response.custom_tool_call_input.delta', { ...at, delta: rest }));
      frames.push(event('response.custom_tool_call_input.done', { ...at, input: value }));
      item = { ...(old as OutputItem & { type: 'custom_tool_call' }), input: value, status };
    } else {
      frames.push(event('response.function_call_arguments.done', { ...at, name: old.name, arguments: args }));
      item = { ...(old as OutputItem & { type: 'function_call' }), arguments: args, status };
    }
    output[call.index] = item;
    frames.push(event('response.output_item.done', { output_index: call.index, item: structuredClone(item) }));
  }

  /** Calls that ended without a `tool-call` were dropped by the parser. */
  function closeDropped(frames: Uint8Array[], except?: string): void {
    for (const [id, call] of calls) if (call.ended && id !== except) closeCall(id, call, frames, undefined);
  }

  function writeCall(part: Extract<LanguageModelV4StreamPart, { type: 'tool-call' }>): Uint8Array[] {
    const frames: Uint8Array[] = [];
    let call = calls.get(part.toolCallId);
    if (call === undefined) {
      // A model that reports whole calls: announce it and send its arguments at once.
      call = startCall(part.toolCallId, part.toolName, frames);
      if (!call.custom && part.input !== '') {
        const item = output[call.index] as OutputItem & { id: string };
        frames.push(
          event('response.function_call_arguments.delta', {
            item_id: item.id,
            output_index: call.index,
            delta: part.input,
          }),
        );
      }
    }
    closeCall(part.toolCallId, call, frames, part.input);
    return frames;
  }

  return {
    /** The opening events: the response as created, then in progress. */
    start(): Uint8Array[] {
      const response = snapshot({
        status: 'in_progress',
        output: [],
        usage: null,
        error: null,
        incomplete_details: null,
      });
      return [event('response.created', { response }), event('response.in_progress', { response })];
    },

    write(part: LanguageModelV4StreamPart): Uint8Array[] {
      const frames: Uint8Array[] = [];
      closeDropped(frames, part.type === 'tool-call' ? part.toolCallId : undefined);
      switch (part.type) {
        case 'text-delta':
          return [...frames, ...writeText('message', part.delta)];
        case 'reasoning-delta':
          return [...frames, ...writeText('reasoning', part.delta)];
        case 'tool-input-start':
          startCall(part.id, part.toolName, frames);
          return frames;
        case 'tool-input-delta': {
          const call = calls.get(part.id);
          if (call === undefined || part.delta === '') return frames;
          call.pieces.push(part.delta);
          const item = output[call.index] as OutputItem & { id: string };
          const at = { item_id: item.id, output_index: call.index };
          if (call.custom === undefined) {
            frames.push(event('response.function_call_arguments.delta', { ...at, delta: part.delta }));
          } else {
            const text = call.custom.push(part.delta);
            if (text !== '') frames.push(event('response.custom_tool_call_input.delta', { ...at, delta: text }));
          }
          return frames;
        }
        case 'tool-input-end': {
          const call = calls.get(part.id);
          if (call !== undefined) call.ended = true;
          return frames;
        }
        case 'tool-call':
          return [...frames, ...writeCall(part)];
        case 'finish':
          finish = { reason: part.finishReason, usage: part.usage };
          return frames;
        case 'error': {
          // Thrown for the front door to end the stream with `error` + `response.failed` (its httpErrorOf maps it).
          const { error } = part;
          throw error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
        }
        default:
          // text-start/-end and reasoning-start/-end are implied by the deltas; sources, files, metadata have no place here.
          return frames;
      }
    },

    /** Closes what is open and sends the terminal event: `response.completed`, or `response.incomplete`. */
    end(): Uint8Array[] {
      const frames: Uint8Array[] = [];
      const reason = finish === undefined ? null : incompleteReason(finish.reason);
      closeText(frames, reason === null ? 'completed' : 'incomplete');
      for (const [id, call] of calls) closeCall(id, call, frames, undefined);
      const response = snapshot({
        status: reason === null ? 'completed' : 'incomplete',
        output,
        usage: usageOf(finish?.usage),
        error: null,
        incomplete_details: reason === null ? null : { reason },
      });
      frames.push(event(reason === null ? 'response.completed' : 'response.incomplete', { response }));
      return frames;
    },

    /** A fault after the stream began: an `error` event, then `response.failed` with the items so far. */
    fail(error: { message: string; code: string | null; param?: string | null }): Uint8Array[] {
      const code = error.code ?? 'server_error';
      const frames = [event('error', { code, message: error.message, param: error.param ?? null })];
      // The items still open keep what came of them, marked incomplete.
      if (text !== undefined) {
        const whole = text.pieces.join('');
        text.item.content =
          text.item.type === 'message'
            ? [{ type: 'output_text', text: whole, annotations: [], logprobs: [] }]
            : [{ type: 'reasoning_text', text: whole }];
      }
      for (const call of calls.values()) {
        const item = output[call.index] as OutputItem;
        if (item.type === 'function_call') item.arguments = call.pieces.join('');
      }
      for (const item of output) if (item.status === 'in_progress') item.status = 'incomplete';
      const response = snapshot({
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
  return frames.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}
