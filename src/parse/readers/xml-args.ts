/**
 * Writes the JSON input of one XML-style call (morph-XML, qwen3-coder) through
 * the shared ArgsStreamer, so coercion and the canonical JSON are the same as
 * for the JSON protocols.
 *
 * How each parameter is written depends on its schema:
 * - string: streamed as it arrives (`{"code":"def f` goes out while the model
 *   is still writing the function);
 * - number, boolean, other scalars: key and value go out together when the
 *   element closes, coerced ("42" → 42), since "4" alone could not be typed;
 * - array, no schema, anyOf & co.: collected and written when the call ends.
 *   Collecting is what keeps `<tag>a</tag><city>…</city><tag>b</tag>` correct:
 *   opening a JSON array at the first `<tag>` would have to close it at
 *   `<city>` and could not take the second `<tag>` any more.
 */
import { propertySchema, type Schema, schemaTypes, unwrapSchema } from '../../coerce/schema.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import { replayValue } from '../../json/json-value.ts';
import type { OnToolshimError } from '../../types.ts';
import type { TextStage } from './xml-text.ts';

/** A parsed element value: its text, or its child elements by name (repeats in order). */
export type XmlNode = string | XmlChildren;
export type XmlChildren = Map<string, XmlNode[]>;

/** Key under which text mixed with child elements is kept (`<a>x<b>y</b></a>`). */
export const MIXED_TEXT_KEY = '#text';

export const ParamMode = {
  /** Stream the text into a JSON string. */
  Stream: 0,
  /** Take the whole value, then coerce. */
  Value: 1,
} as const;
export type ParamMode = (typeof ParamMode)[keyof typeof ParamMode];

export interface XmlArgsWriter {
  /** How the parameter `name` is read. */
  modeOf(name: string): ParamMode;
  /** Starts a streamed string parameter; write its decoded text, then end it. */
  beginString(name: string): TextStage;
  /** A whole parameter value (Value mode). */
  addValue(name: string, value: XmlNode): void;
  /** A value the model wrote as JSON (DeepSeek's `string="false"`), written as that value. */
  addJson(name: string, value: unknown): void;
  /** Writes the collected parameters and the closing `}`. */
  finish(): void;
}

export function replayNode(sink: JsonSink, node: XmlNode): void {
  if (typeof node === 'string') {
    sink.beginString();
    if (node !== '') sink.stringChunk(node);
    sink.endString();
    return;
  }
  sink.beginObject();
  for (const [key, values] of node) {
    sink.key(key);
    replayList(sink, values);
  }
  sink.endObject();
}

/** One occurrence is the value itself; repeats become an array. */
function replayList(sink: JsonSink, values: XmlNode[]): void {
  if (values.length === 1) {
    replayNode(sink, values[0] as XmlNode);
    return;
  }
  sink.beginArray();
  for (const value of values) replayNode(sink, value);
  sink.endArray();
}

export function createXmlArgsWriter(options: {
  /** The call sink's arguments: the writer opens the object and closes it in `finish`. */
  args: JsonSink;
  toolName: string;
  schema: unknown;
  onError: OnToolshimError;
}): XmlArgsWriter {
  const { args, toolName, onError } = options;
  const rootSchema = unwrapSchema(options.schema);
  const written = new Set<string>();
  const collected = new Map<string, XmlNode[]>();
  args.beginObject();

  function schemaOf(name: string): Schema | undefined {
    return propertySchema(rootSchema, name);
  }

  /** A second value for a one-value parameter: keep the first, say so. */
  function repeated(name: string, text: string): void {
    onError(
      `Ignored a repeated <${name}> in a call to "${toolName}": its schema allows one value, so the first one was kept. Declare "${name}" as an array to accept several.`,
      { code: 'malformed-tool-call', toolName, text },
    );
  }

  function collects(name: string): boolean {
    const types = schemaTypes(schemaOf(name));
    return types.length === 0 || types.includes('array');
  }

  return {
    modeOf(name) {
      const types = schemaTypes(schemaOf(name));
      return types.includes('string') && !types.includes('object') && !types.includes('array')
        ? ParamMode.Stream
        : ParamMode.Value;
    },
    beginString(name) {
      if (written.has(name)) {
        const ignored: string[] = [];
        return { write: (text) => ignored.push(text), end: () => repeated(name, ignored.join('')) };
      }
      written.add(name);
      args.key(name);
      args.beginString();
      return { write: (text) => args.stringChunk(text), end: () => args.endString() };
    },
    addValue(name, value) {
      if (collects(name)) {
        const list = collected.get(name);
        if (list === undefined) collected.set(name, [value]);
        else list.push(value);
        return;
      }
      if (written.has(name)) {
        repeated(name, typeof value === 'string' ? value : '');
        return;
      }
      written.add(name);
      args.key(name);
      replayNode(args, value);
    },
    addJson(name, value) {
      if (written.has(name) || collected.has(name)) {
        repeated(name, '');
        return;
      }
      written.add(name);
      args.key(name);
      replayValue(args, value);
    },
    finish() {
      for (const [name, values] of collected) {
        args.key(name);
        replayList(args, values);
      }
      collected.clear();
      args.endObject();
    },
  };
}
