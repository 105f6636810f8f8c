/**
 * Reads tool calls written as JSON objects, from the JSON reader's events,
 * into the call sink:
 *   {"name": "get_weather", "arguments": {"city": "Paris"}}     (Hermes, Qwen, Granite, xLAM, …)
 *   {"name": …, "parameters": …}                                 (Llama 3.x; also "args", "input")
 *   {"type": "function", "function": {"name": …, "arguments": "{…}"}}   (the OpenAI wire shape)
 *   {"tool_call_id": "0", "tool_name": …, "parameters": …}      (Cohere Command R7B / A)
 * or an array of those. The call is announced the moment its name is
 * complete and its arguments stream through; arguments written before the
 * name are built whole and replayed once the name arrives.
 */
import { unwrapSchema } from '../coerce/schema.ts';
import type { JsonSink } from '../json/json-sink.ts';
import { createValueBuilder, replayValue, type ValueBuilder } from '../json/json-value.ts';
import { type CallSink, declaredName } from './call-sink.ts';
import type { ParserContext } from './events.ts';

const ARGUMENT_KEYS = new Set(['arguments', 'parameters', 'args', 'input']);
/** The tool's name: `name`, or Cohere's `tool_name` (`{"tool_call_id": "0", "tool_name": …, "parameters": …}`). */
const NAME_KEYS = new Set(['name', 'tool_name']);
/** Keys a call object may have; with `declaredOnly`, any other key proves the JSON is data. */
const CALL_KEYS = new Set([...ARGUMENT_KEYS, ...NAME_KEYS, 'type', 'id', 'tool_call_id', 'function']);

export interface CallObjectOptions {
  context: ParserContext;
  sink: CallSink;
  /**
   * The JSON is ordinary text (a bare `{` or `[` opening the answer): it only
   * counts when its first call names a declared tool and has an arguments
   * key, and anything else marks it `rejected` (prose, not an error).
   */
  declaredOnly?: boolean;
  /**
   * For a forced single tool: an object whose keys are not name/arguments is
   * taken as that tool's arguments (small models often drop the wrapper).
   */
  defaultToolName?: string | undefined;
  /**
   * A key whose value is the list of calls when it opens the JSON: xLAM v1
   * writes `{"tool_calls": [{"name": …, "arguments": …}]}`.
   */
  wrapperKey?: string | undefined;
  /** Runs when a call is announced. */
  onCallStart?: () => void;
  /** Runs right after each call ends (the reader's `index` is then at its closing bracket). */
  onCallEnd?: () => void;
}

export interface CallObjectReader extends JsonSink {
  /** Why the JSON is not a tool call, once that is known. */
  readonly failure: string | undefined;
  /** The JSON is data, not a call (only with `declaredOnly`). */
  readonly rejected: boolean;
  /** Calls ended so far. */
  readonly completed: number;
}

// Where the events at the current position go:
const TOP = 0; // outside a call: the value itself, or the list of calls
const KEYS = 1; // directly inside the call object
const NAME = 2; // the value of "name"
const ARGS = 3; // the value of the arguments key
const SKIP = 4; // a value we do not use ("id", "type", …)
const FUNCTION = 5; // the value of "function": the wrapped call object (or its name)

export function createCallObjectReader(options: CallObjectOptions): CallObjectReader {
  const { context, sink, defaultToolName } = options;
  let undecided = options.declaredOnly === true;
  let failure: string | undefined;
  let rejected = false;
  let completed = 0;
  let depth = 0;
  /** Depth of the object whose keys are read, and of the outermost call object. */
  let callDepth = -1;
  let outerDepth = -1;
  let route = TOP;
  let routeDepth = 0;
  /** 1 inside a `{"tool_calls": …}` wrapper (its list of calls is one level deeper), else 0. */
  let wrapperDepth = 0;

  // The call being read.
  let name: string | undefined;
  let nameParts: string[] = [];
  let sawArgs = false;
  let sawKey = false;
  /** Forced-tool mode: the call object itself is the arguments. */
  let implicitArgs = false;
  let early: ValueBuilder | undefined;

  const stopped = () => failure !== undefined || rejected;

  function fail(reason: string): void {
    if (undecided) rejected = true;
    else if (failure === undefined) failure = reason;
  }

  function schemaOf(tool: string): unknown {
    return context.tools.get(tool)?.inputSchema;
  }

  /** Opens the call in the sink; false (and a failure) when the name is no tool name. */
  function start(tool: string): boolean {
    if (sink.start(tool, undecided)) {
      undecided = false;
      options.onCallStart?.();
      if (early !== undefined) {
        replayValue(sink.args, early.value);
        early = undefined;
      }
      return true;
    }
    fail(`"${tool.slice(0, 40)}" is not a tool name`);
    return false;
  }

  function resetCall(): void {
    name = undefined;
    nameParts = [];
    sawArgs = false;
    sawKey = false;
    implicitArgs = false;
    early = undefined;
  }

  function endCall(): void {
    if (!sink.open) {
      if (name === undefined && defaultToolName !== undefined && !sawKey) name = defaultToolName;
      if (name === undefined) {
        fail('the JSON has no "name" for the tool');
        return;
      }
      // With `declaredOnly`, `{"name": "get_weather"}` without arguments is data, not a call.
      if (undecided && !sawArgs) {
        fail('no arguments');
        return;
      }
      if (!start(name)) return;
    }
    if (implicitArgs) sink.args.endObject();
    if (!sink.end()) {
      fail('the arguments are not a JSON object');
      return;
    }
    completed++;
    resetCall();
    options.onCallEnd?.();
  }

  /** The sink for the arguments value, once it begins. */
  function argsSink(): JsonSink {
    if (sink.open) return sink.args;
    if (name !== undefined && start(name)) return sink.args;
    early ??= createValueBuilder();
    return early;
  }

  /** Forced tool: the call object is the arguments, starting with `key`. */
  function beginImplicitArguments(key: string): void {
    if (!start(defaultToolName as string)) return;
    sawArgs = true;
    implicitArgs = true;
    sink.args.beginObject();
    sink.args.key(key);
    route = ARGS;
    routeDepth = depth + 1;
  }

  /** Whether the forced tool's own schema has a property called "name". */
  function forcedToolHasNameProperty(): boolean {
    const properties = unwrapSchema(schemaOf(defaultToolName as string))?.properties;
    return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, 'name');
  }

  function onOpen(kind: 'object' | 'array'): void {
    if (stopped()) return;
    depth++;
    switch (route) {
      case TOP:
        if (kind === 'array' && depth === wrapperDepth + 1) return; // a list of calls
        if (kind === 'object') {
          callDepth = outerDepth = depth;
          route = KEYS;
          return;
        }
        fail('expected a tool-call object');
        return;
      case NAME:
        fail('the tool name is not a string');
        return;
      case FUNCTION:
        if (kind === 'object') {
          callDepth = depth; // the OpenAI shape: the call sits one level down
          route = KEYS;
        } else route = SKIP;
        return;
      case ARGS: {
        const target = depth === routeDepth ? argsSink() : sink.open ? sink.args : early;
        if (kind === 'object') target?.beginObject();
        else target?.beginArray();
        return;
      }
    }
  }

  function onClose(kind: 'object' | 'array'): void {
    if (stopped()) return;
    if (route === ARGS || route === SKIP) {
      if (route === ARGS) {
        const target = sink.open ? sink.args : early;
        if (kind === 'object') target?.endObject();
        else target?.endArray();
      }
      depth--;
      if (depth < routeDepth) route = KEYS;
      return;
    }
    if (route === KEYS && depth === callDepth) {
      depth--;
      if (callDepth > outerDepth) {
        callDepth = outerDepth; // back in the wrapper: "type", "id" may follow
        return;
      }
      endCall();
      route = TOP;
      callDepth = outerDepth = -1;
      return;
    }
    depth--;
  }

  function valueEnded(): void {
    if (depth < routeDepth) route = KEYS;
  }

  return {
    beginObject: () => onOpen('object'),
    beginArray: () => onOpen('array'),
    endObject: () => onClose('object'),
    endArray: () => onClose('array'),
    key(key) {
      if (stopped()) return;
      if (route === ARGS) {
        (sink.open ? sink.args : early)?.key(key);
        return;
      }
      if (route !== KEYS || depth !== callDepth) return;
      if (key === options.wrapperKey && depth === 1 && !sawKey && wrapperDepth === 0) {
        // The wrapper object: its value holds the calls, read as at the top.
        wrapperDepth = 1;
        route = TOP;
        callDepth = outerDepth = -1;
        return;
      }
      const firstKey = !sawKey;
      sawKey = true;
      routeDepth = depth + 1;
      if (implicitArgs) {
        sink.args.key(key);
        route = ARGS;
      } else if (NAME_KEYS.has(key) && name === undefined && !sink.open) {
        route = NAME;
        nameParts = [];
      } else if (ARGUMENT_KEYS.has(key) && !sawArgs) {
        route = ARGS;
        sawArgs = true;
      } else if (key === 'function' && name === undefined && !sink.open) {
        route = FUNCTION;
      } else if (undecided && !CALL_KEYS.has(key)) {
        rejected = true; // `{"city": …}`: data, not a call
      } else if (defaultToolName !== undefined && firstKey) {
        beginImplicitArguments(key);
      } else {
        route = SKIP;
      }
    },
    beginString() {
      if (stopped()) return;
      if (route === TOP) fail('expected a tool-call object');
      else if (route === FUNCTION) {
        route = NAME; // `"function": "get_weather"` names the tool
        nameParts = [];
      } else if (route === ARGS) (depth + 1 === routeDepth ? argsSink() : sink.open ? sink.args : early)?.beginString();
    },
    stringChunk(text) {
      if (stopped()) return;
      if (route === NAME) nameParts.push(text);
      else if (route === ARGS) (sink.open ? sink.args : early)?.stringChunk(text);
    },
    endString() {
      if (stopped()) return;
      if (route === NAME) {
        route = KEYS;
        const raw = nameParts.join('');
        if (
          defaultToolName !== undefined &&
          !context.tools.has(raw.trim()) &&
          !sawArgs &&
          forcedToolHasNameProperty()
        ) {
          // A forced tool whose own arguments have a "name": {"name": "Bob", "age": 3}.
          beginImplicitArguments('name');
          replayValue(sink.args, raw);
          route = KEYS;
          return;
        }
        if (raw.trim() === '') return fail('the tool name is empty');
        name = raw;
        if (undecided && declaredName(raw, context.tools) === undefined) rejected = true;
        // Announce at once, unless this must first prove to be a call (it then starts at its arguments).
        else if (!undecided && !sink.open) start(raw);
        return;
      }
      if (route === ARGS) {
        (sink.open ? sink.args : early)?.endString();
        valueEnded();
      } else if (route === SKIP) valueEnded();
    },
    scalar(value) {
      if (stopped()) return;
      switch (route) {
        case TOP:
          return fail('expected a tool-call object');
        case NAME:
          return fail('the tool name is not a string');
        case ARGS:
          (depth + 1 === routeDepth ? argsSink() : sink.open ? sink.args : early)?.scalar(value);
          return valueEnded();
        case SKIP:
          return valueEnded();
        case FUNCTION:
          route = KEYS;
          return;
      }
    },
    get failure() {
      return failure;
    },
    get rejected() {
      return rejected;
    },
    get completed() {
      return completed;
    },
  };
}
