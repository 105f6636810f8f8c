/**
 * Turns reader events for a tool's arguments into canonical JSON text,
 * progressively: `{"city":"Seo` goes out while "Seoul" is still arriving.
 *
 * The text it emits, joined, is exactly the call's final `input`, already
 * coerced to the tool's schema. Values whose coerced form depends on all of
 * them (a "42" that must become 42, a "a, b" list, a tuple) are buffered and
 * emitted whole when they close; strings the schema wants as strings, and
 * objects and arrays, stream as they come.
 */
import { coerceInputValue, coerceValue, isNullable, isOpenSchema } from '../../coerce/coerce.ts';
import {
  itemSchema,
  propertySchema,
  type Schema,
  schemaTypes,
  tupleSchemas,
  unwrapSchema,
} from '../../coerce/schema.ts';
import { isUnsafeKey, type JsonSink } from '../../json/json-sink.ts';
import { jsonEscape } from '../../json/json-string.ts';
import { createValueBuilder, type ValueBuilder } from '../../json/json-value.ts';
import type { ToolshimErrorCode } from '../../types.ts';

export interface ArgsStreamer extends JsonSink {
  /** The top-level value has ended. */
  readonly done: boolean;
}

/** An open object or array that streams; `key` and `valueSchema` are an object's current member's. */
interface Frame {
  array: boolean;
  schema: Schema | undefined;
  count: number;
  key: string;
  valueSchema: Schema | undefined;
}

/** Where the next value goes: its schema and the separator before it. */
interface Slot {
  schema: Schema | undefined;
  prefix: string;
  root: boolean;
}

// How a string that does not stream is held:
/** Whole, then coerced (the schema wants something else than a string). */
const WHOLE = 0;
/** No schema: streamed, unless it starts like JSON, which is then read whole. */
const JSON_OR_TEXT = 1;
/** A nullable string, which may be written `null` or `None`: held while it can still be one. */
const NULL_OR_TEXT = 2;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Where the next value goes; counts it when it is an array's item. */
function nextSlot(stack: Frame[], rootSchema: Schema | undefined): Slot {
  const top = stack[stack.length - 1];
  if (top === undefined) return { schema: rootSchema, prefix: '', root: true };
  if (!top.array) return { schema: top.valueSchema, prefix: '', root: false };
  return { schema: itemSchema(top.schema), prefix: top.count++ > 0 ? ',' : '', root: false };
}

/** Where the value being written sits in the arguments: `city`, `stops[2]`, `filter.min`. */
function slotPath(stack: Frame[]): string {
  return stack
    .map((frame) => (frame.array ? `[${frame.count - 1}]` : `.${frame.key}`))
    .join('')
    .slice(1);
}

/** Containers stream structurally unless coercion could change their shape. */
function mustBuffer(schema: Schema | undefined, array: boolean): boolean {
  if (isOpenSchema(schema)) return false;
  const types = schemaTypes(schema);
  if (types.length === 0) return true; // anyOf & co.: leave it to coerceBySchema
  if (!array) return !types.includes('object');
  return !types.includes('array') || tupleSchemas(schema) !== undefined;
}

/**
 * Returns the writer of a streamed string's text: each piece goes out
 * escaped, and `last` closes the string. A high surrogate that ends a piece
 * waits for the next one: escaped alone it would differ from the pair.
 */
function createStringWriter(emit: (delta: string) => void): (piece: string, last?: boolean) => void {
  let heldSurrogate = '';
  return (piece, last) => {
    let text = heldSurrogate + piece;
    heldSurrogate = '';
    if (last) return emit(`${jsonEscape(text)}"`);
    if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      heldSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text !== '') emit(jsonEscape(text));
  };
}

/**
 * `value` coerced to its slot's schema, as JSON text after the slot's
 * separator. `stack` names the slot in a report.
 */
function coercedJson(
  value: unknown,
  { schema, prefix, root }: Slot,
  stack: Frame[],
  report: (message: string, code: ToolshimErrorCode) => void,
  typedValues: boolean,
): string {
  // One bad value is an error for its own argument only: it stays the model's text, and the call stands.
  const note = (numeral: string) =>
    report(
      `The argument "${slotPath(stack)}" holds ${numeral}, a number JSON cannot hold; it was passed as that text.`,
      'invalid-argument',
    );
  const ctx = { note, typed: typedValues };
  const coerced = root ? coerceInputValue(value, schema, ctx) : coerceValue(value, schema, ctx);
  return prefix + JSON.stringify(coerced ?? null);
}

/**
 * How a string that begins where `schema` applies is held; undefined: it
 * streams. With `typedValues` a string with no schema is the model's string
 * and streams, though it reads as JSON.
 */
function holdMode(schema: Schema | undefined, root: boolean, typedValues: boolean): number | undefined {
  // Arguments given as a JSON *string* (the root) are parsed whole, then coerced.
  return root
    ? WHOLE
    : isOpenSchema(schema)
      ? typedValues
        ? undefined
        : JSON_OR_TEXT
      : !schemaTypes(schema).includes('string')
        ? WHOLE
        : isNullable(schema)
          ? NULL_OR_TEXT
          : undefined;
}

/** An unsafe key's value: read like a buffered one, but never written (no hot path pays for the check). */
const droppedValue = () => ({ schema: undefined, prefix: '', root: false, builder: createValueBuilder(), drop: true });

/**
 * A held string after its latest piece `text`: true once it shows that it is
 * text after all, so it streams from then on; a string that opens with `{` or
 * `[` is held whole instead.
 */
function provesText(held: { mode: number; text: string }, text: string): boolean {
  if (held.mode === JSON_OR_TEXT) {
    // Earlier pieces were all whitespace, so the first real char is in this one.
    const first = text.trimStart().charAt(0);
    if (first === '{' || first === '[') held.mode = WHOLE;
    return first !== '' && held.mode !== WHOLE;
  }
  if (held.mode !== NULL_OR_TEXT) return false;
  const sofar = held.text.trim();
  return !('null'.startsWith(sofar) || 'None'.startsWith(sofar));
}

/**
 * `typedValues`: the format writes typed values (JSON, Python, Gemma's), so a
 * string where no schema asks for more stays a string (coerce.ts CoerceOptions).
 */
export function createArgsStreamer(
  toolSchema: unknown,
  emit: (delta: string) => void,
  report: (message: string, code: ToolshimErrorCode) => void,
  typedValues = false,
): ArgsStreamer {
  const rootSchema = unwrapSchema(toolSchema);
  const stack: Frame[] = [];
  /** A value collected whole: a container coercion may reshape, or an unsafe key's value (to be dropped). */
  let buffer: (Slot & { builder: ValueBuilder; drop?: boolean }) | undefined;
  /** The string being read, when it does not stream (yet): how it is held, and its text so far. */
  let held: (Slot & { mode: number; text: string }) | undefined;
  const writeString = createStringWriter(emit);

  function finishValue(): void {
    if (stack.length === 0) streamer.done = true;
  }
  function coerceAndEmit(value: unknown, slot: Slot): void {
    emit(coercedJson(value, slot, stack, report, typedValues));
    finishValue();
  }

  /** After an event given to the buffer: once its value is complete, it is coerced and written. */
  function settleBuffer(): void {
    if (buffer === undefined || !buffer.builder.done) return;
    const { builder, drop, ...slot } = buffer;
    buffer = undefined;
    if (!drop) coerceAndEmit(builder.value, slot);
  }

  function openContainer(array: boolean): void {
    if (buffer === undefined) {
      const slot = nextSlot(stack, rootSchema);
      if (!mustBuffer(slot.schema, array)) {
        emit(slot.prefix + (array ? '[' : '{'));
        stack.push({ array, schema: slot.schema, count: 0, key: '', valueSchema: undefined });
        return;
      }
      buffer = { ...slot, builder: createValueBuilder(onUnsafeKey) };
    }
    buffer.builder[array ? 'beginArray' : 'beginObject']();
  }

  function closeContainer(array: boolean): void {
    if (buffer !== undefined) {
      buffer.builder[array ? 'endArray' : 'endObject']();
      settleBuffer();
      return;
    }
    stack.pop();
    emit(array ? ']' : '}');
    finishValue();
  }

  /** The held string is text after all: what was held goes out, and the rest streams. */
  function release(string: Slot & { text: string }): void {
    held = undefined;
    emit(`${string.prefix}"`);
    writeString(string.text);
  }

  const onUnsafeKey = (key: string) =>
    report(`Dropped the argument key "${key}": it could reach an object prototype.`, 'unsafe-key');

  // `done` is plain data: a getter would make each streamer (one per call) a slower dictionary-mode object.
  const streamer: JsonSink & { done: boolean } = {
    beginObject: () => openContainer(false),
    endObject: () => closeContainer(false),
    beginArray: () => openContainer(true),
    endArray: () => closeContainer(true),
    key(name) {
      if (buffer !== undefined) return buffer.builder.key(name);
      const top = stack[stack.length - 1];
      if (top === undefined || top.array) return;
      if (isUnsafeKey(name)) {
        onUnsafeKey(name);
        buffer = droppedValue();
        return;
      }
      emit(`${top.count++ > 0 ? ',' : ''}${JSON.stringify(name)}:`);
      top.key = name;
      top.valueSchema = propertySchema(top.schema, name);
    },
    beginString() {
      if (buffer !== undefined) return buffer.builder.beginString();
      const slot = nextSlot(stack, rootSchema);
      const mode = holdMode(slot.schema, slot.root, typedValues);
      if (mode === undefined) emit(`${slot.prefix}"`);
      else held = { ...slot, mode, text: '' };
    },
    stringChunk(text) {
      if (buffer !== undefined) return buffer.builder.stringChunk(text);
      if (held === undefined) return writeString(text);
      held.text += text;
      if (provesText(held, text)) release(held);
    },
    endString() {
      if (buffer !== undefined) {
        buffer.builder.endString();
        return settleBuffer();
      }
      if (held !== undefined) {
        const string = held;
        held = undefined;
        return coerceAndEmit(string.text, string);
      }
      writeString('', true);
      finishValue();
    },
    scalar(value) {
      if (buffer !== undefined) {
        buffer.builder.scalar(value);
        return settleBuffer();
      }
      coerceAndEmit(value, nextSlot(stack, rootSchema));
    },
    done: false,
  };
  return streamer;
}
