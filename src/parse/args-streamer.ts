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
import { coerceBySchema, coerceToolInput, isNullable, isOpenSchema } from '../coerce/coerce.ts';
import { itemSchema, propertySchema, type Schema, schemaTypes, tupleSchemas, unwrapSchema } from '../coerce/schema.ts';
import { isUnsafeKey, type JsonSink } from '../json/json-sink.ts';
import { createValueBuilder, type ValueBuilder } from '../json/json-value.ts';
import type { ToolshimErrorCode } from '../types.ts';

export interface ArgsStreamer extends JsonSink {
  /** The top-level value has ended. */
  readonly done: boolean;
}

type Frame =
  | { kind: 'object'; schema: Schema | undefined; count: number; valueSchema: Schema | undefined; key: string }
  | { kind: 'array'; schema: Schema | undefined; count: number };

// How a string value is handled, decided when it begins:
const STRING_MODE_STREAM = 0;
/** Buffered whole, then coerced. */
const STRING_MODE_BUFFER = 1;
/** No schema: streamed unless it starts like JSON, which is then parsed. */
const STRING_MODE_UNDECIDED = 2;
const STRING_MODE_DROP = 3;
/** A string a nullable schema may read as null (`null`, `None`): held while it can still be one. */
const STRING_MODE_MAYBE_NULL = 4;
type StringMode =
  | typeof STRING_MODE_STREAM
  | typeof STRING_MODE_BUFFER
  | typeof STRING_MODE_UNDECIDED
  | typeof STRING_MODE_DROP
  | typeof STRING_MODE_MAYBE_NULL;

function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function createArgsStreamer(
  toolSchema: unknown,
  emit: (delta: string) => void,
  report: (message: string, code: ToolshimErrorCode) => void,
): ArgsStreamer {
  const rootSchema = unwrapSchema(toolSchema);
  const onUnsafeKey = (key: string) =>
    report(`Dropped the argument key "${key}": it could reach an object prototype.`, 'unsafe-key');
  const stack: Frame[] = [];
  let done = false;

  /** A subtree collected for whole-value coercion. */
  let buffer: { builder: ValueBuilder; depth: number; schema: Schema | undefined; prefix: string } | undefined;
  /** Depth of a container being dropped (its key was unsafe). */
  let dropDepth = 0;
  /** The next value belongs to an unsafe key and is dropped. */
  let dropNext = false;

  let stringMode: StringMode = STRING_MODE_STREAM;
  let stringSchema: Schema | undefined;
  let stringPrefix = '';
  let stringParts: string[] = [];
  /** A high surrogate that ended a chunk; escaped alone it would differ from the pair. */
  let heldSurrogate = '';

  function finishValue(): void {
    if (stack.length === 0) done = true;
  }

  /** Where the next value goes: its schema and the separator before it. */
  function nextSlot(): { schema: Schema | undefined; prefix: string; root: boolean } {
    const top = stack[stack.length - 1];
    if (top === undefined) return { schema: rootSchema, prefix: '', root: true };
    if (top.kind === 'object') return { schema: top.valueSchema, prefix: '', root: false };
    const prefix = top.count > 0 ? ',' : '';
    top.count++;
    return { schema: itemSchema(top.schema), prefix, root: false };
  }

  /** Where the value being written sits in the arguments: `city`, `stops[2]`, `filter.min`. */
  function slotPath(): string {
    return stack
      .map((frame) => (frame.kind === 'object' ? `.${frame.key}` : `[${frame.count - 1}]`))
      .join('')
      .slice(1);
  }

  function coerceAndEmit(value: unknown, schema: Schema | undefined, prefix: string, root: boolean): void {
    // One bad value is an error for its own argument only: it stays the model's text, and the call stands.
    const note = (numeral: string) =>
      report(
        `The argument "${slotPath()}" holds ${numeral}, a number JSON cannot hold; it was passed as that text.`,
        'invalid-argument',
      );
    const coerced = root ? coerceToolInput(value, schema, note) : coerceBySchema(value, schema, note);
    emit(prefix + JSON.stringify(coerced ?? null));
    finishValue();
  }

  /** Containers stream structurally unless coercion could change their shape. */
  function mustBuffer(schema: Schema | undefined, kind: 'object' | 'array'): boolean {
    if (isOpenSchema(schema)) return false;
    const types = schemaTypes(schema);
    if (types.length === 0) return true; // anyOf & co.: leave it to coerceBySchema
    if (kind === 'object') return !types.includes('object');
    return !types.includes('array') || tupleSchemas(schema) !== undefined;
  }

  function openContainer(kind: 'object' | 'array'): void {
    if (dropDepth > 0 || dropNext) {
      dropNext = false;
      dropDepth++;
      return;
    }
    if (buffer !== undefined) {
      buffer.depth++;
      if (kind === 'object') buffer.builder.beginObject();
      else buffer.builder.beginArray();
      return;
    }
    const slot = nextSlot();
    if (mustBuffer(slot.schema, kind)) {
      buffer = { builder: createValueBuilder(onUnsafeKey), depth: 1, schema: slot.schema, prefix: slot.prefix };
      if (kind === 'object') buffer.builder.beginObject();
      else buffer.builder.beginArray();
      return;
    }
    emit(slot.prefix + (kind === 'object' ? '{' : '['));
    stack.push(
      kind === 'object'
        ? { kind, schema: slot.schema, count: 0, valueSchema: undefined, key: '' }
        : { kind, schema: slot.schema, count: 0 },
    );
  }

  function closeContainer(kind: 'object' | 'array'): void {
    if (dropDepth > 0) {
      dropDepth--;
      return;
    }
    if (buffer !== undefined) {
      if (kind === 'object') buffer.builder.endObject();
      else buffer.builder.endArray();
      if (--buffer.depth === 0) {
        const { builder, schema, prefix } = buffer;
        buffer = undefined;
        coerceAndEmit(builder.value, schema, prefix, stack.length === 0);
      }
      return;
    }
    stack.pop();
    emit(kind === 'object' ? '}' : ']');
    finishValue();
  }

  function emitStringPiece(piece: string): void {
    let text = heldSurrogate + piece;
    heldSurrogate = '';
    if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      heldSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text !== '') emit(jsonEscape(text));
  }

  return {
    beginObject: () => openContainer('object'),
    endObject: () => closeContainer('object'),
    beginArray: () => openContainer('array'),
    endArray: () => closeContainer('array'),
    key(name) {
      if (dropDepth > 0) return;
      if (buffer !== undefined) {
        buffer.builder.key(name);
        return;
      }
      const top = stack[stack.length - 1];
      if (top?.kind !== 'object') return;
      if (isUnsafeKey(name)) {
        onUnsafeKey(name);
        dropNext = true;
        return;
      }
      emit(`${top.count > 0 ? ',' : ''}${JSON.stringify(name)}:`);
      top.count++;
      top.key = name;
      top.valueSchema = propertySchema(top.schema, name);
    },
    beginString() {
      if (dropDepth > 0 || dropNext) {
        dropNext = false;
        stringMode = STRING_MODE_DROP;
        return;
      }
      if (buffer !== undefined) {
        stringMode = STRING_MODE_DROP; // the builder gets the events instead
        buffer.builder.beginString();
        return;
      }
      const slot = nextSlot();
      stringSchema = slot.schema;
      stringParts = [];
      if (slot.root) {
        // Arguments given as a JSON *string*: parse it whole, then coerce.
        stringMode = STRING_MODE_BUFFER;
        stringPrefix = slot.prefix;
      } else if (isOpenSchema(slot.schema)) {
        stringMode = STRING_MODE_UNDECIDED;
        stringPrefix = slot.prefix;
      } else if (schemaTypes(slot.schema).includes('string') && isNullable(slot.schema)) {
        stringMode = STRING_MODE_MAYBE_NULL;
        stringPrefix = slot.prefix;
      } else if (schemaTypes(slot.schema).includes('string')) {
        stringMode = STRING_MODE_STREAM;
        emit(`${slot.prefix}"`);
      } else {
        stringMode = STRING_MODE_BUFFER;
        stringPrefix = slot.prefix;
      }
    },
    stringChunk(text) {
      if (buffer !== undefined) {
        buffer.builder.stringChunk(text);
        return;
      }
      switch (stringMode) {
        case STRING_MODE_STREAM:
          emitStringPiece(text);
          return;
        case STRING_MODE_BUFFER:
          stringParts.push(text);
          return;
        case STRING_MODE_UNDECIDED: {
          stringParts.push(text);
          // Earlier pieces were all whitespace, so the first real char is in this one.
          const first = text.trimStart().charAt(0);
          if (first === '') return;
          if (first === '{' || first === '[') {
            stringMode = STRING_MODE_BUFFER;
            return;
          }
          // Plain text after all: release what was held and stream the rest.
          stringMode = STRING_MODE_STREAM;
          emit(`${stringPrefix}"`);
          emitStringPiece(stringParts.join(''));
          stringParts = [];
          return;
        }
        case STRING_MODE_MAYBE_NULL: {
          stringParts.push(text);
          const sofar = stringParts.join('').trim();
          if (sofar.length <= 4 && ('null'.startsWith(sofar) || 'None'.startsWith(sofar))) return;
          // Not null after all: release what was held and stream the rest.
          stringMode = STRING_MODE_STREAM;
          emit(`${stringPrefix}"`);
          emitStringPiece(stringParts.join(''));
          stringParts = [];
          return;
        }
        case STRING_MODE_DROP:
          return;
      }
    },
    endString() {
      if (buffer !== undefined) {
        buffer.builder.endString();
        return;
      }
      switch (stringMode) {
        case STRING_MODE_STREAM:
          emit(`${jsonEscape(heldSurrogate)}"`);
          heldSurrogate = '';
          finishValue();
          return;
        case STRING_MODE_BUFFER:
        case STRING_MODE_UNDECIDED:
        case STRING_MODE_MAYBE_NULL:
          coerceAndEmit(stringParts.join(''), stringSchema, stringPrefix, stack.length === 0);
          stringParts = [];
          return;
        case STRING_MODE_DROP:
          return;
      }
    },
    scalar(value) {
      if (dropDepth > 0) return;
      if (dropNext) {
        dropNext = false;
        return;
      }
      if (buffer !== undefined) {
        buffer.builder.scalar(value);
        return;
      }
      const slot = nextSlot();
      coerceAndEmit(value, slot.schema, slot.prefix, slot.root);
    },
    get done() {
      return done;
    },
  };
}
