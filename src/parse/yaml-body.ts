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
import { itemSchema, propertySchema, type Schema, unwrapSchema } from '../coerce/schema.ts';
import type { JsonSink } from '../json/json-sink.ts';
import { writeFlow, writePlain } from './yaml-scalar.ts';

interface Frame {
  /** A mapping or a `- ` list. */
  list: boolean;
  indent: number;
  schema: Schema | undefined;
}

/** A block scalar being streamed (`|` keeps line breaks, `>` folds them to spaces). */
interface Block {
  folded: boolean;
  chomp: string;
  /** The key's indentation: a line indented no more ends the scalar. */
  parent: number;
  /** The content's indentation, set by its first line. */
  indent: number;
  /** Line breaks seen but not written yet (their count decides folding and chomping). */
  breaks: number;
  started: boolean;
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

export function createYamlBody(sink: JsonSink, toolSchema: unknown): YamlBody {
  // The mapping opens with the call, as the other formats' arguments do; its indentation is the first line's.
  const root: Frame = { list: false, indent: -1, schema: unwrapSchema(toolSchema) };
  const frames: Frame[] = [root];
  sink.beginObject();
  /** A key whose value is on the following lines (a nested block), or null when none comes. */
  let pending: { indent: number; schema: Schema | undefined } | undefined;
  /** A plain scalar that a more indented next line may continue. */
  let plain: { text: string; indent: number; schema: Schema | undefined } | undefined;
  let block: Block | undefined;
  /** A flow collection spanning lines, with the indentation of its key. */
  let flow: { text: string; schema: Schema | undefined; depth: number; quote: string } | undefined;
  let failure: string | undefined;
  let base = -1;

  const fail = (reason: string) => {
    failure ??= reason;
  };

  function close(indent: number): void {
    for (let top = frames.at(-1); top !== undefined && top.indent > indent; top = frames.at(-1)) {
      frames.pop();
      if (top.list) sink.endArray();
      else sink.endObject();
    }
  }

  /** A value on the line after `key:` (or `- `). */
  function value(text: string, indent: number, slot: Schema | undefined): void {
    const head = text.charAt(0);
    if (text === '' || head === '#') pending = { indent, schema: slot };
    else if (head === '|' || head === '>') {
      block = {
        folded: head === '>',
        chomp: /[-+]/.exec(text)?.[0] ?? '',
        parent: indent,
        indent: -1,
        breaks: 0,
        started: false,
      };
      sink.beginString();
    } else if (head === '[' || head === '{') {
      flow = { text: '', schema: slot, depth: 0, quote: '' };
      flowLine(text);
    } else if (head === '"' || head === "'") {
      if (!writeFlow(sink, text.replace(/\s+#.*$/, ''), slot)) fail(`the string ${text.slice(0, 20)} never ends`);
    } else plain = { text: text.replace(/\s+#.*$/, ''), indent, schema: slot };
  }

  /** A line of the flow collection; only the new line is scanned for its nesting, so many lines cost linear time. */
  function flowLine(text: string): void {
    const f = flow as NonNullable<typeof flow>;
    f.text += f.text === '' ? text : ` ${text}`;
    for (const c of text) {
      if (f.quote !== '') f.quote = c === f.quote ? '' : f.quote;
      else if (c === '"' || c === "'") f.quote = c;
      else if (c === '[' || c === '{') f.depth++;
      else if (c === ']' || c === '}') f.depth--;
    }
    if (f.depth > 0) return;
    flow = undefined;
    if (!writeFlow(sink, f.text.replace(/\s+#.*$/, ''), f.schema))
      fail(`"${f.text.slice(0, 30)}" is no flow collection`);
  }

  function endPlain(): void {
    if (plain === undefined) return;
    writePlain(sink, plain.text, plain.schema);
    plain = undefined;
  }

  /** The line is the block scalar's, or ends it (false). */
  function blockLine(text: string, indent: number): boolean {
    const b = block as Block;
    if (text.trim() === '') {
      b.breaks++;
      return true;
    }
    if (b.indent < 0) b.indent = indent > b.parent ? indent : -1;
    if (b.indent < 0 || indent < b.indent) return false;
    if (b.started) {
      // Folded: one break between lines is a space, more keep all but one; literal keeps them all.
      sink.stringChunk(b.folded ? (b.breaks === 1 ? ' ' : '\n'.repeat(b.breaks - 1)) : '\n'.repeat(b.breaks));
    } else if (b.breaks > 0) sink.stringChunk('\n'.repeat(b.breaks)); // blank lines before the first are content
    b.breaks = 1;
    b.started = true;
    sink.stringChunk(text.slice(b.indent));
    return true;
  }

  function endBlock(): void {
    const b = block as Block;
    block = undefined;
    // Clip keeps one final line break, strip none, keep all.
    if (b.started && b.chomp !== '-') sink.stringChunk(b.chomp === '+' ? '\n'.repeat(b.breaks) : '\n');
    sink.endString();
  }

  function entry(text: string, indent: number) {
    if (text.startsWith('- ') || text === '-') {
      let top = frames.at(-1);
      if (pending !== undefined && indent >= pending.indent) {
        sink.beginArray();
        top = { list: true, indent, schema: pending.schema };
        frames.push(top);
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
      sink.beginObject();
      top = { list: false, indent, schema: pending.schema };
      frames.push(top);
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
      const text = raw.trimEnd();
      const indent = raw.length - raw.trimStart().length;
      if (block !== undefined) {
        if (blockLine(raw, indent)) return;
        endBlock();
      }
      if (flow !== undefined) return flowLine(text.trim());
      const content = text.trim();
      if (content === '' || content.startsWith('#')) return;
      if (plain !== undefined) {
        // A more indented line that is no `key:` continues the plain scalar, folded with a space.
        if (indent > plain.indent && !/^[^\s"'[{]+:(?:\s|$)/.test(content)) {
          plain.text += ` ${content}`;
          return;
        }
        endPlain();
      }
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
      close(indent);
      entry(content, indent);
    },
    end() {
      if (failure !== undefined) return;
      if (block !== undefined) endBlock();
      if (flow !== undefined) return fail('a flow collection never closed');
      endPlain();
      if (pending !== undefined) sink.scalar(null);
      pending = undefined;
      close(-2);
    },
    get failure() {
      return failure;
    },
    inBlock(indent) {
      return block !== undefined && indent > block.parent;
    },
  };
}
