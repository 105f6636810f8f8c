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
 *
 * Two parts: createCallObjectReader follows where the events are (a route
 * and the depths) and hands a call object's fields to createCallFields, the
 * call being read, which also keeps why the JSON is no call.
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
  readonly failure?: string;
  /** The JSON is data, not a call (only with `declaredOnly`). */
  readonly rejected: boolean;
  /** Calls ended so far. */
  readonly completed: number;
}

// Where the events at the current position go:
const TOP = 0; // outside a call: the value itself, or the list of calls (also: the key of xLAM's wrapper)
const KEYS = 1; // directly inside the call object
const NAME = 2; // the value of "name"
const ARGS = 3; // the value of the arguments key
const SKIP = 4; // a value we do not use ("id", "type", …)
const FUNCTION = 5; // the value of "function": the wrapped call object (or its name)

/** Where the value of `key` goes in a call object; SKIP for a key that is no call field here (or repeats one). */
function keyRoute(key: string, nameless: boolean, sawArgs: boolean): number {
  if (NAME_KEYS.has(key) && nameless) return NAME;
  if (ARGUMENT_KEYS.has(key) && !sawArgs) return ARGS;
  if (key === 'function' && nameless) return FUNCTION;
  return SKIP;
}

/** Why a value cannot stand where `route` (TOP or NAME) is: no call object, or no string for the name. */
function misplaced(route: number): string {
  return route === NAME ? 'the tool name is not a string' : 'expected a tool-call object';
}

/** Whether `name`, which no tool has, is the forced tool's own "name" argument instead (its schema has one). */
function isForcedNameArgument(context: ParserContext, forcedTool: string, name: string): boolean {
  if (context.tools.has(name.trim())) return false;
  const properties = unwrapSchema(context.tools.get(forcedTool)?.inputSchema)?.properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, 'name');
}

/** The call being read, as the reader tells it what its call object holds. */
interface CallFields {
  /** A key directly in the call object: returns where its value goes (TOP: it is the wrapper's key). */
  key(key: string, mayWrap: boolean): number;
  /** A piece of the name's string. */
  stringChunk(text: string): void;
  /** The name's string ended. */
  endString(): void;
  /** The call object closed: true when the call ended (it then starts afresh). */
  end(): boolean;
  /** Where an arguments event goes (`begins`: it begins the value). */
  args(begins: boolean): JsonSink;
  /** The JSON is no call (with `declaredOnly`, before a call proved it: data, silently). */
  fail(reason: string): void;
}

/**
 * What CallObjectReader shows, kept on the reader object as plain data that
 * the two parts write: getters would make each reader (one per call) a slower
 * dictionary-mode object, and the JSON reader asks it after every token.
 * `failure` is added only when the JSON proves no call.
 */
interface CallOutcome {
  failure?: string;
  rejected: boolean;
  completed: number;
}

/**
 * The call being read, from the fields the reader routes to it: the name is
 * announced as soon as it is known (unless the JSON must first prove to be a
 * call), arguments written before it are built whole and replayed, and an
 * object that opens with no call field is a forced tool's bare arguments.
 * It also records why the JSON is no call, in the reader's `outcome`.
 */
function createCallFields(options: CallObjectOptions, outcome: CallOutcome): CallFields {
  const { context, sink, defaultToolName } = options;
  let undecided = options.declaredOnly === true;
  let name: string | undefined;
  let nameText = '';
  let sawArgs = false;
  let sawKey = false;
  /** Forced-tool mode: the call object itself is the arguments. */
  let implicitArgs = false;
  /** Arguments written before the name, built whole and replayed once the call opens. */
  let early: ValueBuilder | undefined;

  function fail(reason: string): void {
    if (undecided) outcome.rejected = true;
    else outcome.failure ??= reason;
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

  /** Forced tool: the call object is the arguments, starting with `key`. Returns the route of its value. */
  function beginImplicitArguments(key: string): number {
    if (start(defaultToolName as string)) {
      sawArgs = true;
      implicitArgs = true;
      sink.args.beginObject();
      sink.args.key(key);
    }
    return ARGS;
  }

  return {
    key(key, mayWrap) {
      // The wrapper object: its value holds the calls, read as at the top.
      if (key === options.wrapperKey && mayWrap && !sawKey) return TOP;
      const firstKey = !sawKey;
      sawKey = true;
      if (implicitArgs) {
        sink.args.key(key);
        return ARGS;
      }
      const route = keyRoute(key, name === undefined && !sink.open, sawArgs);
      if (route === ARGS) sawArgs = true;
      else if (route !== SKIP) return route;
      else if (undecided && !CALL_KEYS.has(key))
        outcome.rejected = true; // `{"city": …}`: data, not a call
      else if (defaultToolName !== undefined && firstKey) return beginImplicitArguments(key);
      return route;
    },
    stringChunk(text) {
      nameText += text;
    },
    endString() {
      const raw = nameText;
      nameText = '';
      if (defaultToolName !== undefined && !sawArgs && isForcedNameArgument(context, defaultToolName, raw)) {
        // A forced tool whose own arguments have a "name": {"name": "Bob", "age": 3}.
        beginImplicitArguments('name');
        replayValue(sink.args, raw);
      } else if (raw.trim() === '') fail('the tool name is empty');
      else {
        name = raw;
        if (undecided && declaredName(raw, context.tools) === undefined) outcome.rejected = true;
        // Announce at once, unless this must first prove to be a call (it then starts at its arguments).
        else if (!undecided && !sink.open) start(raw);
      }
    },
    end() {
      if (!sink.open) {
        if (name === undefined && defaultToolName !== undefined && !sawKey) name = defaultToolName;
        if (name === undefined) fail('the JSON has no "name" for the tool');
        // With `declaredOnly`, `{"name": "get_weather"}` without arguments is data, not a call.
        else if (undecided && !sawArgs) fail('no arguments');
        else start(name);
        if (!sink.open) return false;
      }
      if (implicitArgs) sink.args.endObject();
      if (!sink.end()) {
        fail('the arguments are not a JSON object');
        return false;
      }
      name = undefined;
      sawArgs = sawKey = implicitArgs = false;
      return true;
    },
    args(begins) {
      if (begins && !sink.open && name !== undefined) start(name);
      if (sink.open) return sink.args;
      early ??= createValueBuilder();
      return early;
    },
    fail,
  };
}

/**
 * Routes the JSON reader's events: finds the call objects (the value itself,
 * a list of them, or the list in xLAM's wrapper) and gives each one's
 * fields to the call being read (createCallFields).
 */
export function createCallObjectReader(options: CallObjectOptions): CallObjectReader {
  let depth = 0;
  /** Depth of the object whose keys are read (its values sit one deeper), and of the outermost call object. */
  let callDepth = -1;
  let outerDepth = -1;
  let route = TOP;
  /** 1 inside a `{"tool_calls": …}` wrapper (its list of calls is one level deeper), else 0. */
  let wrapperDepth = 0;

  const stopped = () => reader.failure !== undefined || reader.rejected;

  /** A value in the arguments or skipped has ended: back to the keys once it was the whole value. */
  function valueEnded(): void {
    if (depth <= callDepth) route = KEYS;
  }

  function onOpen(array: boolean): void {
    if (stopped()) return;
    if (route === ARGS) {
      const target = call.args(depth === callDepth);
      if (array) target.beginArray();
      else target.beginObject();
    } else if (route === TOP) {
      if (!array) {
        callDepth = outerDepth = depth + 1;
        route = KEYS;
      } else if (depth !== wrapperDepth) call.fail(misplaced(route)); // else a list of calls
    } else if (route === NAME) call.fail(misplaced(route));
    else if (route === FUNCTION) {
      if (array) route = SKIP;
      else {
        callDepth = depth + 1; // the OpenAI shape: the call sits one level down
        route = KEYS;
      }
    }
    depth++;
  }

  function onClose(array: boolean): void {
    if (stopped()) return;
    depth--;
    if (route === ARGS) {
      const target = call.args(false);
      if (array) target.endArray();
      else target.endObject();
    }
    if (route === ARGS || route === SKIP) valueEnded();
    // The object whose keys are read has closed: back in the wrapping call object ("type", "id" may
    // follow), or the call is complete.
    else if (route === KEYS && depth < callDepth) {
      if (callDepth > outerDepth) callDepth = outerDepth;
      else {
        route = TOP;
        callDepth = outerDepth = -1;
        if (call.end()) {
          reader.completed++;
          options.onCallEnd?.();
        }
      }
    }
  }

  const reader: JsonSink & CallOutcome = {
    beginObject: () => onOpen(false),
    beginArray: () => onOpen(true),
    endObject: () => onClose(false),
    endArray: () => onClose(true),
    key(key) {
      if (stopped()) return;
      if (route === ARGS) return call.args(false).key(key);
      if (route !== KEYS || depth !== callDepth) return;
      route = call.key(key, depth === 1 && wrapperDepth === 0);
      if (route === TOP) {
        wrapperDepth = 1;
        callDepth = outerDepth = -1;
      }
    },
    beginString() {
      if (stopped()) return;
      if (route === TOP) call.fail(misplaced(route));
      else if (route === FUNCTION)
        route = NAME; // `"function": "get_weather"` names the tool
      else if (route === ARGS) call.args(depth === callDepth).beginString();
    },
    stringChunk(text) {
      if (stopped()) return;
      if (route === NAME) call.stringChunk(text);
      else if (route === ARGS) call.args(false).stringChunk(text);
    },
    endString() {
      if (stopped()) return;
      if (route === NAME) {
        route = KEYS;
        return call.endString();
      }
      if (route === ARGS) call.args(false).endString();
      valueEnded();
    },
    scalar(value) {
      if (stopped()) return;
      if (route === TOP || route === NAME) return call.fail(misplaced(route));
      if (route === ARGS) call.args(depth === callDepth).scalar(value);
      valueEnded(); // after FUNCTION's value too: `"function": null` names nothing
    },
    rejected: false,
    completed: 0,
  };
  const call = createCallFields(options, reader);
  return reader;
}
