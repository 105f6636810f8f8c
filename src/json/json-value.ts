/**
 * Builds plain JS values from reader events, and parses a whole forgiving-JSON
 * text with the same reader the streaming path uses.
 */
import { createJsonReader } from './json-reader.ts';
import { isUnsafeKey, type JsonSink } from './json-sink.ts';

export interface ValueBuilder extends JsonSink {
  /** The finished value; valid once the top-level value has ended. */
  readonly value: unknown;
  /** The top-level value has ended. */
  readonly done: boolean;
}

/**
 * `onUnsafeKey` hears about `__proto__`/`constructor`/`prototype` keys, whose
 * values are dropped so a rebuilt object can never reach a prototype.
 */
export function createValueBuilder(onUnsafeKey?: (key: string) => void): ValueBuilder {
  const stack: Array<unknown[] | Record<string, unknown>> = [];
  /** The key whose value comes next (a value follows its key at once, so one is enough). */
  let key = '';
  let result: unknown;
  let done = false;
  let text = '';
  /** Open containers that are the value of an unsafe key, or inside one: built but never attached. */
  let dropped = 0;

  /** Attaches a value where it belongs; false for an unsafe key's value, which is dropped. */
  function put(value: unknown): boolean {
    const top = stack[stack.length - 1];
    if (top === undefined) result = value;
    else if (Array.isArray(top)) top.push(value);
    else if (isUnsafeKey(key)) return false;
    else top[key] = value;
    return true;
  }

  function open(container: unknown[] | Record<string, unknown>): void {
    if (dropped > 0 || !put(container)) dropped++;
    stack.push(container);
  }

  // A value ended; at the top level, that is the whole value.
  const close = () => {
    stack.pop();
    if (dropped > 0) dropped--;
    done = stack.length === 0;
  };
  const leaf = (value: unknown) => {
    put(value);
    done = stack.length === 0;
  };

  return {
    beginObject: () => open({}),
    beginArray: () => open([]),
    endObject: close,
    endArray: close,
    key(name) {
      // Inside a dropped value nothing is reported: its own unsafe key was.
      if (dropped === 0 && isUnsafeKey(name)) onUnsafeKey?.(name);
      key = name;
    },
    beginString() {
      text = '';
    },
    stringChunk(piece) {
      text += piece;
    },
    endString: () => leaf(text),
    scalar: leaf,
    get value() {
      return result;
    },
    get done() {
      return done;
    },
  };
}

/** Parses a whole forgiving-JSON text. Fails on anything but whitespace around one value. */
export function parseRelaxedJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const builder = createValueBuilder();
  const reader = createJsonReader(builder);
  const stoppedAt = reader.write(text);
  if (stoppedAt < text.length) {
    return { ok: false, problem: reader.problem ?? `unexpected "${text.charAt(stoppedAt)}"` };
  }
  if (!reader.end()) return { ok: false, problem: 'the JSON value is incomplete' };
  return { ok: true, value: builder.value };
}

/** Sends a plain JSON value to a sink as the events a reader would have produced for it. */
export function replayValue(sink: JsonSink, value: unknown): void {
  if (Array.isArray(value)) {
    sink.beginArray();
    for (const item of value) replayValue(sink, item);
    sink.endArray();
  } else if (value !== null && typeof value === 'object') {
    sink.beginObject();
    for (const [key, item] of Object.entries(value)) {
      sink.key(key);
      replayValue(sink, item);
    }
    sink.endObject();
  } else if (typeof value === 'string') {
    sink.beginString();
    if (value !== '') sink.stringChunk(value);
    sink.endString();
  } else {
    sink.scalar(typeof value === 'number' || typeof value === 'boolean' ? value : null);
  }
}
