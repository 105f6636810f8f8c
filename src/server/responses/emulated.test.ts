/**
 * `POST /v1/responses` in emulated mode, through the real `openai` client
 * (`responses.create` and `responses.stream`), for several formats: the fake
 * upstream answers with model text scripted in each format (written by the
 * format's own history renderer), streamed in small pieces.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol, thinkingWriter } from '../../engines/sample/replay-protocol.ts';
import type { ReplayTurn } from '../../engines/sample/replay-scripts.ts';
import { createProxyHandler } from '../handler.ts';
import { chunk, completion, fakeUpstream, sseResponse } from '../test/fake-upstream.ts';
import { responsesClient, weatherFunction } from '../test/responses-events.ts';

const weather = weatherFunction;
const tools = [weather];
const FORMATS = ['hermes', 'qwen3-coder', 'harmony', 'gemma4', 'auto'];

/** A proxy whose upstream model writes `text`: streamed in 5-character pieces, or whole. */
function proxy(protocol: string, text: string) {
  const upstream = fakeUpstream((request) => {
    if (request.body.stream !== true) return Response.json(completion(text));
    const pieces = [chunk({ role: 'assistant', content: '' })];
    for (let i = 0; i < text.length; i += 5) pieces.push(chunk({ content: text.slice(i, i + 5) }));
    return sseResponse([...pieces, chunk({}, 'stop')]);
  });
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
    protocol,
  });
  return { client: responsesClient(handler), requests: upstream.requests };
}

const paris = { name: 'get_weather', arguments: { city: 'Paris' } };
const oslo = { name: 'get_weather', arguments: { city: 'Oslo' } };

type Item = OpenAI.Responses.ResponseOutputItem;
const calls = (output: Item[]) =>
  output
    .filter((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call')
    .map((item) => ({ name: item.name, arguments: JSON.parse(item.arguments) as unknown, status: item.status }));

/** The same request whole and streamed: both answers, and the streamed events' types. */
async function both(
  protocol: string,
  turn: ReplayTurn | string,
  body: Partial<Omit<OpenAI.Responses.ResponseCreateParamsNonStreaming, 'stream'>>,
) {
  const text = typeof turn === 'string' ? turn : renderTurnWith(replayProtocol(protocol), turn);
  const request = { model: 'local-model', input: 'What is the weather in Paris?', tools, ...body };
  const whole = await proxy(protocol, text).client.responses.create(request);
  const streamed = proxy(protocol, text);
  const stream = streamed.client.responses.stream(request);
  const types: string[] = [];
  /** Each call's argument deltas joined, by item id; they must equal its final arguments. */
  const joined = new Map<string, string>();
  for await (const event of stream) {
    types.push(event.type);
    if (event.type === 'response.function_call_arguments.delta') {
      joined.set(event.item_id, (joined.get(event.item_id) ?? '') + event.delta);
    }
  }
  const final = await stream.finalResponse();
  for (const item of final.output) {
    if (item.type === 'function_call') expect(joined.get(item.id as string)).toBe(item.arguments);
  }
  return { whole, streamed: final, types, requests: streamed.requests };
}

describe.each(FORMATS)('PROTOCOL=%s, the openai client on /v1/responses', (protocol) => {
  it('a call: a function_call item, whole and streamed, announced once its arguments are whole', async () => {
    const { whole, streamed, types } = await both(protocol, { calls: [paris] }, {});
    for (const response of [whole, streamed]) {
      expect(response.status).toBe('completed');
      expect(response.model).toBe('local-model');
      expect(calls(response.output)).toEqual([
        { name: 'get_weather', arguments: { city: 'Paris' }, status: 'completed' },
      ]);
      expect(response.output_text).toBe('');
    }
    // One added/delta/done/item-done run for the call: it is sent once whole (core/whole-calls.ts).
    expect(
      types.filter((t) => t.startsWith('response.function_call_arguments') || t.startsWith('response.output_item')),
    ).toEqual([
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
    ]);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('parallel calls: one function_call item each, with distinct call_ids', async () => {
    const { whole, streamed } = await both(protocol, { calls: [paris, oslo] }, {});
    for (const response of [whole, streamed]) {
      expect(calls(response.output).map((c) => c.arguments)).toEqual([{ city: 'Paris' }, { city: 'Oslo' }]);
      const ids = response.output.map((item) => (item as { call_id?: string }).call_id);
      expect(new Set(ids).size).toBe(2);
    }
  });

  it('text and a call: a message item, then the function_call item', async () => {
    const { whole, streamed } = await both(protocol, { before: 'Let me check.\n', calls: [paris] }, {});
    for (const response of [whole, streamed]) {
      expect(response.output.map((item) => item.type)).toEqual(['message', 'function_call']);
      expect(response.output_text.trim()).toBe('Let me check.');
    }
  });

  it('thinking becomes a reasoning item before the answer, streamed as reasoning_text events', async () => {
    const think = thinkingWriter(replayProtocol(protocol));
    if (think === undefined) return;
    const text = `${think('The user wants Paris.')}${renderTurnWith(replayProtocol(protocol), { calls: [paris] })}`;
    const { whole, streamed, types } = await both(protocol, text, {});
    for (const response of [whole, streamed]) {
      expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'function_call']);
      const reasoning = response.output[0] as OpenAI.Responses.ResponseReasoningItem;
      expect(reasoning.content?.[0]?.text).toContain('The user wants Paris.');
    }
    expect(types).toContain('response.reasoning_text.delta');
  });

  it('a second turn: the function_call_output reaches the model as the tool result, the answer is text', async () => {
    const first = await proxy(
      protocol,
      renderTurnWith(replayProtocol(protocol), { calls: [paris] }),
    ).client.responses.create({
      model: 'm',
      input: 'What is the weather in Paris?',
      tools,
    });
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    const second = proxy(protocol, 'It is 21 °C and sunny in Paris.');
    const answer = await second.client.responses.create({
      model: 'm',
      tools,
      input: [
        { role: 'user', content: 'What is the weather in Paris?' },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21,"condition":"sunny"}' },
      ],
    });
    expect(answer.output_text).toBe('It is 21 °C and sunny in Paris.');
    const prompt = JSON.stringify(second.requests[0]?.body.messages);
    expect(prompt).toContain('sunny');
    expect(prompt).toContain('Paris');
  });

  it.each([
    ['auto', 'auto' as const],
    ['required', 'required' as const],
    ['a forced function', { type: 'function' as const, name: 'get_weather' }],
  ])('tool_choice %s: the call comes back as a function_call item', async (_name, choice) => {
    const { whole, streamed } = await both(protocol, { calls: [paris] }, { tool_choice: choice });
    for (const response of [whole, streamed]) {
      expect(calls(response.output)).toEqual([
        { name: 'get_weather', arguments: { city: 'Paris' }, status: 'completed' },
      ]);
      expect(response.tool_choice).toEqual(choice);
    }
  });

  it('tool_choice "none": the model is not told of the tools, its text is the answer', async () => {
    const { whole, streamed, requests } = await both(protocol, 'I cannot check the weather.', { tool_choice: 'none' });
    for (const response of [whole, streamed]) {
      expect(response.output.map((item) => item.type)).toEqual(['message']);
      expect(response.output_text).toBe('I cannot check the weather.');
    }
    expect(JSON.stringify(requests[0]?.body.messages)).not.toContain('get_weather');
  });
});
