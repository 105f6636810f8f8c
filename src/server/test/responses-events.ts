/**
 * Test support for the Responses front door: reading its SSE events back,
 * and handing them to the real `openai` client, whose stream accumulator
 * checks every event against the items it has seen (ids, output and content
 * indices, item types) and throws on the first that does not fit.
 */
import OpenAI from 'openai';

export interface ResponsesEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}

/** Parses `event:` + `data:` frames; each frame's event name must equal its data's `type`. */
export function parseEvents(text: string): ResponsesEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '' && !frame.startsWith(':'))
    .map((frame) => {
      const lines = frame.split('\n');
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))?.slice(6) ?? 'null') as ResponsesEvent;
      if (name !== data.type) throw new Error(`event line "${name}" but data type "${data.type}"`);
      return data;
    });
}

export function framesText(frames: Uint8Array[]): string {
  const decoder = new TextDecoder();
  return frames.map((frame) => decoder.decode(frame)).join('');
}

/** An openai client whose every request is answered by `handler` in process. */
export function responsesClient(handler: (request: Request) => Promise<Response>, apiKey = 'x'): OpenAI {
  return new OpenAI({
    baseURL: 'http://proxy.test/v1',
    apiKey,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  });
}

/** Replays fixed SSE frames to `client.responses.stream()`: its events and final response. */
export async function throughSdk(frames: Uint8Array[]) {
  const client = responsesClient(
    async () => new Response(framesText(frames), { headers: { 'content-type': 'text/event-stream' } }),
  );
  const stream = client.responses.stream({ model: 'm', input: 'x' });
  const events: Array<{ type: string }> = [];
  for await (const event of stream) events.push(event);
  return { events, response: await stream.finalResponse() };
}

/** The weather tool as a Responses function tool (flat: name and parameters at the top). */
export const weatherFunction = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

/** Reads a Responses stream's output text until it ends or raises: the text so far, and what it raised. */
export async function textUntilError(stream: AsyncIterable<{ type: string; delta?: unknown }>) {
  let text = '';
  try {
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta as string;
    return { text, error: undefined };
  } catch (error) {
    return { text, error };
  }
}
