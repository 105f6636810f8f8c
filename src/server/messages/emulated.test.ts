/**
 * `/v1/messages` in emulated mode, through the real `@anthropic-ai/sdk`
 * client (`messages.create`, and `messages.stream` with `finalMessage()`),
 * for several text formats: the fake upstream plays scripted model text
 * written by each format's own renderer, and the client must see Anthropic
 * tool_use blocks.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { fakeUpstream, type RecordedRequest } from '../test/fake-upstream.ts';
import { anthropicClient, modelText, type Scripted, upstreamText, weatherTool } from './test/anthropic-client.ts';

type Params = Omit<Anthropic.MessageCreateParamsNonStreaming, 'model' | 'max_tokens' | 'stream'>;

function proxy(format: string, script: Scripted | ((request: RecordedRequest) => string)) {
  const upstream = fakeUpstream((request) => {
    const text = typeof script === 'function' ? script(request) : modelText(format, script);
    return upstreamText(text, request.body.stream === true);
  });
  const handler = createProxyHandler({
    protocol: format,
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  return { client: anthropicClient(handler), requests: upstream.requests };
}

const ask = (text: string): Anthropic.MessageParam[] => [{ role: 'user', content: text }];

/** The same request, whole and streamed; both answers must agree. */
async function both(client: Anthropic, params: Params): Promise<Anthropic.Message[]> {
  const request = { model: 'claude-sonnet-4-6', max_tokens: 1024, ...params };
  const whole = await client.messages.create(request);
  const streamed = await client.messages.stream(request).finalMessage();
  return [whole, streamed];
}

const toolUses = (message: Anthropic.Message) =>
  message.content.flatMap((block) => (block.type === 'tool_use' ? [{ name: block.name, input: block.input }] : []));

describe.each(['hermes', 'qwen3-coder', 'harmony', 'gemma4', 'auto'])(
  'emulated %s, the @anthropic-ai/sdk client',
  (format) => {
    it('gets a call as a tool_use block', async () => {
      const { client } = proxy(format, { cities: ['Paris'] });
      for (const message of await both(client, { messages: ask('Weather in Paris?'), tools: [weatherTool] })) {
        expect(toolUses(message)).toEqual([{ name: 'get_weather', input: { city: 'Paris' } }]);
        expect(message.stop_reason).toBe('tool_use');
        const block = message.content.find((b) => b.type === 'tool_use');
        expect(block?.type === 'tool_use' && block.id).toMatch(/^toolu_/);
        expect(message.model).toBe('claude-sonnet-4-6');
      }
    });

    it('gets parallel calls as one tool_use block each', async () => {
      const { client } = proxy(format, { cities: ['Paris', 'Rome'] });
      for (const message of await both(client, { messages: ask('Paris and Rome?'), tools: [weatherTool] })) {
        expect(toolUses(message)).toEqual([
          { name: 'get_weather', input: { city: 'Paris' } },
          { name: 'get_weather', input: { city: 'Rome' } },
        ]);
      }
    });

    it('gets text then a call as a text block then a tool_use block', async () => {
      const { client } = proxy(format, { before: 'Let me check the weather.\n', cities: ['Paris'] });
      for (const message of await both(client, { messages: ask('Weather in Paris?'), tools: [weatherTool] })) {
        expect(message.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
        const text = message.content[0];
        expect(text?.type === 'text' && text.text.trim()).toBe('Let me check the weather.');
      }
    });

    it('sends a second turn with the tool_result to the model, and gets the answer as text', async () => {
      const { client, requests } = proxy(format, (request) =>
        JSON.stringify(request.body.messages).includes('21')
          ? 'It is 21 °C in Paris.'
          : modelText(format, { cities: ['Paris'] }),
      );
      const messages: Anthropic.MessageParam[] = [
        ...ask('Weather in Paris?'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"celsius": 21}' }] },
      ];
      for (const message of await both(client, { messages, tools: [weatherTool] })) {
        expect(message.content).toEqual([{ type: 'text', text: 'It is 21 °C in Paris.' }]);
        expect(message.stop_reason).toBe('end_turn');
      }
      // The model saw its earlier call and the result as text in its own format, never as OpenAI tool messages.
      const sent = requests[0]?.body.messages as Array<{ role: string; content: unknown }>;
      expect(sent.map((m) => m.role)).not.toContain('tool');
      expect(JSON.stringify(sent)).toContain('Paris');
    });

    it('gets the thinking as a thinking block, and the call after it', async () => {
      const { client } = proxy(format, { thinking: 'The user wants Paris.', cities: ['Paris'] });
      for (const message of await both(client, {
        messages: ask('Think first: weather in Paris?'),
        tools: [weatherTool],
        thinking: { type: 'enabled', budget_tokens: 2048 },
      })) {
        const thinking = message.content.find((b) => b.type === 'thinking');
        expect(thinking?.type === 'thinking' && thinking.thinking).toContain('The user wants Paris.');
        expect(thinking?.type === 'thinking' && thinking.signature).toBe('toolshim-unsigned');
        expect(toolUses(message)).toEqual([{ name: 'get_weather', input: { city: 'Paris' } }]);
      }
    });
  },
);

describe.each(['hermes', 'qwen3-coder', 'harmony', 'gemma4', 'auto'])(
  'emulated %s tool_choice, through the SDK',
  (format) => {
    const forced = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

    it.each([
      ['any', { type: 'any' }],
      ['tool', { type: 'tool', name: 'get_weather' }],
    ] as const)('%s: the model is asked for the JSON call, and the answer is a tool_use', async (_, choice) => {
      const { client, requests } = proxy(format, () => forced);
      for (const message of await both(client, {
        messages: ask('Paris?'),
        tools: [weatherTool],
        tool_choice: choice,
      })) {
        expect(toolUses(message)).toEqual([{ name: 'get_weather', input: { city: 'Paris' } }]);
        expect(message.stop_reason).toBe('tool_use');
      }
      expect(requests[0]?.body.response_format).toMatchObject({ type: 'json_schema' });
    });

    it('none: the model is not told of the tools, and its text comes back as it is', async () => {
      const { client, requests } = proxy(format, () => 'Just text.');
      for (const message of await both(client, {
        messages: ask('Paris?'),
        tools: [weatherTool],
        tool_choice: { type: 'none' },
      })) {
        expect(message.content).toEqual([{ type: 'text', text: 'Just text.' }]);
      }
      expect(JSON.stringify(requests[0]?.body.messages)).not.toContain('get_weather');
    });

    it('auto with disable_parallel_tool_use: only the first of two calls', async () => {
      const { client } = proxy(format, { cities: ['Paris', 'Rome'] });
      for (const message of await both(client, {
        messages: ask('Paris and Rome?'),
        tools: [weatherTool],
        tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      })) {
        expect(toolUses(message)).toEqual([{ name: 'get_weather', input: { city: 'Paris' } }]);
      }
    });
  },
);
