/**
 * The Responses door keeps the answers it gave (store.ts): a client may send
 * an earlier item as `item_reference` or a whole turn as
 * `previous_response_id`, as the AI SDK's openai provider does with its
 * default `store: true`, and the upstream gets the conversation as if it had
 * been sent whole. Nothing is kept with `store: false`, nothing of one token
 * is found with another, and the memory store is bounded by size and time.
 * Driven by the AI SDK's own Responses model (`@ai-sdk/openai`) and the
 * openai SDK, in process, over a fake upstream that records what it gets.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { completion, proxyOver, type RecordedRequest } from '../test/fake-upstream.ts';
import { responsesClient } from '../test/responses-events.ts';
import { kvResponseStore, memoryResponseStore, type ResponseStore } from './store.ts';

const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

/** An upstream that calls the tool on the first turn and answers from its result on the next. */
function toolThenAnswer(request: RecordedRequest): Response {
  const text = JSON.stringify(request.body.messages);
  return Response.json(completion(text.includes('21 C') ? 'It is 21 C in Paris.' : call));
}

function proxy(extra: Partial<ProxyHandlerOptions> = {}) {
  return proxyOver(toolThenAnswer, { protocol: 'hermes', ...extra });
}

/** What the upstream's last request said, as text. */
const lastPrompt = (requests: RecordedRequest[]) => JSON.stringify(requests.at(-1)?.body.messages);

const weather = {
  type: 'function' as const,
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

describe("the AI SDK's openai provider (Responses, store: true by default)", () => {
  it.each([
    [false, 'whole'],
    [true, 'streamed'],
  ])('a tool loop, then a second turn that sends the first one by item_reference (stream: %s)', async (stream) => {
    const { handler, requests } = proxy();
    const sent: string[] = [];
    const provider = createOpenAI({
      baseURL: 'http://proxy.test/v1',
      apiKey: 'x',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(String(init?.body));
        return handler(new Request(input, init));
      }) as typeof fetch,
    });
    const tools = {
      get_weather: tool({
        inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
        execute: async ({ city }) => `${city}: 21 C`,
      }),
    };
    const run = async (messages: ModelMessage[]) => {
      const options = { model: provider('m'), messages, tools, stopWhen: stepCountIs(3) };
      if (!stream) return generateText(options);
      const result = streamText(options);
      for await (const _part of result.fullStream) {
        // read to the end
      }
      return { text: await result.text, response: await result.response };
    };
    const ask: ModelMessage = { role: 'user', content: 'What is the weather in Paris?' };
    const first = await run([ask]);
    expect(first.text).toBe('It is 21 C in Paris.');
    const second = await run([ask, ...first.response.messages, { role: 'user', content: 'Thanks. And tomorrow?' }]);
    // The provider sent the earlier answer by reference (it did not before this store: a 400), and the upstream
    // got it back in full.
    expect(sent.at(-1)).toContain('"type":"item_reference"');
    expect(second.text).toBe('It is 21 C in Paris.');
    const prompt = lastPrompt(requests);
    expect(prompt.indexOf('It is 21 C in Paris.')).toBeLessThan(prompt.indexOf('And tomorrow?'));
  });
});

describe('previous_response_id and item_reference, with the openai SDK', () => {
  it('previous_response_id: the upstream gets the earlier turn, its answer, then the new input', async () => {
    const { handler, requests } = proxy();
    const client = responsesClient(handler);
    const first = await client.responses.create({ model: 'm', input: 'Weather in Paris?', tools: [weather] });
    const fc = first.output.find((item) => item.type === 'function_call');
    expect(fc?.type).toBe('function_call');
    const second = await client.responses.create({
      model: 'm',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: (fc as { call_id: string }).call_id, output: 'Paris: 21 C' }],
      tools: [weather],
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output_text).toBe('It is 21 C in Paris.');
    const prompt = lastPrompt(requests);
    expect(prompt.indexOf('Weather in Paris?')).toBeLessThan(prompt.lastIndexOf('get_weather'));
    expect(prompt).toContain('Paris: 21 C');
  });

  it('a chain of three: the third request gets the first two turns', async () => {
    const { handler, requests } = proxyOver(() => Response.json(completion('noted')));
    const client = responsesClient(handler);
    const one = await client.responses.create({ model: 'm', input: 'first: apples' });
    const two = await client.responses.create({ model: 'm', previous_response_id: one.id, input: 'second: pears' });
    await client.responses.create({ model: 'm', previous_response_id: two.id, input: 'third: plums' });
    const prompt = lastPrompt(requests);
    expect(prompt.indexOf('apples')).toBeLessThan(prompt.indexOf('pears'));
    expect(prompt.indexOf('pears')).toBeLessThan(prompt.indexOf('plums'));
    expect(prompt.match(/noted/g)).toHaveLength(2);
  });

  it('store: false keeps nothing: a reference to it is a 400 that names store: false', async () => {
    const { handler } = proxy();
    const client = responsesClient(handler);
    const first = await client.responses.create({ model: 'm', input: 'hi', store: false });
    const error = await client.responses
      .create({ model: 'm', input: 'again', previous_response_id: first.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as { param?: string }).param).toBe('previous_response_id');
    expect((error as Error).message).toMatch(/does not hold.*set `store: false`/);
  });

  it('an item_reference to an item never given: 400 naming the input item', async () => {
    const { handler, requests } = proxy();
    const error = await responsesClient(handler)
      .responses.create({ model: 'm', input: [{ type: 'item_reference', id: 'fc_never' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as { param?: string }).param).toBe('input[0].id');
    expect(requests).toHaveLength(0);
  });

  it("one token's answers are not found with another token, though the store is shared", async () => {
    const store = memoryResponseStore();
    const alice = proxy({ proxyToken: 'token-alice', responseStore: store });
    const bob = proxy({ proxyToken: 'token-bob', responseStore: store });
    const first = await responsesClient(alice.handler, 'token-alice').responses.create({
      model: 'm',
      input: 'secret plan',
    });
    const error = await responsesClient(bob.handler, 'token-bob')
      .responses.create({ model: 'm', input: 'x', previous_response_id: first.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(bob.requests).toHaveLength(0);
    const again = await responsesClient(alice.handler, 'token-alice').responses.create({
      model: 'm',
      input: 'x',
      previous_response_id: first.id,
    });
    expect(again.status).toBe('completed');
  });
});

describe('the memory store is bounded', () => {
  const response = (text: string) => ({ input: [text], output: [{ id: `msg_${text}`, type: 'message' }] });

  it('past its size the oldest answers go first, and their items with them', async () => {
    const store = memoryResponseStore({ maxBytes: 200 });
    for (let i = 0; i < 10; i++) await store.save('', `resp_${i}`, response(`${i}`.repeat(20)));
    expect(await store.response('', 'resp_0')).toBeUndefined();
    expect(await store.item('', `msg_${'0'.repeat(20)}`)).toBeUndefined();
    expect(await store.response('', 'resp_9')).toBeDefined();
    expect(await store.item('', `msg_${'9'.repeat(20)}`)).toEqual({ id: `msg_${'9'.repeat(20)}`, type: 'message' });
  });

  it('an answer larger than the whole store is not kept; an entry older than its time to live is gone', async () => {
    const store = memoryResponseStore({ maxBytes: 80, ttlMs: 20 });
    await store.save('', 'big', response('x'.repeat(100)));
    expect(await store.response('', 'big')).toBeUndefined();
    await store.save('', 'small', response('y'));
    expect(await store.response('', 'small')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await store.response('', 'small')).toBeUndefined();
  });
});

describe('kvResponseStore', () => {
  it('keeps answers in a KV namespace under the token’s hash, with KV’s expiry', async () => {
    const kv = new Map<string, { value: string; ttl?: number }>();
    const store: ResponseStore = kvResponseStore(
      {
        async get(key) {
          const entry = kv.get(key);
          return entry === undefined ? null : JSON.parse(entry.value);
        },
        async put(key, value, options) {
          kv.set(key, { value, ...(options?.expirationTtl ? { ttl: options.expirationTtl } : {}) });
        },
      },
      30_000,
    );
    await store.save('token-1', 'resp_1', { input: ['hi'], output: [{ id: 'msg_1', type: 'message' }] });
    expect(await store.response('token-1', 'resp_1')).toEqual({
      input: ['hi'],
      output: [{ id: 'msg_1', type: 'message' }],
    });
    expect(await store.item('token-1', 'msg_1')).toEqual({ id: 'msg_1', type: 'message' });
    expect(await store.response('token-2', 'resp_1')).toBeUndefined();
    const keys = [...kv.keys()];
    expect(keys.every((key) => !key.includes('token-1'))).toBe(true);
    // KV's shortest expiry is 60 s.
    expect([...kv.values()].every((entry) => entry.ttl === 60)).toBe(true);
  });
});
