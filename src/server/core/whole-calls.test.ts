/**
 * The dropped-call rule, on the wire of all three APIs: a model that starts
 * a call and breaks it (each family's scripted malformed call, which the
 * middleware announces and then drops) never puts a call block, item or
 * delta in the client's stream, whatever the format and however the text
 * is cut; the model's text comes through instead, and the answer does not
 * say it ended for a tool. A whole call in the same stream still comes.
 */
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../engines/sample/replay-protocol.ts';
import { createProxyHandler } from '../handler.ts';
import { chunk, fakeUpstream, jsonRequest, sseResponse } from '../test/fake-upstream.ts';

const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

type Event = Record<string, unknown>;

/** The value at a path of keys and indexes in an event, or undefined. */
function get(value: unknown, ...path: Array<string | number>): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** Each door's streamed request with the weather tool, and what of its stream would be a call. */
const DOORS = {
  'chat completions': {
    path: '/v1/chat/completions',
    body: {
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [{ type: 'function', function: weather }],
    },
    isCall: (data: Event) => get(data, 'choices', 0, 'delta', 'tool_calls') !== undefined,
    text: (data: Event) => String(get(data, 'choices', 0, 'delta', 'content') ?? ''),
    ending: (data: Event) => get(data, 'choices', 0, 'finish_reason'),
  },
  responses: {
    path: '/v1/responses',
    body: { input: 'Weather in Paris?', tools: [{ type: 'function', ...weather }] },
    isCall: (data: Event) =>
      String(data.type).startsWith('response.function_call') || get(data, 'item', 'type') === 'function_call',
    text: (data: Event) => (data.type === 'response.output_text.delta' ? String(data.delta) : ''),
    ending: (data: Event) => (data.type === 'response.completed' ? get(data, 'response', 'status') : undefined),
  },
  messages: {
    path: '/v1/messages',
    body: {
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [{ name: weather.name, description: weather.description, input_schema: weather.parameters }],
    },
    isCall: (data: Event) =>
      get(data, 'content_block', 'type') === 'tool_use' || get(data, 'delta', 'type') === 'input_json_delta',
    text: (data: Event) => (get(data, 'delta', 'type') === 'text_delta' ? String(get(data, 'delta', 'text')) : ''),
    ending: (data: Event) => get(data, 'delta', 'stop_reason'),
  },
} as const;

/** The data of every SSE event the handler sent (comments and `[DONE]` left out). */
async function events(response: Response): Promise<Event[]> {
  const text = await response.text();
  return [...text.matchAll(/^data: (.*)$/gm)]
    .map((match) => match[1] as string)
    .filter((data) => data !== '[DONE]')
    .map((data) => JSON.parse(data) as Event);
}

async function streamed(door: keyof typeof DOORS, protocol: string, text: string, size: number) {
  const upstream = fakeUpstream(() => {
    const pieces = [];
    for (let i = 0; i < text.length; i += size) pieces.push(chunk({ content: text.slice(i, i + size) }));
    return sseResponse([...pieces, chunk({}, 'stop')]);
  });
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
    protocol,
  });
  const { path, body } = DOORS[door];
  const response = await handler(
    jsonRequest(path, { model: 'm', stream: true, ...body }, { headers: { 'anthropic-version': '2023-06-01' } }),
  );
  expect(response.status).toBe(200);
  return events(response);
}

const PROTOCOLS = ['hermes', 'qwen3-coder', 'gemma', 'mistral', 'llama3-json'];
const paris = { name: 'get_weather', arguments: { city: 'Paris' } };

describe.each(Object.keys(DOORS) as Array<keyof typeof DOORS>)('a dropped call on %s', (door) => {
  const { isCall, text, ending } = DOORS[door];

  it.each(PROTOCOLS)('PROTOCOL=%s: no call reaches the client, cut every 1 and 7 characters', async (protocol) => {
    const broken = renderTurnWith(replayProtocol(protocol), {
      before: 'Let me check.\n',
      calls: [paris],
      malformed: true,
    });
    for (const size of [1, 7]) {
      const sent = await streamed(door, protocol, broken, size);
      expect(sent.filter(isCall)).toEqual([]);
      // Nothing lost: every character the model wrote reaches the client as text.
      const shown = sent.map(text).join('');
      expect(shown.replace(/\s+/g, '')).toBe(broken.replace(/\s+/g, ''));
      expect(sent.map(ending).filter(Boolean)).toEqual([
        door === 'messages' ? 'end_turn' : door === 'responses' ? 'completed' : 'stop',
      ]);
    }
  });

  it('a whole call after the broken one still comes, once', async () => {
    const protocol = replayProtocol('hermes');
    const broken = renderTurnWith(protocol, { calls: [paris], malformed: true });
    const whole = renderTurnWith(protocol, { calls: [paris] });
    const sent = await streamed(door, 'hermes', `${broken}\n\nSorry, again:\n${whole}`, 3);
    const calls = sent.filter(isCall);
    expect(calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).toContain('Paris');
  });
});
