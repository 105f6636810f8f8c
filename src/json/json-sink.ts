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
