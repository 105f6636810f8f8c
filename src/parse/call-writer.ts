/**
 * One tool call for formats that name the tool before its arguments
 * (`[TOOL_CALLS]name[ARGS]{…}`, `call:name{…}`, `functions.name:0…`,
 * `<invoke name="…">`): announce it once the name is read, stream its
 * arguments through an ArgsStreamer, end it with the joined deltas.
 *
 * Also keeps the raw text of the block, so a call that proves malformed can
 * be given back verbatim (nothing lost).
 */
import type { ParserCallbacks, ParserContext } from '../protocols/protocol.ts';
import type { ToolshimErrorCode } from '../types.ts';
import { type ArgsStreamer, createArgsStreamer } from './args-streamer.ts';

export interface CallWriter {
  /**
   * Announces a call. With `declaredOnly`, a name that is not a declared tool
   * is refused (returns false) and nothing is emitted: the text is then prose.
   */
  start(name: string, declaredOnly?: boolean): boolean;
  /** The arguments sink of the open call. */
  readonly args: ArgsStreamer;
  /** Ends the open call; `{}` when no arguments were written. */
  finish(): void;
  /** Whether a call is open. */
  readonly open: boolean;
  /** Calls finished since the block began. */
  readonly finished: number;
  /** Records raw text of the current block. */
  raw(text: string): void;
  /** Gives the raw text back as prose, aborting an open call; reports `reason` unless it is undefined. */
  giveBack(reason: string | undefined, code?: ToolshimErrorCode): void;
  /** Forgets the raw text so far (the calls in it are final). */
  commit(): void;
}

export function createCallWriter(context: ParserContext, callbacks: ParserCallbacks): CallWriter {
  let id: string | undefined;
  let toolName = '';
  let parts: string[] = [];
  let streamer: ArgsStreamer | undefined;
  let finished = 0;
  let rawParts: string[] = [];

  function emit(delta: string): void {
    if (id === undefined || delta === '') return;
    parts.push(delta);
    callbacks.onToolCallDelta({ id, delta });
  }

  function unsafeKey(key: string): void {
    callbacks.onError(`Dropped the argument key "${key}": it could reach an object prototype.`, {
      code: 'unsafe-key',
      toolName,
    });
  }

  return {
    start(name, declaredOnly = false) {
      const known = context.tools.has(name);
      if (!known && declaredOnly) return false;
      toolName = name;
      id = context.generateId();
      parts = [];
      if (!known) {
        callbacks.onError(`The model called "${name}", which is not a declared tool.`, {
          code: 'unknown-tool',
          toolName: name,
        });
      }
      callbacks.onToolCallStart({ id, toolName: name });
      streamer = createArgsStreamer(context.tools.get(name)?.inputSchema, emit, unsafeKey);
      return true;
    },
    get args() {
      if (streamer === undefined) throw new Error('toolshim: no open call to write arguments to.');
      return streamer;
    },
    finish() {
      if (id === undefined) return;
      if (parts.length === 0) emit('{}');
      callbacks.onToolCallEnd({ id, toolName, input: parts.join('') });
      id = undefined;
      streamer = undefined;
      finished++;
    },
    get open() {
      return id !== undefined;
    },
    get finished() {
      return finished;
    },
    raw(text) {
      if (text !== '') rawParts.push(text);
    },
    giveBack(reason, code = 'malformed-tool-call') {
      if (id !== undefined) callbacks.onToolCallAbort({ id });
      id = undefined;
      streamer = undefined;
      const text = rawParts.join('');
      rawParts = [];
      if (text !== '') callbacks.onText(text);
      if (reason !== undefined) callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
    },
    commit() {
      if (callbacks.onCallSegment !== undefined && rawParts.length > 0) callbacks.onCallSegment(rawParts.join(''));
      rawParts = [];
    },
  };
}
