/**
 * Reading Anthropic SSE events back in the tests: each frame's `event:` name
 * and parsed `data`, checked to agree (Anthropic's events repeat their name
 * as `data.type`).
 */
export interface SseEvent {
  event: string;
  data: Record<string, unknown> & { type: string };
}

export function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '' && !frame.startsWith(':'))
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      if (event === undefined || data === undefined) throw new Error(`Not an Anthropic event frame: ${frame}`);
      const parsed = JSON.parse(data) as SseEvent['data'];
      if (parsed.type !== event) throw new Error(`event: ${event} carries data of type ${parsed.type}`);
      return { event, data: parsed };
    });
}

export function eventsOf(frames: Uint8Array[]): SseEvent[] {
  const decoder = new TextDecoder();
  return parseEvents(frames.map((frame) => decoder.decode(frame)).join(''));
}

/** The event names in order, with each delta's kind: `content_block_delta:text_delta`. */
export function eventNames(events: SseEvent[]): string[] {
  return events.map(({ event, data }) =>
    event === 'content_block_delta' ? `${event}:${(data.delta as { type: string }).type}` : event,
  );
}
