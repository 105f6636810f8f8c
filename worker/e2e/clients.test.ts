/**
 * The Worker under `wrangler dev` (offline, embedded replay model), used by
 * the real clients: the openai SDK and the AI SDK's openai-compatible provider.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevServer, startDev } from './wrangler.ts';

const TOKEN = 'e2e-token';
let server: DevServer;

beforeAll(async () => {
  server = await startDev({ PROXY_TOKEN: TOKEN, REPLAY_DELAY_MS: '1' });
});

afterAll(async () => {
  await server?.stop();
});

const weather = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
};

describe('the openai SDK against wrangler dev', () => {
  const client = () => new OpenAI({ baseURL: `${server.url}/v1`, apiKey: TOKEN, maxRetries: 0 });

  it('streams tool calls that reassemble to names and JSON arguments', async () => {
    const stream = await client().chat.completions.create({
      model: 'toolshim-replay',
      messages: [{ role: 'user', content: 'What is the weather in Paris and in Tokyo?' }],
      tools: [weather],
      stream: true,
    });
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    let finish: string | null = null;
    let argumentDeltas = 0;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      for (const delta of choice?.delta.tool_calls ?? []) {
        if (delta.id) calls[delta.index] = { id: delta.id, name: delta.function?.name ?? '', arguments: '' };
        const call = calls[delta.index];
        if (call === undefined) throw new Error(`a delta for index ${delta.index} came before its id`);
        if (delta.function?.arguments) {
          call.arguments += delta.function.arguments;
          argumentDeltas++;
        }
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    expect(finish).toBe('tool_calls');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    for (const call of calls) {
      expect(call.name).toBe('get_weather');
      expect(call.id).toMatch(/^call_/);
      expect(JSON.parse(call.arguments)).toHaveProperty('city');
    }
    expect(calls.map((c) => JSON.parse(c.arguments).city)).toContain('Paris');
    expect(argumentDeltas).toBe(calls.length); // each call whole in one delta (src/server/core/whole-calls.ts)
  });

  it('a full round: tool result back in, a text answer out', async () => {
    const openai = client();
    const first = await openai.chat.completions.create({
      model: 'toolshim-replay',
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [weather],
    });
    const message = first.choices[0]!.message;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const call = message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('get_weather');
    const second = await openai.chat.completions.create({
      model: 'toolshim-replay',
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        message,
        { role: 'tool', tool_call_id: call.id, content: JSON.stringify({ temperature: 21, condition: 'sunny' }) },
      ],
      tools: [weather],
    });
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(second.choices[0]!.message.content).toMatch(/21|sunny/);
  });

  it('a wrong token is an AuthenticationError; an impossible tool_choice a BadRequestError', async () => {
    const wrong = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'nope', maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const error = await client()
      .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tool_choice: 'required' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('provider_invalid_request');
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('tool_choice');
  });

  it('lists the offline replay model', async () => {
    const models = await client().models.list();
    expect(models.data.map((m) => m.id)).toEqual(['toolshim-replay']);
  });
});

describe('the AI SDK (@ai-sdk/openai-compatible) against wrangler dev', () => {
  it('streamText with tools yields tool-call parts', async () => {
    const provider = createOpenAICompatible({ name: 'toolshim', baseURL: `${server.url}/v1`, apiKey: TOKEN });
    const result = streamText({
      model: provider.chatModel('toolshim-replay'),
      prompt: 'What is the weather in Paris?',
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: jsonSchema<{ city: string; unit?: string }>(weather.function.parameters as never),
        }),
      },
    });
    const parts: Array<{ type: string; [key: string]: unknown }> = [];
    for await (const part of result.fullStream) parts.push(part as never);
    const types = parts.map((p) => p.type);
    expect(types).toContain('tool-input-start');
    expect(types.filter((t) => t === 'tool-input-delta')).toHaveLength(1);
    const calls = parts.filter((p) => p.type === 'tool-call');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' } });
    expect(await result.finishReason).toBe('tool-calls');
  });
});
