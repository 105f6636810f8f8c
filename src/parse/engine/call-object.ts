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
 * Two parts: createCallObjectReader (here) follows where the events are (a
 * route and the depths) and hands a call object's fields to createCallFields
 * (call-fields.ts), the call being read, which also keeps why the JSON is no
 * call.
 */
import type { JsonSink } from '../../json/json-sink.ts';
import {
  ARGS,
  type CallObjectOptions,
  type CallOutcome,
  createCallFields,
  FUNCTION,
  KEYS,
  misplaced,
  NAME,
  SKIP,
  TOP,
} from './call-fields.ts';

export interface CallObjectReader extends JsonSink {
  /** Why the JSON is not a tool call, once that is known. */
  readonly failure?: string;
  /** The JSON is data, not a call (only with `declaredOnly`). */
  readonly rejected: boolean;
  /** Calls ended so far. */
  readonly completed: number;
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
