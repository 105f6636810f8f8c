import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware } from '../index.ts';
import type { ChatCompletionChunk } from '../wire/types.ts';
import { fromChatEngine } from './chat-engine.ts';
import { ChatEngineHttpError, createHttpEngine } from './http-engine.ts';
import { createReplayEngine } from './sample/replay-engine.ts';

/** Reads a whole stream. (Local, not the middleware harness: these tests are about the V4 adapter only.) */
async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function functionTool(name: string, inputSchema: Record<string, unknown>): LanguageModelV4FunctionTool {
  return { type: 'function', name, inputSchema };
}

/** A fake OpenAI-compatible server backed by the replay engine, sending SSE in awkward byte slices. */
function replayServer(
  calls: Array<{ url: string; headers: Headers; body: Record<string, unknown> }>,
  sliceSize: number,
) {
  const engine = createReplayEngine();
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), headers: new Headers(init?.headers), body });
    const result = await engine.chat.completions.create(body);
    if (!body.stream) return Response.json(result);
    let sse = '';
    for await (const chunk of result as AsyncIterable<ChatCompletionChunk>)
      sse += `data: ${JSON.stringify(chunk)}\r\n\r\n`;
    const bytes = new TextEncoder().encode(`${sse}data: [DONE]\n\n`);
    return new Response(
      new ReadableStream({
        start(controller) {
          // Slices cut through lines, multi-byte characters (°) and the CRLF pairs.
          for (let i = 0; i < bytes.length; i += sliceSize) controller.enqueue(bytes.slice(i, i + sliceSize));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  };
}

const prompt = [
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'What is the weather in Lisbon?' }] },
];
const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];

describe('createHttpEngine', () => {
  it.each([1, 7, 4096])('streams a tool call through SSE cut every %i bytes', async (sliceSize) => {
    const calls: Array<{ url: string; headers: Headers; body: Record<string, unknown> }> = [];
    const engine = createHttpEngine({
      baseURL: 'http://127.0.0.1:8787/v1/',
      apiKey: 'sk-test',
      fetch: replayServer(calls, sliceSize),
    });
    const model = wrapLanguageModel({ model: fromChatEngine(engine), middleware: hermesToolMiddleware });
    const parts = await collect((await model.doStream({ prompt, tools })).stream);
    expect(parts.filter((p) => p.type === 'tool-call')).toMatchObject([
      // The tool declares only `city`: the scripted model fits its arguments to the schema.
      { toolName: 'get_weather', input: '{"city":"Lisbon"}' },
    ]);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/chat/completions');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(calls[0]?.body).not.toHaveProperty('tools');
  });

  it('generates without streaming', async () => {
    const engine = createHttpEngine({ baseURL: 'http://x/v1', fetch: replayServer([], 100) });
    const result = await fromChatEngine(engine).doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
    });
    expect(result.content[0]).toMatchObject({ type: 'text' });
  });

  it('throws an error with the status and the OpenAI error message', async () => {
    const engine = createHttpEngine({
      baseURL: 'http://x/v1',
      fetch: async () =>
        Response.json(
          { error: { message: 'Invalid token', type: 'authentication_error', param: null, code: null } },
          { status: 401 },
        ),
    });
    const error = await engine.chat.completions.create({ messages: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatEngineHttpError);
    expect((error as ChatEngineHttpError).status).toBe(401);
    expect((error as Error).message).toBe('http://x/v1/chat/completions answered 401: Invalid token');
  });

  it('says how to start the server when it cannot be reached', async () => {
    const engine = createHttpEngine({
      baseURL: 'http://127.0.0.1:1/v1',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(engine.chat.completions.create({ messages: [] })).rejects.toThrow(
      /Could not reach .* npm run dev:worker/,
    );
  });

  it('raises an error event in the middle of a stream', async () => {
    const sse = `data: ${JSON.stringify({ id: 'a', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] })}\n\ndata: {"error":{"message":"upstream died","type":"server_error","param":null,"code":null}}\n\n`;
    const engine = createHttpEngine({
      baseURL: 'http://x/v1',
      fetch: async () => new Response(sse, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    expect(parts.map((p) => p.type)).toContain('text-delta');
    const error = parts.find((p) => p.type === 'error') as { error: Error } | undefined;
    expect(error?.error.message).toMatch(/upstream died/);
  });

  it('passes the abort signal to fetch', async () => {
    let seen: AbortSignal | null | undefined;
    const engine = createHttpEngine({
      baseURL: 'http://x/v1',
      fetch: async (_input, init) => {
        seen = init?.signal;
        return replayServer([], 50)(_input, init);
      },
    });
    const controller = new AbortController();
    await fromChatEngine(engine).doStream({ prompt, abortSignal: controller.signal });
    // The fetch signal also carries the header timeout, so it is a combined signal that follows the caller's.
    expect(seen?.aborted).toBe(false);
    controller.abort();
    expect(seen?.aborted).toBe(true);
  });

  it('keeps the text when the server answers stream: true with one JSON completion', async () => {
    const completion = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there' }, finish_reason: 'stop' }],
    };
    const engine = createHttpEngine({ baseURL: 'http://x/v1', fetch: async () => Response.json(completion) });
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    expect(
      parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => p.delta)
        .join(''),
    ).toBe('Hello there');
    expect(parts.find((p) => p.type === 'finish')).toMatchObject({ finishReason: { unified: 'stop' } });
  });

  it('reports a stream cut before its finish_reason as an error, not a truncated answer', async () => {
    const chunk = { id: 'a', object: 'chat.completion.chunk', created: 1, model: 'm' };
    const sse = `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'Hal' }, finish_reason: null }] })}\n\n`;
    const engine = createHttpEngine({
      baseURL: 'http://x/v1',
      fetch: async () => new Response(sse, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    const error = parts.find((p) => p.type === 'error') as { error: unknown } | undefined;
    const failure = error?.error as ChatEngineHttpError;
    expect(failure).toBeInstanceOf(ChatEngineHttpError);
    expect(failure.status).toBe(502);
    expect(failure.message).toMatch(/ended before a finish_reason/);
  });

  it('keeps the error body and sends the extra headers', async () => {
    let headers: Headers | undefined;
    const body = { error: { message: 'No such model', type: 'invalid_request_error', param: 'model', code: null } };
    const engine = createHttpEngine({
      baseURL: 'http://x/v1',
      headers: { 'x-team': 'toolshim' },
      fetch: async (_input, init) => {
        headers = new Headers(init?.headers);
        return Response.json(body, { status: 404 });
      },
    });
    const error = (await engine.chat.completions
      .create({ messages: [] })
      .catch((e: unknown) => e)) as ChatEngineHttpError;
    expect(error.status).toBe(404);
    expect(error.body).toEqual(body);
    expect(headers?.get('x-team')).toBe('toolshim');
  });
});
