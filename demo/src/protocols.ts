/**
 * The formats the page offers (every entry of toolshim's registry, and auto)
 * and where tool-call segments sit in the raw text of each, for the highlight
 * in the raw pane. The segments come from the format's own parser, so the
 * highlight marks exactly what toolshim reads as a call.
 */

import { FORMATS, findFormat, type ToolCallProtocol } from '../../src/index.ts';

/** A registry name (`hermes`, `qwen3-coder`, …, `auto`). */
export type ProtocolId = string;

export interface DemoProtocol {
  id: ProtocolId;
  label: string;
  create: () => ToolCallProtocol;
}

export const protocols: DemoProtocol[] = FORMATS.map((format) => ({
  id: format.name,
  label: `${format.name}: ${format.label}`,
  create: format.create,
}));

/** The registry name for a picker value or URL setting (old aliases such as `xml` work). */
export function protocolIdOf(value: string): ProtocolId | undefined {
  return findFormat(value)?.name;
}

export interface Segment {
  text: string;
  /** Part of a tool-call block; `open` while its end has not arrived yet. */
  call?: 'closed' | 'open';
  /** Thinking the format marks (`<think>`, a thought channel): shown apart from the answer. */
  reasoning?: boolean;
}

const parsers = new Map<ProtocolId, ToolCallProtocol>();

/**
 * Splits raw model text into prose, thinking and tool-call segments by
 * running the format's parser over it. Until the answer has `ended`, what the
 * parser still holds at the end is an open call, or a marker not yet decided. A forced tool
 * choice answers with bare JSON, which is one call from the first character.
 * The raw pane re-renders once per animation frame and texts are a few KB,
 * so a fresh parse per frame is cheap (the streaming parse is toolshim's own).
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
    protocol = (findFormat(id) ?? (FORMATS[0] as (typeof FORMATS)[number])).create();
    parsers.set(id, protocol);
  }
  const segments: Segment[] = [];
  let consumed = 0;
  let open = false;
  const push = (piece: string, kind: Omit<Segment, 'text'>) => {
    consumed += piece.length;
    const last = segments[segments.length - 1];
    if (last && last.call === kind.call && last.reasoning === kind.reasoning) last.text += piece;
    else segments.push({ text: piece, ...kind });
  };
  const tools = new Map(toolNames.map((name) => [name, { name, inputSchema: {} }]));
  const parser = protocol.createParser(
    { tools, generateId: () => 'highlight' },
    {
      onText: (piece) => push(piece, {}),
      onReasoning: (piece) => push(piece, { reasoning: true }),
      onReasoningEnd: () => {},
      onToolCallStart: () => {
        open = true;
      },
      onToolCallDelta: () => {},
      onToolCallEnd: () => {
        open = false;
      },
      onToolCallAbort: () => {
        open = false;
      },
      onError: () => {},
      onCallSegment: (raw) => push(raw, { call: 'closed' }),
    },
  );
  parser.feed(text);
  if (ended) parser.flush();
  if (consumed < text.length) push(text.slice(consumed), open ? { call: 'open' } : {});
  return segments;
}
