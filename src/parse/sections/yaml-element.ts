/**
 * yaml-xml calls: an element named after a declared tool whose body is a
 * YAML mapping of its arguments, the format of @ai-sdk-tool/parser's
 * `yamlXmlProtocol`:
 *
 *   <write_file>
 *   path: /tmp/a.txt
 *   contents: |
 *     First line
 *     Second line
 *   </write_file>
 *
 * `<get_location/>` (or `<get_location />`) and an empty body are calls
 * without arguments. The body is read line by line (yaml-body.ts), and each
 * line's arguments stream out when it ends. The close tag ends the body at a
 * line's start, or after a value on its line (`city: Paris</get_weather>`);
 * inside a block scalar's more indented lines it is content. A body that is
 * no YAML mapping, or a call whose close tag never came, goes back as text
 * with the reason.
 */
import { createCallSink } from '../engine/call-sink.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { openTagStep } from '../readers/xml-tag.ts';
import { createYamlBody, type YamlBody } from '../readers/yaml-body.ts';

const OPEN_TAG = 0;
const BODY = 1;
const DONE = 2;

/**
 * Where the close tag ends the body in the current `line`, which was `before` characters long before
 * this chunk's text: -1 when it does not. Its indentation is `indent` (-1: blanks so far); among a block
 * scalar's more indented lines the tag is content. Only the new text and the few characters before it
 * are searched (a tag split across chunks starts there), so a long line costs linear time.
 */
function closeTagAt(line: string, before: number, indent: number, body: YamlBody, closeTag: string): number {
  if (indent < 0 || body.inBlock(indent)) return -1;
  return line.indexOf(closeTag, Math.max(0, before + 1 - closeTag.length));
}

export function openYamlElement(env: SectionEnv, marker: string): Section {
  const { context, callbacks } = env;
  // Where auto merged this trigger with morph-XML's, the blanks after `<name` come with the marker.
  const toolName = marker.slice(1).trimEnd();
  const closeTag = `</${toolName}>`;
  const sink = createCallSink(context, callbacks, true);
  const raw = createRawBlock(callbacks, marker);
  let state = OPEN_TAG;
  let openTag = marker.slice(toolName.length + 1);
  /** The current line, until its line break (or the close tag) decides it. */
  let line = '';
  /** The current line's indentation, once a character other than a blank came; -1 before. */
  let indent = -1;
  let body: YamlBody | undefined;
  /**
   * How far the current chunk is read: its text is kept for a give-back once per chunk (or when the call
   * fails), not per line, so the kept pieces stay slices of the chunks.
   */
  let at = 0;

  function start(): void {
    sink.start(toolName, true);
    body = createYamlBody(sink.args, context.tools.get(toolName)?.inputSchema);
    state = BODY;
  }

  function fail(reason: string, code?: 'unclosed-tool-call'): void {
    sink.abort();
    raw.keepTo(at);
    raw.giveBack(reason, code, toolName);
    state = DONE;
  }

  /** Feeds a complete line; false when the body proved to be no YAML mapping (the call failed). */
  function feedLine(text: string): boolean {
    const yaml = body as YamlBody;
    yaml.line(text);
    if (yaml.failure === undefined) return true;
    fail(yaml.failure);
    return false;
  }

  function finish() {
    const yaml = body as YamlBody;
    yaml.end();
    if (yaml.failure !== undefined) return fail(yaml.failure);
    sink.end();
    raw.commit();
    state = DONE;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      if (state === OPEN_TAG) {
        const step = openTagStep(openTag, text.charAt(i));
        if (step === undefined) openTag += text.charAt(i++);
        else if (step === null) {
          raw.keepTo(i);
          raw.giveBack(undefined);
          state = DONE;
        } else {
          i++;
          start();
          if (step) {
            raw.keepTo(i);
            finish(); // `<get_location/>`: a call without arguments
          }
        }
        continue;
      }
      const newline = text.indexOf('\n', i);
      const stop = newline < 0 ? n : newline;
      const before = line.length;
      const added = text.slice(i, stop);
      line += added;
      const first = indent < 0 ? added.search(/\S/) : -1;
      if (first >= 0) indent = before + first;
      const close = closeTagAt(line, before, indent, body as YamlBody, closeTag);
      if (close >= 0) {
        // What comes before the tag on its line is the body's last line; what follows it is not the call's.
        i += close + closeTag.length - before;
        raw.keepTo(i);
        if (line.slice(0, close).trim() === '' || feedLine(line.slice(0, close))) finish();
        return i;
      }
      i = newline < 0 ? n : newline + 1;
      if (newline >= 0) {
        const complete = line;
        line = '';
        indent = -1;
        at = i;
        if (!feedLine(complete)) return i;
      }
    }
    if (state !== DONE) raw.keepTo(i);
    return i;
  }

  return {
    write,
    get done() {
      return state === DONE;
    },
    end() {
      if (state === OPEN_TAG)
        raw.giveBack(undefined); // `<get_weather` and nothing after it: not a call
      // The output ends with the close tag on a line of its own, indented as the block's content: the call's end.
      else if (state === BODY && line.trim() === closeTag) finish();
      else if (state === BODY) fail(`the output ended before </${toolName}>`, 'unclosed-tool-call');
      state = DONE;
    },
  };
}
