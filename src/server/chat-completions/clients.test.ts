/**
 * The real client libraries against the handler, in process (their `fetch`
 * option calls the handler directly): what users see when a stream breaks.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { proxyOver, type Responder, textStream, weatherTool } from '../test/fake-upstream.ts';
import { firstStreamedCall, openaiClient } from '../test/openai-client.ts';

function inProcess(respond: Responder, extra: Partial<ProxyHandlerOptions> = {}) {
  const { handler, requests } = proxyOver(respond, extra);
  const clientFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    handler(new Request(input, init))) as typeof fetch;
  return { handler, clientFetch, requests };
}

const hermesCall = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('with the openai SDK client', () => {
  it('reassembles streamed tool calls', async () => {
    const client = openaiClient(inProcess(() => textStream(hermesCall)).handler);
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool],
      stream: true,
    });
    expect(await firstStreamedCall(stream)).toEqual({
      name: 'get_weather',
      args: { city: 'Paris' },
      finish: 'tool_calls',
    });
  });

  it('raises an APIError on a mid-stream upstream failure instead of ending quietly', async () => {
    const client = openaiClient(
      inProcess(() => textStream('Hello, this is a long ans', 'error'), { toolMode: 'native' }).handler,
    );
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    const error = await (async () => {
      for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('Hello, this is a long ans');
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(String((error as Error).message)).toMatch(/stream broke off/);
  });
});

describe('with the AI SDK openai-compatible provider', () => {
  const tools = {
    get_weather: tool({ inputSchema: jsonSchema<{ city: string }>(weatherTool.function.parameters as never) }),
  };

  it('streamText yields the tool call', async () => {
    const { clientFetch } = inProcess(() => textStream(`Checking.\n${hermesCall}`));
    const provider = createOpenAICompatible({ name: 'toolshim', baseURL: 'http://proxy.test/v1', fetch: clientFetch });
    const result = streamText({ model: provider.chatModel('m'), prompt: 'Weather in Paris?', tools });
    const calls = [];
    for await (const part of result.fullStream) if (part.type === 'tool-call') calls.push(part);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' } });
  });

  it('streamText reports an error part on a mid-stream failure', async () => {
    const { clientFetch } = inProcess(() => textStream('Partial answ', 'error'));
    const provider = createOpenAICompatible({ name: 'toolshim', baseURL: 'http://proxy.test/v1', fetch: clientFetch });
    const result = streamText({ model: provider.chatModel('m'), prompt: 'hi', onError: () => {} });
    const types: string[] = [];
    let errorText = '';
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'error') errorText = String((part.error as Error)?.message ?? part.error);
    }
    expect(types).toContain('error');
    expect(errorText).toMatch(/stream broke off/);
  });
});
