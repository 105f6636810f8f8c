/**
 * The AI SDK's own Responses model (`@ai-sdk/openai`, its default
 * `store: true`) in a multi-step tool loop, then a second conversation turn,
 * against both ways the proxy runs locally: `toolshim serve` on Node through
 * a real socket, and the Worker under `wrangler dev`, each on the embedded
 * replay model. The provider sends the earlier turn as `item_reference`s,
 * which failed with a 400 before the Responses store (src/server/responses/store.ts).
 */
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyRuntime, type RunningProxy, startProxy } from './security/proxies.ts';

const TOKEN = 'ai-sdk-responses-token';

describe.each<ProxyRuntime>(['node', 'workerd'])('@ai-sdk/openai (Responses) through the proxy on %s', (runtime) => {
  let proxy: RunningProxy;
  beforeAll(async () => {
    proxy = await startProxy(runtime, { PROXY_TOKEN: TOKEN, REPLAY_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it('a tool loop to a text answer, then a second turn that refers to the first by item_reference', async () => {
    const sent: string[] = [];
    const provider = createOpenAI({
      baseURL: `http://localhost:${proxy.port}/v1`,
      apiKey: TOKEN,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(String(init?.body));
        return fetch(input, init);
      }) as typeof fetch,
    });
    const executed: string[] = [];
    const tools = {
      get_weather: tool({
        description: 'Current weather for a city',
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
        execute: async ({ city }) => {
          executed.push(city);
          return { city, temperature: 21, condition: 'sunny' };
        },
      }),
    };
    const run = async (messages: ModelMessage[]) => {
      const result = streamText({ model: provider('toolshim-replay'), messages, tools, stopWhen: stepCountIs(4) });
      for await (const part of result.fullStream) if (part.type === 'error') throw part.error;
      return { text: await result.text, steps: await result.steps, response: await result.response };
    };

    const ask: ModelMessage = { role: 'user', content: 'What is the weather in Paris?' };
    const first = await run([ask]);
    expect(executed).toContain('Paris');
    expect(first.steps.length).toBeGreaterThanOrEqual(2);
    expect(first.steps.at(-1)?.finishReason).toBe('stop');
    expect(first.text).toMatch(/21|sunny/);
    const firstTurnRequests = sent.length;

    const second = await run([ask, ...first.response.messages, { role: 'user', content: 'And in Tokyo?' }]);
    expect(second.steps.at(-1)?.finishReason).toBe('stop');
    // The provider sent the first turn's answers by id (its store: true default), and the proxy put them back.
    expect(sent[firstTurnRequests]).toContain('"type":"item_reference"');
    expect(second.text).not.toBe('');
  });
});
