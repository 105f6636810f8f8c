/**
 * Reads the content of one non-string parameter element incrementally, up to
 * its own close tag, into an XmlNode: text, or child elements by name
 * (`<address><city>…</city></address>`, `<tags><item>a</item>…</tags>`).
 *
 * Each character is read once. Text is kept as slices and joined when its
 * element closes; a tag is at most MAX_TAG_LENGTH characters, so a `<` in a
 * value (`<count>< 5</count>`) costs a bounded look, then counts as text.
 */
import { MAX_NESTING } from '../../json/depth.ts';
import { MIXED_TEXT_KEY, type XmlChildren, type XmlNode } from './xml-args.ts';
import { canStartTag, collectTag, parseTag } from './xml-tag.ts';
import { decodeEntities, trimValueText } from './xml-text.ts';

interface Frame {
  name: string;
  text: string[];
  children: XmlChildren | undefined;
}

export interface XmlValueReader {
  /** Reads from `from`; returns where it stopped (just past the close tag once `done`). */
  write(text: string, from: number): number;
  readonly done: boolean;
  /** The value, once done. */
  readonly value: XmlNode;
}

function addChild(frame: Frame, name: string, value: XmlNode): void {
  if (frame.children === undefined) frame.children = new Map();
  const list = frame.children.get(name);
  if (list === undefined) frame.children.set(name, [value]);
  else list.push(value);
}

function nodeOf(frame: Frame): XmlNode {
  const text = frame.text.join('');
  if (frame.children === undefined) return decodeEntities(trimValueText(text));
  // Whitespace between child elements is layout; other text is kept, not lost.
  if (text.trim() !== '') frame.children.set(MIXED_TEXT_KEY, [decodeEntities(text.trim())]);
  return frame.children;
}

export function createXmlValueReader(elementName: string): XmlValueReader {
  const stack: Frame[] = [{ name: elementName, text: [], children: undefined }];
  let value: XmlNode = '';
  let done = false;
  /** Inside `<…`: the tag text read so far (it may span chunks). */
  let tag: string | undefined;
  /**
   * Elements opened past MAX_NESTING and not closed yet: they are text of the
   * deepest element, and so are their close tags, so the markup stays whole
   * (a close tag must not end an element of the same name further up).
   */
  let deepOpen = 0;

  function top(): Frame {
    return stack[stack.length - 1] as Frame;
  }

  /** Applies a complete tag; false when it is not markup here (then it is text). */
  function applyTag(inner: string): boolean {
    const parsed = parseTag(inner);
    if (parsed === undefined) return false;
    if (parsed.kind === 'open') {
      // Deeper than the argument walks may go (json/depth.ts): the tag stays text of the value.
      if (stack.length > MAX_NESTING) {
        deepOpen++;
        return false;
      }
      stack.push({ name: parsed.name, text: [], children: undefined });
      return true;
    }
    if (parsed.kind === 'self-closing') {
      if (deepOpen > 0) return false;
      addChild(top(), parsed.name, '');
      return true;
    }
    if (deepOpen > 0) {
      deepOpen--;
      return false;
    }
    // A close tag closes the nearest open element of that name; unmatched ones are text.
    let at = stack.length - 1;
    while (at >= 0 && (stack[at] as Frame).name !== parsed.name) at--;
    if (at < 0) return false;
    while (stack.length - 1 > at) {
      const frame = stack.pop() as Frame; // an element the model left open
      addChild(top(), frame.name, nodeOf(frame));
    }
    const frame = stack.pop() as Frame;
    if (stack.length === 0) {
      value = nodeOf(frame);
      done = true;
    } else addChild(top(), frame.name, nodeOf(frame));
    return true;
  }

  return {
    write(text, from) {
      let i = from;
      while (i < text.length && !done) {
        if (tag !== undefined) {
          const got = collectTag(tag, text, i);
          i = got.stop;
          if (got.status === 'open') tag = got.inner;
          else {
            tag = undefined;
            if (got.status === 'abort' || !applyTag(got.inner)) {
              top().text.push(`<${got.inner}${got.status === 'closed' ? '>' : ''}`);
            }
          }
          continue;
        }
        const lt = text.indexOf('<', i);
        if (lt < 0) {
          top().text.push(text.slice(i));
          return text.length;
        }
        if (lt > i) top().text.push(text.slice(i, lt));
        if (lt + 1 < text.length && !canStartTag(text.charAt(lt + 1))) {
          top().text.push('<');
          i = lt + 1;
          continue;
        }
        tag = '';
        i = lt + 1;
      }
      return i;
    },
    get done() {
      return done;
    },
    get value() {
      return value;
    },
  };
}
