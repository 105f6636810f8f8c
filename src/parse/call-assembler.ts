/**
 * Reads tool calls out of reader events: `{"name": …, "arguments": …}` or an
 * array of those.
 *
 * The call is announced (onToolCallStart) the moment its name is complete, and
 * its arguments stream through an ArgsStreamer. When "arguments" come before
 * "name" the schema is not yet known, so they are built whole and emitted
 * once the name arrives.
 */
import { coerceToolInput } from '../coerce/coerce.ts';
import { unwrapSchema } from '../coerce/schema.ts';
import type { ParserCallbacks, ParserContext } from '../protocols/protocol.ts';
import { type ArgsStreamer, createArgsStreamer } from './args-streamer.ts';
import type { JsonSink } from './json-sink.ts';
import { createValueBuilder, type ValueBuilder } from './json-value.ts';
import { createTextParts, type TextParts } from './text-parts.ts';

const ARGUMENT_KEYS = new Set(['arguments', 'parameters', 'args', 'input']);

export interface CallAssembler extends JsonSink {
  /** Why the JSON is not a tool call, once that is known. */
  readonly failure: string | undefined;
  /** Calls completed so far in this body. */
  readonly completed: number;
  /** The id of a call that was announced but has not ended. */
  readonly openCallId: string | undefined;
}

export interface CallAssemblerOptions {
  context: ParserContext;
  callbacks: ParserCallbacks;
  /**
   * For a forced single tool: an object whose keys are not name/arguments is
   * taken as that tool's arguments (small models often drop the wrapper).
   */
  defaultToolName?: string | undefined;
}

// Where the events of the current position go:
/** Between calls, at the top-level array. */
const ROUTE_TOP = 0;
/** Directly inside a call object, reading keys. */
const ROUTE_CALL_KEYS = 1;
/** The value of "name". */
const ROUTE_NAME = 2;
/** The value of the arguments key. */
const ROUTE_ARGUMENTS = 3;
/** A value we do not use ("id", "type", …). */
const ROUTE_SKIP = 4;
type Route = typeof ROUTE_TOP | typeof ROUTE_CALL_KEYS | typeof ROUTE_NAME | typeof ROUTE_ARGUMENTS | typeof ROUTE_SKIP;

export function createCallAssembler({ context, callbacks, defaultToolName }: CallAssemblerOptions): CallAssembler {
  let failure: string | undefined;
  let completed = 0;
  /** Nesting of containers; the call object sits at `callDepth`. */
  let depth = 0;
  let callDepth = -1;
  let route: Route = ROUTE_TOP;
  let routeDepth = 0;

  // The call being read.
  let id: string | undefined;
  let toolName: string | undefined;
  let nameParts: string[] = [];
  let started = false;
  let sawArguments = false;
  let sawKey = false;
  let streamer: ArgsStreamer | undefined;
  /** Forced-tool mode: the call object itself is the arguments. */
  let implicitArgs = false;
  let early: ValueBuilder | undefined;
  let inputParts: TextParts = createTextParts();

  function fail(reason: string): void {
    if (failure === undefined) failure = reason;
  }

  function report(message: string, code: 'unsafe-key' | 'unknown-tool'): void {
    callbacks.onError(message, { code, toolName });
  }

  function emitDelta(delta: string): void {
    if (id === undefined || delta === '') return;
    inputParts.push(delta);
    callbacks.onToolCallDelta({ id, delta });
  }

  function schemaOf(name: string): unknown {
    return context.tools.get(name)?.inputSchema;
  }

  /** Whether the forced tool's own schema has a property called "name". */
  function forcedToolHasNameProperty(): boolean {
    const schema = unwrapSchema(schemaOf(defaultToolName as string));
    const properties = schema?.properties;
    return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, 'name');
  }

  function start(name: string): void {
    toolName = name;
    id = context.generateId();
    started = true;
    if (!context.tools.has(name)) {
      report(`The model called "${name}", which is not a declared tool.`, 'unknown-tool');
    }
    callbacks.onToolCallStart({ id, toolName: name });
  }

  function resetCall(): void {
    id = undefined;
    toolName = undefined;
    nameParts = [];
    started = false;
    sawArguments = false;
    sawKey = false;
    streamer = undefined;
    implicitArgs = false;
    early = undefined;
    inputParts = createTextParts();
  }

  /** Forced-tool mode: treat the call object as the arguments, starting with `key`. */
  function beginImplicitArguments(key: string): void {
    const name = defaultToolName as string;
    start(name);
    sawArguments = true;
    implicitArgs = true;
    streamer = createArgsStreamer(schemaOf(name), emitDelta, unsafeKey);
    streamer.beginObject();
    streamer.key(key);
    route = ROUTE_ARGUMENTS;
    routeDepth = depth + 1;
  }

  function unsafeKey(key: string): void {
    report(`Dropped the argument key "${key}": it could reach an object prototype.`, 'unsafe-key');
  }

  function beginArguments(): JsonSink {
    sawArguments = true;
    if (started && toolName !== undefined) {
      streamer = createArgsStreamer(schemaOf(toolName), emitDelta, unsafeKey);
      return streamer;
    }
    early = createValueBuilder(unsafeKey);
    return early;
  }

  function endCall(): void {
    if (!started) {
      if (toolName === undefined) {
        fail('the JSON has no "name" for the tool');
        return;
      }
      start(toolName);
    }
    const name = toolName as string;
    if (early !== undefined) emitDelta(JSON.stringify(coerceToolInput(early.value, schemaOf(name))));
    else if (!sawArguments) emitDelta('{}');
    callbacks.onToolCallEnd({ id: id as string, toolName: name, input: inputParts.join() });
    completed++;
    resetCall();
  }

  /** The sink for a value that sits under the arguments key. */
  function argumentSink(): JsonSink | undefined {
    return streamer ?? early;
  }

  function onOpen(kind: 'object' | 'array'): void {
    if (failure !== undefined) return;
    depth++;
    switch (route) {
      case ROUTE_TOP:
        if (kind === 'array' && depth === 1 && callDepth === -1) return; // an array of calls
        if (kind === 'object') {
          callDepth = depth;
          route = ROUTE_CALL_KEYS;
          return;
        }
        fail('expected a tool-call object');
        return;
      case ROUTE_CALL_KEYS:
        return; // cannot happen: keys come first
      case ROUTE_NAME:
        fail('the tool name is not a string');
        return;
      case ROUTE_ARGUMENTS:
        if (depth === routeDepth) {
          const sink = streamer === undefined && early === undefined ? beginArguments() : argumentSink();
          if (kind === 'object') sink?.beginObject();
          else sink?.beginArray();
          return;
        }
        if (kind === 'object') argumentSink()?.beginObject();
        else argumentSink()?.beginArray();
        return;
      case ROUTE_SKIP:
        return;
    }
  }

  function onClose(kind: 'object' | 'array'): void {
    if (failure !== undefined) return;
    if (route === ROUTE_ARGUMENTS) {
      if (kind === 'object') argumentSink()?.endObject();
      else argumentSink()?.endArray();
      depth--;
      if (depth < routeDepth) route = ROUTE_CALL_KEYS;
      return;
    }
    if (route === ROUTE_SKIP) {
      depth--;
      if (depth < routeDepth) route = ROUTE_CALL_KEYS;
      return;
    }
    if (route === ROUTE_CALL_KEYS && depth === callDepth) {
      if (defaultToolName !== undefined && !sawKey) {
        // `{}` under a forced tool: a call with no arguments.
        toolName = defaultToolName;
      } else if (implicitArgs) {
        streamer?.endObject();
      }
      depth--;
      endCall();
      route = ROUTE_TOP;
      callDepth = -1;
      return;
    }
    depth--;
  }

  return {
    beginObject: () => onOpen('object'),
    beginArray: () => onOpen('array'),
    endObject: () => onClose('object'),
    endArray: () => onClose('array'),
    key(name) {
      if (failure !== undefined) return;
      if (route === ROUTE_ARGUMENTS) {
        argumentSink()?.key(name);
        return;
      }
      if (route !== ROUTE_CALL_KEYS || depth !== callDepth) return;
      const firstKey = !sawKey;
      sawKey = true;
      if (implicitArgs) {
        streamer?.key(name);
        route = ROUTE_ARGUMENTS;
        routeDepth = depth + 1;
        return;
      }
      if (name === 'name' && !started) {
        route = ROUTE_NAME;
        nameParts = [];
        return;
      }
      if (ARGUMENT_KEYS.has(name) && !sawArguments) {
        route = ROUTE_ARGUMENTS;
        routeDepth = depth + 1;
        return;
      }
      if (defaultToolName !== undefined && firstKey) {
        beginImplicitArguments(name);
        return;
      }
      route = ROUTE_SKIP;
      routeDepth = depth + 1;
    },
    beginString() {
      if (failure !== undefined) return;
      if (route === ROUTE_TOP) fail('expected a tool-call object');
      else if (route === ROUTE_ARGUMENTS) {
        if (streamer === undefined && early === undefined) beginArguments();
        argumentSink()?.beginString();
      }
    },
    stringChunk(text) {
      if (failure !== undefined) return;
      if (route === ROUTE_NAME) nameParts.push(text);
      else if (route === ROUTE_ARGUMENTS) argumentSink()?.stringChunk(text);
    },
    endString() {
      if (failure !== undefined) return;
      if (route === ROUTE_NAME) {
        route = ROUTE_CALL_KEYS;
        const name = nameParts.join('').trim();
        if (defaultToolName !== undefined && !context.tools.has(name) && !sawArguments && forcedToolHasNameProperty()) {
          // Forced tool whose own arguments have a "name" field: {"name": "Bob", "age": 3}.
          beginImplicitArguments('name');
          streamer?.beginString();
          streamer?.stringChunk(nameParts.join(''));
          streamer?.endString();
          route = ROUTE_CALL_KEYS;
          return;
        }
        if (name === '') fail('the tool name is empty');
        else if (sawArguments)
          toolName = name; // arguments already built; announce at the end
        else start(name);
        return;
      }
      if (route === ROUTE_ARGUMENTS) {
        argumentSink()?.endString();
        if (depth < routeDepth) route = ROUTE_CALL_KEYS;
        return;
      }
      if (route === ROUTE_SKIP && depth < routeDepth) route = ROUTE_CALL_KEYS;
    },
    scalar(value) {
      if (failure !== undefined) return;
      switch (route) {
        case ROUTE_TOP:
          fail('expected a tool-call object');
          return;
        case ROUTE_NAME:
          fail('the tool name is not a string');
          return;
        case ROUTE_ARGUMENTS:
          if (streamer === undefined && early === undefined) beginArguments();
          argumentSink()?.scalar(value);
          if (depth < routeDepth) route = ROUTE_CALL_KEYS;
          return;
        case ROUTE_SKIP:
          if (depth < routeDepth) route = ROUTE_CALL_KEYS;
          return;
      }
    },
    get failure() {
      return failure;
    },
    get completed() {
      return completed;
    },
    get openCallId() {
      return started ? id : undefined;
    },
  };
}
