/**
 * Emulated tool mode: toolshim prompts an upstream that has no tools and
 * parses its text. Driven end to end through the handler with a recording
 * fake upstream, fed the model's text in small pieces.
 */
import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from '../../wire/types.ts';
// One namespace: this file uses most of the fake upstream's helpers.
import * as fake from '../test/fake-upstream.ts';

const messages = [{ role: 'user', content: 'Weather in Paris?' }];
const modelText = 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

type Frame = ChatCompletionChunk & { error?: unknown };

describe('emulated mode, streaming', () => {
  for (const size of [1, 3, 1000]) {
    it(`turns model text cut every ${size} chars into tool_calls deltas`, async () => {
      const { handler, requests } = fake.proxyOver(() => fake.sseResponse(fake.textChunks(modelText, size)));
      const response = await handler(
        fake.chatRequest({
          model: 'my-model',
          messages,
          tools: [fake.weatherTool],
          stream: true,
          stream_options: { include_usage: true },
        }),
      );
      expect(response.status).toBe(200);
      const frames = (await fake.readSse(response)) as Array<Frame | string>;
      expect(frames.at(-1)).toBe('[DONE]');
      const chunks = frames.slice(0, -1) as Frame[];
      expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
      expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'my-model')).toBe(true);

      const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
      expect(content.trim()).toBe('Let me check.');
      const callDeltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
      // The one delta of the call carries index, id, type, name and all its arguments.
      expect(callDeltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'get_weather' } });
      expect(callDeltas[0]!.id).toMatch(/^call_/);
      expect(
        callDeltas.slice(1).every((d) => d.index === 0 && d.id === undefined && d.function?.name === undefined),
      ).toBe(true);
      const args = callDeltas.map((d) => d.function?.arguments ?? '').join('');
      expect(JSON.parse(args)).toEqual({ city: 'Paris' });
      // Sent once whole (core/whole-calls.ts), however finely the model's text was cut.
      expect(callDeltas).toHaveLength(1);

      const finish = chunks.filter((c) => c.choices[0]?.finish_reason);
      expect(finish.map((c) => c.choices[0]!.finish_reason)).toEqual(['tool_calls']);
      const last = chunks.at(-1)!;
      expect(last.choices).toEqual([]);
      expect(last.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });

      // What the upstream saw: a prompt that teaches the tool, and no `tools` on the wire.
      const sent = requests[0]!.body;
      expect(sent.tools).toBeUndefined();
      expect(sent.tool_choice).toBeUndefined();
      expect(JSON.stringify(sent.messages)).toContain('get_weather');
    });
  }

  it('sends no usage chunk without include_usage, and stop for plain text', async () => {
    const { handler } = fake.proxyOver(() => fake.sseResponse(fake.textChunks('Hello there.', 4)));
    const frames = (await fake.readSse(
      await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true })),
    )) as Frame[];
    const chunks = frames.slice(0, -1);
    expect(chunks.every((c) => c.usage === undefined && c.choices.length === 1)).toBe(true);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.map((c) => c.choices[0]!.delta.content ?? '').join('')).toBe('Hello there.');
  });

  it('two calls get indexes 0 and 1', async () => {
    const two = `${modelText}\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>`;
    const { handler } = fake.proxyOver(() => fake.sseResponse(fake.textChunks(two, 5)));
    const frames = (await fake.readSse(
      await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true })),
    )) as Frame[];
    const deltas = frames.slice(0, -1).flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const byIndex = [0, 1].map((i) => deltas.filter((d) => d.index === i));
    expect(byIndex.map((d) => JSON.parse(d.map((x) => x.function?.arguments ?? '').join('')))).toEqual([
      { city: 'Paris' },
      { city: 'Oslo' },
    ]);
    expect(byIndex[0]![0]!.id).not.toBe(byIndex[1]![0]!.id);
  });

  it('an upstream cut mid-stream ends with an error event', async () => {
    const { handler } = fake.proxyOver(() => fake.sseResponse(fake.textChunks(modelText, 4).slice(0, 6), 'error'));
    const frames = (await fake.readSse(
      await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true })),
    )) as Frame[];
    expect(frames.at(-1)).toMatchObject({ error: { type: 'upstream_error', code: 'upstream_unreachable' } });
    expect(frames).not.toContain('[DONE]');
  });

  it('a client that disconnects aborts the upstream request', async () => {
    const proxy = fake.proxyOver(({ signal }) =>
      fake.sseResponse(fake.textChunks(modelText, 4).slice(0, 3), 'hang', signal),
    );
    const request = fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true });
    expect(await fake.abortedBeforeAndAfterLeaving(proxy, request)).toEqual([false, true]);
  });

  it('an upstream 429 before the stream starts keeps its status and Retry-After', async () => {
    const { handler } = fake.proxyOver(() =>
      Response.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '3' } }),
    );
    const response = await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
  });

  it('a 200 HTML answer to a streaming request → 502 upstream_malformed_response before the stream starts', async () => {
    const { handler } = fake.proxyOver(
      () => new Response('<html>Login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const response = await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], stream: true }));
    expect(response.status).toBe(502);
    const { error } = await response.json();
    expect(error.code).toBe('upstream_malformed_response');
    expect(error.message).toMatch(/got text\/html: <html>Login<\/html>/);
  });
});

describe('emulated mode, non-streaming', () => {
  it('returns a chat.completion with tool_calls and null content', async () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const { handler } = fake.proxyOver(() => Response.json(fake.completion(text)));
    const response = await handler(fake.chatRequest({ model: 'm', messages, tools: [fake.weatherTool] }));
    const body = await response.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
    const choice = body.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toHaveLength(1);
    expect(choice.message.tool_calls[0]).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
    expect(JSON.parse(choice.message.tool_calls[0].function.arguments)).toEqual({ city: 'Paris' });
  });

  it('rewrites a tool-call history for the upstream and maps the request options', async () => {
    const { handler, requests } = fake.proxyOver(() => Response.json(fake.completion('It is sunny in Paris.')));
    const history = [
      { role: 'system', content: 'Be brief.' },
      ...messages,
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_9', content: '{"temp":21}' },
    ];
    const response = await handler(
      fake.chatRequest({
        messages: history,
        tools: [fake.weatherTool],
        max_completion_tokens: 64,
        temperature: 0.1,
        top_p: 0.9,
        stop: 'END',
      }),
    );
    const body = await response.json();
    expect(body.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'It is sunny in Paris.' } });
    const sent = requests[0]!.body as { messages: Array<{ role: string; content: string }> } & Record<string, unknown>;
    expect(sent).toMatchObject({ max_tokens: 64, temperature: 0.1, top_p: 0.9, stop: ['END'] });
    expect(sent.tools).toBeUndefined();
    expect(sent.messages.some((m) => m.role === 'tool')).toBe(false);
    const text = JSON.stringify(sent.messages);
    expect(text).toContain('Be brief.');
    expect(text).toContain('<tool_call>');
    expect(text).toContain('21');
  });

  it('decodes a percent-encoded data URL to its UTF-8 bytes, not via a JS string', async () => {
    const { handler, requests } = fake.proxyOver(() => Response.json(fake.completion('A euro sign.')));
    const url = 'data:image/svg+xml,%3Csvg%3E%E2%82%AC%3C/svg%3E';
    const response = await handler(
      fake.chatRequest({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }] }),
    );
    expect(response.status).toBe(200);
    const sent = JSON.stringify(requests[0]!.body.messages);
    const base64 = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(sent)?.[1];
    expect(base64).toBeDefined();
    const bytes = Uint8Array.from(atob(base64 as string), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('<svg>€</svg>');
  });

  it('a percent-encoded non-image data URL is no 500 either', async () => {
    const { handler } = fake.proxyOver(() => Response.json(fake.completion('ok')));
    const content = [{ type: 'image_url', image_url: { url: 'data:text/plain,%E2%82%AC' } }];
    const response = await handler(fake.chatRequest({ messages: [{ role: 'user', content }] }));
    expect(response.status).toBe(200);
  });

  it('a forced tool asks the upstream for the call JSON and parses the bare answer', async () => {
    const { handler, requests } = fake.proxyOver(() =>
      Response.json(fake.completion('{"name": "get_weather", "arguments": {"city": "Lima"}}')),
    );
    const response = await handler(
      fake.chatRequest({
        messages,
        tools: [fake.weatherTool],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      }),
    );
    const body = await response.json();
    expect(JSON.parse(body.choices[0].message.tool_calls[0].function.arguments)).toEqual({ city: 'Lima' });
    expect(requests[0]!.body.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('tool_choice "none" sends no tool prompt', async () => {
    const { handler, requests } = fake.proxyOver(() => Response.json(fake.completion('ok')));
    await handler(fake.chatRequest({ messages, tools: [fake.weatherTool], tool_choice: 'none' }));
    expect(JSON.stringify(requests[0]!.body.messages)).not.toContain('get_weather');
  });
});
