/**
 * A YAML mapping, read line by line as it streams, into JSON events for a
 * call's arguments: the body of a yaml-xml call. What it reads:
 *
 *   key: plain value            typed as YAML's core schema types it
 *   key: "double" / 'single'    strings (escapes as YAML writes them)
 *   key: [a, b] / {k: v}        flow collections
 *   key: |  or  key: >          block scalars (`-` / `+` chomping), streamed line by line
 *   key:                        then a nested mapping, or a `- item` list, more indented
 *
 * Indentation sets the structure; the first line's indentation is the base
 * (an indented body is read the same). Comments (`# …`) and blank lines
 * between entries are skipped. Anything else (a top-level list or scalar, a
 * line with no `key:`) is no mapping: the body reports why through
 * `failure`, and its caller gives the call's text back.
 *
 * Each character is handled once: a line's text is held only until its end
 * decides it, and a block scalar's lines go out as they arrive.
 */
import { itemSchema, propertySchema, type Schema, unwrapSchema } from '../../coerce/schema.ts';
import type { JsonSink } from '../../json/json-sink.ts';
import { writeFlow, writePlain } from './yaml-scalar.ts';

interface Frame {
  /** A mapping or a `- ` list. */
  list: boolean;
  indent: number;
  schema: Schema | undefined;
}

export interface YamlBody {
  /** Reads one line (without its line break). */
  line(text: string): void;
  /** The body is over: closes what is open. */
  end(): void;
  /** Why the body is no YAML mapping, once it is known. */
  readonly failure: string | undefined;
  /** Whether the open block scalar takes lines indented more than `indent` (a close tag there is content). */
  inBlock(indent: number): boolean;
}

/**
 * A value that may go on over the lines after its key: takes the next line (true), or is over before it
 * (false) and has written itself. A line of `undefined` means the body ended.
 */
type Continued = (raw: string | undefined, indent: number) => boolean;

/** A comment after a value on its line. */
const TRAILING_COMMENT = /\s+#.*$/;

/**
 * A block scalar (`|` keeps line breaks, `>` folds them to spaces, `-` / `+` chomp the last ones), streamed
 * line by line; `parent` is its key's indentation, so a line indented no more ends it.
 */
function blockScalar(sink: JsonSink, header: string, parent: number): Continued {
  const folded = header.charAt(0) === '>';
  const chomp = /[-+]/.exec(header)?.[0] ?? '';
  /** The content's indentation, set by its first line. */
  let indent = -1;
  /** Line breaks seen but not written yet (their count decides folding and chomping). */
  let breaks = 0;
  let started = false;
  sink.beginString();
  return (raw, lineIndent) => {
    if (raw !== undefined) {
      if (raw.trim() === '') {
        breaks++;
        return true;
      }
      if (indent < 0) indent = lineIndent > parent ? lineIndent : -1;
      if (indent >= 0 && lineIndent >= indent) {
        if (started) {
          // Folded: one break between lines is a space, more keep all but one; literal keeps them all.
          sink.stringChunk(folded ? (breaks === 1 ? ' ' : '\n'.repeat(breaks - 1)) : '\n'.repeat(breaks));
        } else if (breaks > 0) sink.stringChunk('\n'.repeat(breaks)); // blank lines before the first are content
        breaks = 1;
        started = true;
        sink.stringChunk(raw.slice(indent));
        return true;
      }
    }
    // Clip keeps one final line break, strip none, keep all.
    if (started && chomp !== '-') sink.stringChunk(chomp === '+' ? '\n'.repeat(breaks) : '\n');
    sink.endString();
    return false;
  };
}

/**
 * A flow collection (`[a, b]`, `{k: v}`), which may span lines; it is written whole once its brackets close.
 * Only each new line is scanned for its nesting, so many lines cost linear time.
 */
function flowCollection(sink: JsonSink, schema: Schema | undefined, fail: (reason: string) => void): Continued {
  let text = '';
  let depth = 0;
  let quote = '';
  let closed = false;
  return (raw) => {
    if (closed) return false;
    if (raw === undefined) {
      fail('a flow collection never closed');
      return false;
    }
    const line = raw.trim();
    text += text === '' ? line : ` ${line}`;
    for (const c of line) {
      if (quote !== '') quote = c === quote ? '' : quote;
      else if (c === '"' || c === "'") quote = c;
      else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') depth--;
    }
    if (depth > 0) return true;
    closed = true;
    if (!writeFlow(sink, text.replace(TRAILING_COMMENT, ''), schema)) {
      fail(`"${text.slice(0, 30)}" is no flow collection`);
    }
    return true;
  };
}

/** A plain scalar, which more indented lines that are no `key:` continue, folded with a space. */
function plainScalar(sink: JsonSink, first: string, indent: number, schema: Schema | undefined): Continued {
  let text = first;
  return (raw, lineIndent) => {
    const content = raw?.trim();
    // Blank lines and comments between its lines are skipped.
    if (content === '' || content?.startsWith('#')) return true;
    if (content !== undefined && lineIndent > indent && !/^[^\s"'[{]+:(?:\s|$)/.test(content)) {
      text += ` ${content}`;
      return true;
    }
    writePlain(sink, text, schema);
    return false;
  };
}

/** Closes the mappings and lists indented more than `indent`. */
function closeFrames(sink: JsonSink, frames: Frame[], indent: number): void {
  for (let top = frames.at(-1); top !== undefined && top.indent > indent; top = frames.at(-1)) {
    frames.pop();
    if (top.list) sink.endArray();
    else sink.endObject();
  }
}

/** Opens a mapping or list nested at `indent`, as the value of the key before it. */
function openFrame(sink: JsonSink, frames: Frame[], list: boolean, indent: number, schema: Schema | undefined): Frame {
  if (list) sink.beginArray();
  else sink.beginObject();
  const frame = { list, indent, schema };
  frames.push(frame);
  return frame;
}

export function createYamlBody(sink: JsonSink, toolSchema: unknown): YamlBody {
  // The mapping opens with the call, as the other formats' arguments do; its indentation is the first line's.
  const root: Frame = { list: false, indent: -1, schema: unwrapSchema(toolSchema) };
  const frames: Frame[] = [root];
  sink.beginObject();
  /** A key whose value is on the following lines (a nested block), or null when none comes. */
  let pending: { indent: number; schema: Schema | undefined } | undefined;
  /** The value of the last key, while the next lines may still be part of it. */
  let more: Continued | undefined;
  /** The key's indentation while `more` is a block scalar. */
  let blockParent: number | undefined;
  let failure: string | undefined;
  let base = -1;

  const fail = (reason: string) => {
    failure ??= reason;
  };

  /** A value on the line after `key:` (or `- `). */
  function value(text: string, indent: number, slot: Schema | undefined): void {
    const head = text.charAt(0);
    if (text === '' || head === '#') pending = { indent, schema: slot };
    else if (head === '|' || head === '>') {
      more = blockScalar(sink, text, indent);
      blockParent = indent;
    } else if (head === '[' || head === '{') {
      more = flowCollection(sink, slot, fail);
      more(text, indent); // its first line is this one
    } else if (head === '"' || head === "'") {
      if (!writeFlow(sink, text.replace(TRAILING_COMMENT, ''), slot)) {
        fail(`the string ${text.slice(0, 20)} never ends`);
      }
    } else more = plainScalar(sink, text.replace(TRAILING_COMMENT, ''), indent, slot);
  }

  function entry(text: string, indent: number) {
    if (text.startsWith('- ') || text === '-') {
      let top = frames.at(-1);
      if (pending !== undefined && indent >= pending.indent) {
        top = openFrame(sink, frames, true, indent, pending.schema);
        pending = undefined;
      }
      if (top?.list !== true || top.indent !== indent) return fail('a list item where no list can be');
      // `- key: value` opens a mapping whose keys sit two columns in.
      const rest = text.slice(2).trimStart();
      const at = indent + text.length - rest.length;
      if (/^[^\s"'[{#|>-][^:]*:(?:\s|$)/.test(rest) || /^["'][^"']*["']:(?:\s|$)/.test(rest)) {
        pending = { indent: at - 1, schema: itemSchema(top.schema) };
        return entry(rest, at);
      }
      return value(rest, indent, itemSchema(top.schema));
    }
    // A plain key starts with no YAML indicator (`[`, `{`, `|`, …): `[a: b` is a broken flow list, not a key.
    const key = /^(?:"([^"]*)"|'([^']*)'|([^\s#"'[\]{}|>!&*%@`,?-][^:]*?)):(?:\s+|$)/.exec(text);
    if (key === null) return fail(`"${text.slice(0, 30)}" is no "key: value" line`);
    let top = frames.at(-1);
    // A list written at its key's own indentation (`key:\n- a`) ends at the next key there.
    while (top?.list === true && top.indent === indent) {
      frames.pop();
      sink.endArray();
      top = frames.at(-1);
    }
    if (pending !== undefined && indent > pending.indent) {
      top = openFrame(sink, frames, false, indent, pending.schema);
      pending = undefined;
    }
    if (top === undefined || top.list || top.indent !== indent) return fail('the indentation is not a mapping’s');
    const name = (key[1] ?? key[2] ?? (key[3] as string)).trim();
    sink.key(name);
    value(text.slice(key[0].length), indent, propertySchema(top.schema, name));
  }

  return {
    line(raw) {
      if (failure !== undefined) return;
      const indent = raw.length - raw.trimStart().length;
      if (more !== undefined) {
        if (more(raw, indent)) return;
        more = blockParent = undefined;
      }
      const content = raw.trim();
      if (content === '' || content.startsWith('#')) return;
      if (base < 0) {
        base = indent;
        if (content.startsWith('- ') || !/:(?:\s|$)/.test(content)) return fail('the body is no YAML mapping');
        root.indent = indent;
      }
      if (indent < base) return fail('a line is indented less than the first');
      if (
        pending !== undefined &&
        indent <= pending.indent &&
        !(content.startsWith('-') && indent === pending.indent)
      ) {
        sink.scalar(null); // `key:` with nothing under it
        pending = undefined;
      }
      closeFrames(sink, frames, indent);
      entry(content, indent);
    },
    end() {
      if (failure !== undefined) return;
      more?.(undefined, 0);
      more = blockParent = undefined;
      if (failure !== undefined) return;
      if (pending !== undefined) sink.scalar(null);
      pending = undefined;
      closeFrames(sink, frames, -2);
    },
    get failure() {
      return failure;
    },
    inBlock(indent) {
      return blockParent !== undefined && indent > blockParent;
    },
  };
}
