/**
 * The call being read by call-object.ts: where each field of a call object
 * goes (its route), the name and arguments as the reader routes them, and
 * why the JSON is no call. The reader (call-object.ts) follows the events'
 * position and hands the fields here.
 */
import { unwrapSchema } from '../../coerce/schema.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import { createValueBuilder, replayValue, type ValueBuilder } from '../../json/json-value.ts';
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
  /**
   * The call object's one key is the tool's name and its value the arguments:
   * Apertus writes `{"get_weather": {"city": "Bern"}}`.
   */
  nameKeyed?: boolean | undefined;
  /** Runs when a call is announced. */
  onCallStart?: () => void;
  /** Runs right after each call ends (the reader's `index` is then at its closing bracket). */
  onCallEnd?: () => void;
}

// Where the events at the current position go:
export const TOP = 0; // outside a call: the value itself, or the list of calls (also: the key of xLAM's wrapper)
export const KEYS = 1; // directly inside the call object
export const NAME = 2; // the value of "name"
export const ARGS = 3; // the value of the arguments key
export const SKIP = 4; // a value we do not use ("id", "type", …)
export const FUNCTION = 5; // the value of "function": the wrapped call object (or its name)

/** Where the value of `key` goes in a call object; SKIP for a key that is no call field here (or repeats one). */
function keyRoute(key: string, nameless: boolean, sawArgs: boolean): number {
  if (NAME_KEYS.has(key) && nameless) return NAME;
  if (ARGUMENT_KEYS.has(key) && !sawArgs) return ARGS;
  if (key === 'function' && nameless) return FUNCTION;
  return SKIP;
}

/** Why a value cannot stand where `route` (TOP or NAME) is: no call object, or no string for the name. */
export function misplaced(route: number): string {
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
export interface CallOutcome {
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
export function createCallFields(options: CallObjectOptions, outcome: CallOutcome): CallFields {
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
      if (options.nameKeyed) {
        if (!firstKey) fail('a call object keyed by its name holds one key');
        else if (start(key)) sawArgs = true;
        return firstKey ? ARGS : SKIP;
      }
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
