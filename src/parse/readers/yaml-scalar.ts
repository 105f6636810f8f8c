/**
 * YAML scalars and flow collections, for the YAML bodies of yaml-xml calls
 * (`<get_weather>\ncity: Seoul\ndays: 3\n</get_weather>`). Plain scalars are
 * typed as YAML 1.2's core schema types them (the schema of the `yaml`
 * package the format's originator, @ai-sdk-tool/parser, parses with), unless
 * the tool's schema wants a string there: then the text is kept as written
 * (`007`, `yes`). Flow collections (`[a, "b", 3]`, `{x: 1}`) arrive whole.
 */
import { type Schema, schemaTypes } from '../../coerce/schema.ts';
import type { JsonSink } from '../../json/json-sink.ts';

const INT = /^[-+]?(?:0|[1-9][0-9]*)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A plain scalar as YAML's core schema reads it. */
export function plainValue(text: string): string | number | boolean | null {
  if (text === '' || text === '~' || /^(?:null|Null|NULL)$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (INT.test(text) || FLOAT.test(text)) {
    const number = Number(text);
    // A number JSON cannot hold (1e999) stays the text the model wrote.
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/** Writes a plain scalar to `sink`: the text itself where the schema wants a string, else typed. */
export function writePlain(sink: JsonSink, text: string, schema: Schema | undefined): void {
  const value = schemaTypes(schema).includes('string') ? text : plainValue(text);
  if (typeof value === 'string') {
    sink.beginString();
    if (value !== '') sink.stringChunk(value);
    sink.endString();
  } else sink.scalar(value);
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  b: '\b',
  f: '\f',
  e: '\x1b',
  _: '\xa0',
};

/**
 * A flow collection, complete (`[a, "b c", {d: 1}]`), as sink events; false
 * when it is no flow collection YAML reads.
 */
export function writeFlow(sink: JsonSink, text: string, schema: Schema | undefined): boolean {
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
  };
  function quoted(): string | undefined {
    const q = text.charAt(i++);
    let out = '';
    while (i < text.length) {
      const c = text.charAt(i++);
      if (c === q && q === "'" && text.charAt(i) === "'") {
        out += "'";
        i++;
      } else if (c === q) return out;
      else if (c === '\\' && q === '"') {
        const e = text.charAt(i++);
        if (e === 'u' || e === 'x') {
          const size = e === 'u' ? 4 : 2;
          out += String.fromCharCode(Number.parseInt(text.slice(i, i + size), 16));
          i += size;
        } else out += ESCAPES[e] ?? e;
      } else out += c;
    }
    return undefined;
  }
  function value(slot: Schema | undefined): boolean {
    space();
    const c = text.charAt(i);
    if (c === '[' || c === '{') {
      i++;
      const map = c === '{';
      if (map) sink.beginObject();
      else sink.beginArray();
      for (space(); text.charAt(i) !== (map ? '}' : ']'); space()) {
        if (map) {
          const key = text.charAt(i) === '"' || text.charAt(i) === "'" ? quoted() : word(':');
          space();
          if (key === undefined || text.charAt(i) !== ':') return false;
          i++;
          sink.key(key);
        }
        if (!value(undefined)) return false;
        space();
        if (text.charAt(i) === ',') i++;
        else if (text.charAt(i) !== (map ? '}' : ']')) return false;
      }
      i++;
      if (map) sink.endObject();
      else sink.endArray();
      return true;
    }
    if (c === '"' || c === "'") {
      const s = quoted();
      if (s === undefined) return false;
      sink.beginString();
      sink.stringChunk(s);
      sink.endString();
      return true;
    }
    const plain = word('');
    if (plain === '') return false;
    writePlain(sink, plain, slot);
    return true;
  }
  /** A plain scalar inside a flow collection: up to `,`, a closing bracket, or `stop`. */
  function word(stop: string): string {
    const start = i;
    while (i < text.length && !',]}'.includes(text.charAt(i)) && text.charAt(i) !== stop) i++;
    return text.slice(start, i).trim();
  }
  const ok = value(schema);
  space();
  return ok && i === text.length;
}
