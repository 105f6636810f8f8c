/**
 * Structural events of a JSON value, as the incremental reader produces them.
 * Sinks build values, stream canonical JSON, or route a tool call's fields.
 */
export interface JsonSink {
  beginObject(): void;
  endObject(): void;
  beginArray(): void;
  endArray(): void;
  /** An object key; the key's value follows. */
  key(name: string): void;
  beginString(): void;
  /** A decoded piece of a string value; pieces arrive as the text streams in. */
  stringChunk(text: string): void;
  endString(): void;
  scalar(value: number | boolean | null): void;
}

/** Keys that could reach an object's prototype when a value is rebuilt. */
export function isUnsafeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * Passes events on to `sink`, except the value of a key that could reach an
 * object prototype once rebuilt: `onUnsafeKey` hears of the key, and the key
 * and its whole value are dropped. The value builder sits behind it (the
 * argument streamer drops such values through its own buffer instead, so its
 * streaming path pays for no extra call).
 */
export function skipUnsafeKeys(sink: JsonSink, onUnsafeKey?: (key: string) => void): JsonSink {
  /** Containers and strings open inside the value being dropped. */
  let depth = 0;
  /** The next value belongs to an unsafe key. */
  let dropNext = false;
  const begin = (pass: () => void) => () => {
    if (depth > 0 || dropNext) {
      dropNext = false;
      depth++;
    } else pass();
  };
  const end = (pass: () => void) => () => {
    if (depth > 0) depth--;
    else pass();
  };
  return {
    beginObject: begin(() => sink.beginObject()),
    beginArray: begin(() => sink.beginArray()),
    beginString: begin(() => sink.beginString()),
    endObject: end(() => sink.endObject()),
    endArray: end(() => sink.endArray()),
    endString: end(() => sink.endString()),
    key(name) {
      if (depth > 0) return;
      if (isUnsafeKey(name)) {
        onUnsafeKey?.(name);
        dropNext = true;
      } else sink.key(name);
    },
    stringChunk(text) {
      if (depth === 0) sink.stringChunk(text);
    },
    scalar(value) {
      if (depth === 0 && !dropNext) sink.scalar(value);
      dropNext = false;
    },
  };
}
