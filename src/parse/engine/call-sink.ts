/**
 * The one place a tool call is announced, streamed, ended or aborted. Every
 * section reads its format and hands what it found here: the name (checked
 * and resolved once, for every format), then the arguments as JSON events,
 * which the ArgsStreamer turns into canonical, schema-coerced deltas.
 *
 * The deltas of a call, joined, are its final `input`; they are kept as
 * pieces (slices of the model's chunks where nothing needed escaping) and
 * joined once at the end.
 */
import type { ToolshimErrorCode } from '../../types.ts';
import { type ArgsStreamer, createArgsStreamer } from './args-streamer.ts';
import type { ParserCallbacks, ParserContext } from './events.ts';
import { createTextParts, type TextParts } from './text-parts.ts';

export interface CallSink {
  /**
   * Announces a call. Returns false, emitting nothing, when `rawName` is not a
   * tool name at all (`{{ tc.name }}`, `example`, prose), or, with
   * `declaredOnly`, not a declared tool: the caller then treats its text as prose.
   */
  start(rawName: string, declaredOnly?: boolean): boolean;
  /** The arguments of the open call, as JSON events. */
  readonly args: ArgsStreamer;
  /**
   * Ends the open call; its input is `{}` when no arguments were written.
   * False when the arguments were no JSON object (`"arguments": "search for
   * cats"`, a list): a tool input is always an object, so the call is
   * aborted instead and the caller gives its text back.
   */
  end(): boolean;
  /** The open call proved malformed: tells the consumer it will not complete. */
  abort(): void;
  readonly open: boolean;
  /** The open call's tool name ('' when none is open). */
  readonly toolName: string;
  /** Calls ended by this sink so far. */
  readonly ended: number;
}

/** A name a model could mean as a tool: identifier-like, at most 128 characters. */
const TOOL_NAME = /^[A-Za-z_][\w.:/-]{0,127}$/;

/**
 * The names that chat templates and tool prompts write where a tool's name
 * goes, in the example call they show: `example_function_name`
 * (Qwen3-Coder), `tool-name-1` (MiniMax-M2), `tool_call_name` (DeepSeek
 * V3.1), `func_name1` (xLAM), `function_name` (toolshim's own prompts).
 * A model that quotes the example back wrote no call, so, unless the tool is
 * declared, such a name is no tool name and its block stays text (a
 * template placeholder quoted in prose, as
 * https://github.com/QwenLM/Qwen3-Coder/issues/475 shows one).
 */
const PLACEHOLDER = /^(?:example[_-]?)?(?:function|func|tool)(?:[_-]?call)?[_-]?name(?:[_-]?\d+)?$/i;

/**
 * The known name `raw` means, tolerating what models add around a name:
 * blanks, quotes (`"get_weather"`), blanks for underscores (`get weather`).
 * Undefined when it means no known name.
 */
export function knownName(raw: string, known: (name: string) => boolean): string | undefined {
  let name = raw.trim();
  const q = name.charAt(0);
  if (name.length >= 2 && (q === '"' || q === "'") && name.endsWith(q)) name = name.slice(1, -1).trim();
  if (known(name)) return name;
  const underscored = name.replace(/\s+/g, '_');
  return known(underscored) ? underscored : undefined;
}

/** The declared tool `raw` names, or undefined. */
export function declaredName(raw: string, tools: ParserContext['tools']): string | undefined {
  return knownName(raw, (name) => tools.has(name));
}

/**
 * The name to call: a declared tool, or an identifier-like unknown name that
 * is no template placeholder; undefined when it is no name.
 */
export function callableName(raw: string, tools: ParserContext['tools']): string | undefined {
  const declared = declaredName(raw, tools);
  if (declared !== undefined) return declared;
  const name = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
  return TOOL_NAME.test(name) && !PLACEHOLDER.test(name) ? name : undefined;
}

/**
 * `typedValues`: the section reads a format whose values are typed (JSON,
 * Python literals, Gemma's `<escape>` strings), so a string the model wrote
 * keeps its type where the schema asks for none.
 */
export function createCallSink(context: ParserContext, callbacks: ParserCallbacks, typedValues = false): CallSink {
  let id: string | undefined;
  let toolName = '';
  let input: TextParts | undefined;
  let streamer: ArgsStreamer | undefined;
  let ended = 0;
  let deltas = 0;

  function emit(delta: string): void {
    if (id === undefined || delta === '') return;
    input?.push(delta);
    deltas++;
    callbacks.onToolCallDelta({ id, delta });
  }

  function report(message: string, code: ToolshimErrorCode): void {
    callbacks.onError(message, { code, toolName });
  }

  function abort(): void {
    if (id !== undefined) callbacks.onToolCallAbort({ id });
    id = undefined;
    input = undefined;
    streamer = undefined;
    toolName = '';
  }

  return {
    start(rawName, declaredOnly = false) {
      if (context.noCalls) return false;
      const name = declaredOnly ? declaredName(rawName, context.tools) : callableName(rawName, context.tools);
      if (name === undefined) return false;
      toolName = name;
      id = context.generateId();
      input = createTextParts();
      deltas = 0;
      if (!context.tools.has(name)) {
        report(`The model called "${name}", which is not a declared tool.`, 'unknown-tool');
      }
      callbacks.onToolCallStart({ id, toolName: name });
      streamer = createArgsStreamer(context.tools.get(name)?.inputSchema, emit, report, typedValues);
      return true;
    },
    get args() {
      if (streamer === undefined) throw new Error('toolshim: no open call to write arguments to.');
      return streamer;
    },
    end() {
      if (id === undefined || input === undefined) return false;
      if (deltas === 0) emit('{}');
      const text = input.join();
      if (text.charAt(0) !== '{') {
        abort();
        return false;
      }
      callbacks.onToolCallEnd({ id, toolName, input: text });
      id = undefined;
      input = undefined;
      streamer = undefined;
      toolName = '';
      ended++;
      return true;
    },
    abort,
    get open() {
      return id !== undefined;
    },
    get toolName() {
      return toolName;
    },
    get ended() {
      return ended;
    },
  };
}
