/**
 * Builds plain JS values from reader events, and parses a whole forgiving-JSON
 * text with the same reader the streaming path uses.
 */
import { createJsonReader } from './json-reader.ts';
import { isUnsafeKey, type JsonSink } from './json-sink.ts';

export interface ValueBuilder extends JsonSink {
  /** The finished value; valid once the top-level value has ended. */
  readonly value: unknown;
}

/**
 * `onUnsafeKey` hears about `__proto__`/`constructor`/`prototype` keys, whose
 * values are dropped so a rebuilt object can never reach a prototype.
 */
export function createValueBuilder(onUnsafeKey?: (key: string) => void): ValueBuilder {
  type Container = { array: unknown[] } | { object: Record<string, unknown>; key: string | undefined };
  const stack: Container[] = [];
  let result: unknown;
  let stringParts: string[] = [];
  /** Depth of a value being dropped for an unsafe key; 0 when none. */
  let dropDepth = 0;
  let dropNext = false;

  function put(value: unknown): void {
    const top = stack[stack.length - 1];
    if (top === undefined) result = value;
    else if ('array' in top) top.array.push(value);
    else if (top.key !== undefined) {
      top.object[top.key] = value;
      top.key = undefined;
    }
  }

  /** True while the current value is being dropped. */
  function dropping(open: number): boolean {
    if (dropDepth > 0) {
      dropDepth += open;
      return true;
    }
    if (dropNext) {
      dropNext = false;
      dropDepth = open > 0 ? 1 : 0;
      return true;
    }
    return false;
  }

  return {
    beginObject() {
      if (dropping(1)) return;
      const object: Record<string, unknown> = {};
      put(object);
      stack.push({ object, key: undefined });
    },
    endObject() {
      if (dropDepth > 0) {
        dropDepth--;
        return;
      }
      stack.pop();
    },
    beginArray() {
      if (dropping(1)) return;
      const array: unknown[] = [];
      put(array);
      stack.push({ array });
    },
    endArray() {
      if (dropDepth > 0) {
        dropDepth--;
        return;
      }
      stack.pop();
    },
    key(name) {
      if (dropDepth > 0) return;
      if (isUnsafeKey(name)) {
        onUnsafeKey?.(name);
        dropNext = true;
        return;
      }
      const top = stack[stack.length - 1];
      if (top && 'object' in top) top.key = name;
    },
    beginString() {
      stringParts = [];
    },
    stringChunk(text) {
      stringParts.push(text);
    },
    endString() {
      if (dropping(0)) return;
      put(stringParts.join(''));
    },
    scalar(value) {
      if (dropping(0)) return;
      put(value);
    },
    get value() {
      return result;
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
