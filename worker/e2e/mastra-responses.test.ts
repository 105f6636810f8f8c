/**
 * Mastra's Responses model (`@mastra/core` 1.71: a model config with `url`
 * and `api: "responses"` is the AI SDK's `createOpenAI(...).responses`, with
 * its default `store: true`) in a multi-step tool loop, then a second
 * conversation turn, against `toolshim serve` on Node through a real socket
 * and the Worker under `wrangler dev`, each on the embedded replay model. The
 * second turn sends the first's call back as an `item_reference`, which the
 * proxy answered with a 400 before its Responses store.
 */
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ProxyRuntime, type RunningProxy, startProxy } from './security/proxies.ts';

const TOKEN = 'mastra-responses-token';
const realFetch = globalThis.fetch;

describe.each<ProxyRuntime>(['node', 'workerd'])("Mastra's Responses model through the proxy on %s", (runtime) => {
  let proxy: RunningProxy;
  beforeAll(async () => {
    proxy = await startProxy(runtime, { PROXY_TOKEN: TOKEN, REPLAY_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await proxy?.stop();
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('a tool loop to a text answer, then a second turn that refers to the first by item_reference', async () => {
    // Mastra takes no fetch of its own in a model config: the bodies are read where every request goes.
    const sent: Array<{ url: string; body: string }> = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input instanceof Request ? input.url : input), body: String(init?.body) });
      return realFetch(input, init);
    }) as typeof fetch;
    const executed: string[] = [];
    const weather = createTool({
      id: 'get_weather',
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        executed.push(city);
        return { city, temperature: 21, conditions: 'sunny' };
      },
    });
    const agent = new Agent({
      id: 'weather',
      name: 'weather',
      instructions: 'Answer with the tools.',
      model: {
        id: 'openai/toolshim-replay',
        url: `http://localhost:${proxy.port}/v1`,
        apiKey: TOKEN,
        api: 'responses',
      },
      tools: { get_weather: weather },
    });

    const ask = { role: 'user' as const, content: 'What is the weather in Paris?' };
    const first = await agent.generate([ask], { maxSteps: 4 });
    expect(executed).toEqual(['Paris']);
    expect(first.steps.length).toBe(2);
    expect(first.text).toMatch(/21|sunny/);
    const firstTurn = sent.length;
    expect(sent.every((request) => request.url.endsWith('/v1/responses'))).toBe(true);

    const second = await agent.generate(
      [ask, ...(first.response.messages ?? []), { role: 'user' as const, content: 'What is the weather in Tokyo?' }],
      { maxSteps: 4 },
    );
    // The provider sent the first turn's call by id (store: true), and the proxy put it back.
    expect(sent[firstTurn]?.body).toContain('"type":"item_reference"');
    expect(executed).toEqual(['Paris', 'Tokyo']);
    expect(second.text).toMatch(/21|sunny/);
  });
});
