/**
 * The protocols the page offers, and where tool-call segments sit in the raw
 * text of each (for the highlight in the raw pane; the parsing itself is
 * toolshim's).
 */
import {
  gemmaProtocol,
  hermesProtocol,
  morphXmlProtocol,
  qwen3CoderProtocol,
  type ToolCallProtocol,
} from '../../src/index.ts';

export type ProtocolId = 'hermes' | 'gemma' | 'xml' | 'qwen3coder';

export interface DemoProtocol {
  id: ProtocolId;
  label: string;
  create: () => ToolCallProtocol;
}

export const protocols: DemoProtocol[] = [
  { id: 'hermes', label: 'hermes: <tool_call>{json}</tool_call>', create: hermesProtocol },
  { id: 'gemma', label: 'gemma: ```tool_call fence', create: gemmaProtocol },
  { id: 'xml', label: 'xml: <get_weather><city>…', create: morphXmlProtocol },
  { id: 'qwen3coder', label: 'qwen3coder: <function=…>', create: qwen3CoderProtocol },
];

export interface Segment {
  text: string;
  /** Part of a tool-call block; `open` while its end has not arrived yet. */
  call?: 'closed' | 'open';
}

interface Span {
  start: number;
  /** Where the opening marker ends (search for the close after it). */
  bodyStart: number;
  close: string;
}

function firstOpening(text: string, from: number, id: ProtocolId, toolNames: string[]): Span | undefined {
  if (id === 'hermes' || id === 'qwen3coder') {
    const at = text.indexOf('<tool_call>', from);
    return at < 0 ? undefined : { start: at, bodyStart: at + 11, close: '</tool_call>' };
  }
  if (id === 'gemma') {
    const at = text.indexOf('```tool_call', from);
    return at < 0 ? undefined : { start: at, bodyStart: at + 12, close: '```' };
  }
  let best: Span | undefined;
  for (const name of toolNames) {
    for (const open of [`<${name}>`, `<${name}/>`]) {
      const at = text.indexOf(open, from);
      if (at >= 0 && (best === undefined || at < best.start)) {
        best = { start: at, bodyStart: at + open.length, close: open.endsWith('/>') ? '' : `</${name}>` };
      }
    }
  }
  return best;
}

/**
 * Splits raw model text into prose and tool-call segments. A forced tool
 * choice answers with bare JSON, which is one call from the first character.
 * The raw pane re-renders once per animation frame, and texts are a few KB,
 * so a plain scan is enough here (the parsers are the incremental part).
 */
export function segmentRaw(text: string, id: ProtocolId, toolNames: string[], bareJson: boolean): Segment[] {
  if (bareJson && /^\s*[[{]/.test(text)) return [{ text, call: 'closed' }];
  const segments: Segment[] = [];
  let pos = 0;
  while (pos < text.length) {
    const span = firstOpening(text, pos, id, toolNames);
    if (span === undefined) {
      segments.push({ text: text.slice(pos) });
      break;
    }
    if (span.start > pos) segments.push({ text: text.slice(pos, span.start) });
    const closeAt = span.close === '' ? span.bodyStart : text.indexOf(span.close, span.bodyStart);
    if (closeAt < 0) {
      segments.push({ text: text.slice(span.start), call: 'open' });
      break;
    }
    const end = closeAt + span.close.length;
    segments.push({ text: text.slice(span.start, end), call: 'closed' });
    pos = end;
  }
  return segments;
}
