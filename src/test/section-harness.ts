/**
 * Drives one or more triggers on the scanner, the way a format does, and
 * records what the sections report, for the sections' own unit tests. Every
 * input is fed whole, one character at a time and split at every position,
 * and the harness returns the whole-feed events after checking that all
 * chunkings gave the same ones.
 */
import type { ParserCallbacks, ParserContext, ReasoningOption } from '../parse/engine/events.ts';
import { createScanner } from '../parse/engine/scanner.ts';
import type { Trigger } from '../parse/engine/section.ts';

export type Event =
  | ['text', string]
  | ['reasoning', string]
  | ['reasoning-end']
  | ['start', string]
  | ['call', string, string]
  | ['abort']
  | ['error', string];

/** The declared tools: string and number arguments, as in most fixtures (typed values matter to XML sections). */
const SCHEMAS: Record<string, Record<string, unknown>> = {
  get_weather: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } } },
  search: { type: 'object', properties: { query: { type: 'string' }, n: { type: 'number' } } },
};
const declared = (names: string[]) =>
  new Map(names.map((name) => [name, { name, inputSchema: SCHEMAS[name] ?? { type: 'object', properties: {} } }]));

function run(triggers: readonly Trigger[], chunks: string[], tools: string[], reasoning?: ReasoningOption): Event[] {
  const events: Event[] = [];
  const push = (event: Event) => {
    const last = events[events.length - 1];
    // Neighbouring text (or reasoning) pieces are one piece: how they were cut depends on the chunking.
    if (last && (event[0] === 'text' || event[0] === 'reasoning') && last[0] === event[0]) {
      events[events.length - 1] = [event[0], `${last[1]}${event[1]}`];
    } else events.push(event);
  };
  let n = 0;
  const context: ParserContext = {
    tools: declared(tools),
    generateId: () => `id${++n}`,
    ...(reasoning === undefined ? {} : { reasoning }),
  };
  const callbacks: ParserCallbacks = {
    onText: (text) => text !== '' && push(['text', text]),
    onReasoning: (text) => text !== '' && push(['reasoning', text]),
    onReasoningEnd: () => push(['reasoning-end']),
    onToolCallStart: ({ toolName }) => push(['start', toolName]),
    onToolCallDelta: () => {},
    onToolCallEnd: ({ toolName, input }) => push(['call', toolName, input]),
    onToolCallAbort: () => push(['abort']),
    onError: (_message, meta) => push(['error', meta.code]),
  };
  const parser = createScanner(triggers, context, callbacks);
  for (const chunk of chunks) parser.feed(chunk);
  parser.flush();
  return events;
}

/** `text` whole, one character at a time, and cut in two at every point. */
export function everySplit(text: string): string[][] {
  const all = [[text], Array.from(text)];
  for (let at = 1; at < text.length; at++) all.push([text.slice(0, at), text.slice(at)]);
  return all;
}

/** The events for `text`, the same whichever way it is chunked (checked). */
export function sectionEvents(
  triggers: readonly Trigger[],
  text: string,
  options: { tools?: string[]; reasoning?: ReasoningOption } = {},
): Event[] {
  const tools = options.tools ?? ['get_weather', 'search'];
  const whole = run(triggers, [text], tools, options.reasoning);
  for (const chunks of everySplit(text).slice(1)) {
    const got = run(triggers, chunks, tools, options.reasoning);
    if (JSON.stringify(got) !== JSON.stringify(whole)) {
      throw new Error(
        `Chunking changed the events for ${JSON.stringify(chunks)}:\n  whole: ${JSON.stringify(whole)}\n  split: ${JSON.stringify(got)}`,
      );
    }
  }
  return whole;
}

/** All the text the events gave back, in order. */
export function textOf(events: Event[]): string {
  return events.map((event) => (event[0] === 'text' ? event[1] : '')).join('');
}
