/**
 * What goes wrong on `/v1/responses`, as the real `openai` client sees it:
 * bad bodies, a wrong key, an impossible tool choice, upstream faults before
 * and during the stream, a call the parser dropped, a token limit, and a
 * client that leaves. Every error body has the OpenAI shape.
 */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../engines/sample/replay-protocol.ts';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { chunk, completion, proxyOver, type Responder, sseResponse, textStream } from '../test/fake-upstream.ts';
import { parseEvents, responsesClient, textUntilError, weatherFunction } from '../test/responses-events.ts';

const weather = weatherFunction;

function proxy(respond: Responder, extra: Partial<ProxyHandlerOptions> = {}) {
  const { handler, requests } = proxyOver(respond, extra, { apiKey: 'sk-test-7f3a9c' });
  return { handler, client: responsesClient(handler), requests };
}

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://proxy.test/v1/responses', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('/v1/responses errors', () => {
  it('a body that is not JSON: 400 invalid_json in the OpenAI error shape', async () => {
    const { handler, requests } = proxy(() => textStream('x'));
    const response = await handler(post('{"input": '));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_json', param: null },
    });
    expect(requests).toHaveLength(0);
  });

  it('a malformed field: BadRequestError naming it', async () => {
    const { client } = proxy(() => textStream('x'));
    const error = await client.responses
      .create({ model: 'm', input: [{ role: 'robot', content: 'hi' }] } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('input[0].role');
    expect((error as Error).message).toMatch(/must be one of user, assistant, system, developer/);
  });

  it('previous_response_id the proxy never gave: BadRequestError that names store: false as the fix', async () => {
    const { client } = proxy(() => textStream('x'));
    const error = await client.responses
      .create({ model: 'm', input: 'hi', previous_response_id: 'resp_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(
      /`previous_response_id` is "resp_1", which this proxy does not hold.*set `store: false`/,
    );
  });

  it.each(['emulated', 'native'] as const)(
    'history arguments nested 10,000 deep: a 400 naming them, not a 500 (%s)',
    async (toolMode) => {
      const { handler, requests } = proxy(() => Response.json(completion('x')), { toolMode });
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const response = await handler(
        post(
          JSON.stringify({
            input: [
              { type: 'function_call', call_id: 'c', name: 'get_weather', arguments: deep },
              { type: 'function_call_output', call_id: 'c', output: 'x' },
            ],
            tools: [weather],
          }),
        ),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { param: 'input[0].arguments' } });
      expect(requests).toHaveLength(0);
    },
  );

  it('a wrong key: AuthenticationError, nothing sent upstream', async () => {
    const { handler, requests } = proxy(() => Response.json(completion('x')), { proxyToken: 'right-token' });
    const error = await responsesClient(handler, 'wrong-token')
      .responses.create({ model: 'm', input: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(requests).toHaveLength(0);
    const ok = await responsesClient(handler, 'right-token').responses.create({ model: 'm', input: 'hi' });
    expect(ok.output_text).toBe('x');
  });

  it.each([
    ['"required" with no tools', { tool_choice: 'required' as const }],
    [
      'a forced tool that is not declared',
      { tools: [weather], tool_choice: { type: 'function' as const, name: 'nope' } },
    ],
  ])('an impossible tool choice (%s): 400 provider_invalid_request, nothing sent upstream', async (_name, body) => {
    const { client, requests } = proxy(() => textStream('x'));
    const error = await client.responses.create({ model: 'm', input: 'hi', ...body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ code: 'provider_invalid_request', param: 'tool_choice' });
    expect(requests).toHaveLength(0);
  });

  it.each([
    [500, OpenAI.InternalServerError, 502],
    [429, OpenAI.RateLimitError, 429],
    [401, OpenAI.AuthenticationError, 401],
  ])('upstream %i before the answer: %o with status %i, the upstream key never shown', async (status, kind, mapped) => {
    const { client } = proxy(() =>
      Response.json({ error: { message: 'bad key sk-test-7f3a9c' } }, { status, headers: { 'retry-after': '3' } }),
    );
    for (const stream of [false, true]) {
      const error = await client.responses.create({ model: 'm', input: 'hi', stream }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(kind);
      expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(mapped);
      expect((error as Error).message).not.toContain('sk-test-7f3a9c');
    }
  });

  it('an upstream cut mid-stream: the text so far, then the stream raises an APIError (error + response.failed)', async () => {
    const { client, handler } = proxy(() => textStream('Hello, this is a long ans', 'error'));
    const stream = client.responses.stream({ model: 'm', input: 'hi' });
    const { text, error } = await textUntilError(stream);
    expect(text).toBe('Hello, this is a long ans');
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toMatch(/stream broke off/);
    // On the wire: the error event, then response.failed as the last event (what Codex CLI reads).
    const raw = await handler(post(JSON.stringify({ model: 'm', input: 'hi', stream: true })));
    const events = parseEvents(await raw.text());
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events.at(-1)?.response).toMatchObject({
      status: 'failed',
      error: { code: 'upstream_unreachable', message: expect.stringMatching(/stream broke off/) },
    });
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });

  it('the token limit: status incomplete, reason max_output_tokens, whole and streamed', async () => {
    const { client } = proxy((request) =>
      request.body.stream
        ? textStream('A long ans', 'done', 'length')
        : Response.json({
            ...completion('A long ans'),
            choices: [{ ...completion('A long ans').choices[0], finish_reason: 'length' }],
          }),
    );
    const whole = await client.responses.create({ model: 'm', input: 'hi', max_output_tokens: 3 });
    const stream = client.responses.stream({ model: 'm', input: 'hi', max_output_tokens: 3 });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    for (const response of [whole, await stream.finalResponse()]) {
      expect(response).toMatchObject({
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        max_output_tokens: 3,
      });
      expect(response.output_text).toBe('A long ans');
    }
    expect(types.at(-1)).toBe('response.incomplete');
  });

  it.each(['hermes', 'qwen3-coder', 'gemma4'])(
    'a call the parser dropped (%s): streamed, its item ends incomplete and the raw text follows; whole, only the text',
    async (protocol) => {
      const text = renderTurnWith(replayProtocol(protocol), {
        before: 'Checking.\n',
        calls: [{ name: 'get_weather', arguments: { city: 'Seoul' } }],
        malformed: true,
      });
      const { client } = proxy(
        (request) => (request.body.stream ? textStream(text) : Response.json(completion(text))),
        {
          protocol,
        },
      );
      const whole = await client.responses.create({ model: 'm', input: 'Weather in Seoul?', tools: [weather] });
      expect(whole.output.map((item) => item.type)).toEqual(['message']);
      // Nothing lost: the model's text comes back as it was written (layout whitespace aside).
      expect(whole.output_text.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      const streamed = await client.responses
        .stream({ model: 'm', input: 'Weather in Seoul?', tools: [weather] })
        .finalResponse();
      const dropped = streamed.output.filter((item) => item.type === 'function_call');
      expect(dropped.every((item) => item.status === 'incomplete')).toBe(true);
      expect(streamed.output_text).toBe(whole.output_text);
      expect(streamed.status).toBe('completed');
    },
  );

  it('a client that leaves mid-stream aborts the upstream request', async () => {
    let upstreamSignal: AbortSignal | undefined;
    const { handler } = proxy((request) => {
      upstreamSignal = request.signal;
      return sseResponse([chunk({ content: 'Hel' })], 'hang', request.signal);
    });
    const client = new AbortController();
    const response = await handler(
      new Request('http://proxy.test/v1/responses', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', input: 'hi', stream: true }),
        signal: client.signal,
      }),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('output_text.delta')) seen += new TextDecoder().decode((await reader.read()).value);
    expect(upstreamSignal?.aborted).toBe(false);
    client.abort();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(upstreamSignal?.aborted).toBe(true);
  });
});
