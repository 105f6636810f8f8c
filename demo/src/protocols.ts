/**
 * The formats the page offers (every name toolshim exports in FORMAT_NAMES,
 * `auto` included) and where tool-call segments sit in the raw text of each,
 * for the highlight in the raw pane. The segments come from the format's own
 * parser, so the highlight marks exactly what toolshim reads as a call. Only
 * toolshim's public entry is used, as in any app.
 */

import { FORMAT_NAMES, findFormat, protocolByName, type ToolCallProtocol } from 'toolshim';

/** A format name (`hermes`, `qwen3-coder`, …, `auto`). */
export type ProtocolId = string;

export interface DemoProtocol {
  id: ProtocolId;
  /** What the format looks like, shown under the picker (the option itself shows only the name, so it fits a phone). */
  label: string;
  create: () => ToolCallProtocol;
}

export const protocols: DemoProtocol[] = FORMAT_NAMES.map((name) => ({
  id: name,
  label: findFormat(name)?.label ?? name,
  create: () => protocolByName(name),
}));

/** The format name for a picker value or URL setting (old aliases such as `xml` work). */
export function protocolIdOf(value: string): ProtocolId | undefined {
  return findFormat(value)?.name;
}

export interface Segment {
  text: string;
  /** Part of a tool-call block; `open` while its end has not arrived yet. */
  call?: 'closed' | 'open';
  /** Thinking the format marks (`<think>`, a thought channel), its markers included: shown apart from the answer. */
  reasoning?: boolean;
}

const parsers = new Map<ProtocolId, ToolCallProtocol>();

/**
 * Splits raw model text into prose, thinking and tool-call segments by
 * running the format's parser over it. The parser reports the raw text of
 * every piece of markup it consumed (`onCallSegment`): a call block (once a
 * call has started, in one piece or, for block formats such as DeepSeek's,
 * in several), but also a thinking marker (`<think>`, `</think>`, a Harmony
 * channel header), right before the thinking or its end. So a markup piece
 * is a call's when a call started since the last prose or thinking;
 * otherwise the next event says what it was. Until the answer has
 * `ended`, what the parser still holds at the end is an open call, or a
 * marker not yet decided. A forced tool choice answers with bare JSON, which
 * is one call from the first character. The raw pane re-renders once per
 * animation frame and texts are a few KB, so a fresh parse per frame is
 * cheap (the streaming parse is toolshim's own).
 */
export function segmentRaw(
  text: string,
  id: ProtocolId,
  toolNames: string[],
  bareJson: boolean,
  ended = false,
): Segment[] {
  if (bareJson && /^\s*[[{]/.test(text)) return [{ text, call: 'closed' }];
  let protocol = parsers.get(id);
  if (protocol === undefined) {
    protocol = protocolByName(findFormat(id)?.name ?? 'hermes');
    parsers.set(id, protocol);
  }
  const segments: Segment[] = [];
  let consumed = 0;
  let open = false;
  /** A call started since the last prose or thinking: markup now belongs to its block. */
  let inCall = false;
  /** Markup not yet known to be thinking or not: the next event decides. */
  let markup: string | undefined;
  const push = (piece: string, kind: Omit<Segment, 'text'>) => {
    consumed += piece.length;
    const last = segments[segments.length - 1];
    if (last && last.call === kind.call && last.reasoning === kind.reasoning) last.text += piece;
    else segments.push({ text: piece, ...kind });
  };
  const settleMarkup = (reasoning: boolean) => {
    if (markup !== undefined && markup !== '') push(markup, reasoning ? { reasoning: true } : {});
    markup = undefined;
  };
  const tools = new Map(toolNames.map((name) => [name, { name, inputSchema: {} }]));
  const parser = protocol.createParser(
    { tools, generateId: () => 'highlight' },
    {
      onText: (piece) => {
        settleMarkup(false);
        inCall = false;
        push(piece, {});
      },
      onReasoning: (piece) => {
        settleMarkup(true);
        inCall = false;
        push(piece, { reasoning: true });
      },
      onReasoningEnd: () => settleMarkup(true),
      onToolCallStart: () => {
        settleMarkup(false);
        open = true;
        inCall = true;
      },
      onToolCallDelta: () => {},
      onToolCallEnd: () => {
        open = false;
      },
      onToolCallAbort: () => {
        open = false;
      },
      onError: () => {},
      onCallSegment: (raw) => {
        if (inCall) {
          push(raw, { call: 'closed' });
          return;
        }
        settleMarkup(false);
        markup = raw;
      },
    },
  );
  parser.feed(text);
  if (ended) parser.flush();
  settleMarkup(false);
  if (consumed < text.length) push(text.slice(consumed), open ? { call: 'open' } : {});
  return segments;
}
