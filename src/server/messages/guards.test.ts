/**
 * `/v1/messages` and `/v1/messages/count_tokens`: the token in either of
 * Anthropic's headers, every error in Anthropic's shape (as the
 * `@anthropic-ai/sdk` client raises it), upstream faults, keep-alive pings,
 * CORS for Anthropic's headers, and the token estimate.
 */
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { createProxyHandler } from '../handler.ts';
import { chunk, completion, fakeUpstream, type Responder, sseResponse } from '../test/fake-upstream.ts';
import { anthropicClient, weatherTool } from './test/anthropic-client.ts';
import { parseEvents } from './test/events.ts';

const base = { model: 'claude-sonnet-4-6', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hi' }] };

function proxy(
  respond: Responder = () => Response.json(completion('Hello.')),
  extra: Partial<ProxyHandlerOptions> = {},
) {
  const upstream = fakeUpstream(respond);
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', apiKey: 'sk-upstream-secret', fetch: upstream.fetch },
    ...extra,
  });
  return { handler, requests: upstream.requests };
}

function post(handler: (r: Request) => Promise<Response>, body: string, headers: Record<string, string> = {}) {
  return handler(
    new Request('http://proxy.test/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

async function rejection(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Anthropic.APIError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('the proxy token, in x-api-key or Authorization: Bearer', () => {
  const guarded = () => proxy(undefined, { proxyToken: 'proxy-secret' });

  it.each([
    ['x-api-key (apiKey)', { apiKey: 'proxy-secret' }],
    ['Authorization: Bearer (authToken)', { authToken: 'proxy-secret' }],
  ])('%s with the right token passes', async (_, auth) => {
    const message = await anthropicClient(guarded().handler, auth).messages.create(base);
    expect(message.content).toEqual([{ type: 'text', text: 'Hello.' }]);
  });

  it.each([
    ['x-api-key (apiKey)', { apiKey: 'wrong' }],
    ['Authorization: Bearer (authToken)', { authToken: 'wrong' }],
  ])('%s with a wrong token is a 401 authentication_error, and nothing goes upstream', async (_, auth) => {
    const { handler, requests } = guarded();
    const error = await rejection(anthropicClient(handler, auth).messages.create(base));
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.type).toBe('authentication_error');
    expect(requests).toHaveLength(0);
  });

  it('no token: the 401 names both headers', async () => {
    const response = await post(guarded().handler, JSON.stringify(base));
    expect(response.status).toBe(401);
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.message).toMatch(/x-api-key: <PROXY_TOKEN>/);
    expect(body.error.message).toMatch(/Authorization: Bearer <PROXY_TOKEN>/);
  });

  it('count_tokens takes the token the same way', async () => {
    const { handler } = guarded();
    const error = await rejection(anthropicClient(handler, { apiKey: 'wrong' }).messages.countTokens(base));
    expect(error.status).toBe(401);
    const counted = await anthropicClient(handler, { apiKey: 'proxy-secret' }).messages.countTokens(base);
    expect(counted.input_tokens).toBeGreaterThan(0);
  });
});

describe('bad requests, in Anthropic error shape', () => {
  it('a body that is not JSON', async () => {
    const response = await post(proxy().handler, '{"model": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringMatching(/not valid JSON/) },
      request_id: null,
    });
  });

  it('a field the SDK lets through but the API refuses, named in the message', async () => {
    const error = await rejection(anthropicClient(proxy().handler).messages.create({ ...base, messages: [] }));
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.type).toBe('invalid_request_error');
    expect(error.apiMessage).toBe('`messages` must contain at least one message.');
  });

  it.each(['emulated', 'native'] as const)(
    '%s: an impossible tool_choice is refused before anything goes upstream',
    async (toolMode) => {
      const { handler, requests } = proxy(undefined, { toolMode });
      const client = anthropicClient(handler);
      const any = await rejection(client.messages.create({ ...base, tool_choice: { type: 'any' } }));
      expect(any.status).toBe(400);
      expect(any.apiMessage).toMatch(/tool_choice \{"type":"any"\} needs at least one function tool/);
      const named = await rejection(
        client.messages.create({ ...base, tools: [weatherTool], tool_choice: { type: 'tool', name: 'get_time' } }),
      );
      expect(named.apiMessage).toMatch(/"get_time", which is not among the declared tools/);
      expect(requests).toHaveLength(0);
    },
  );

  it('hostile nesting in any field is a 400 (or ignored), never a 500', async () => {
    const { handler } = proxy();
    // Written as JSON text: JSON.stringify itself overflows at this depth.
    const deep = `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const head = '"model":"m","max_tokens":9';
    const bodies = [
      `{${head},"messages":[{"role":"user","content":${deepArray}}]}`,
      `{${head},"messages":[{"role":"user","content":[{"type":"image","source":${deep}}]}]}`,
      `{${head},"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"f","input":${deep}}]}]}`,
      `{${head},"system":${deepArray},"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"tools":[{"name":"f","input_schema":{"type":"object","properties":${deep}}}],"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"tool_choice":${deep},"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"thinking":${deep},"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"output_config":{"format":{"type":"json_schema","schema":${deep}}},"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"metadata":${deep},"context_management":${deep},"messages":[{"role":"user","content":"hi"}]}`,
      `{${head},"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"f","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":${deepArray}}]}]}`,
    ];
    for (const [i, body] of bodies.entries()) {
      const response = await post(handler, body);
      expect(response.status, `body ${i}: ${(await response.clone().text()).slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('415 for a body that is not JSON by its type, 413 for one too large, 405 for GET', async () => {
    const { handler } = proxy(undefined, { maxBodyBytes: 100 });
    const text = await post(handler, JSON.stringify(base), { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const large = await post(handler, JSON.stringify({ ...base, system: 'x'.repeat(200) }));
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { type: string } }).error.type).toBe('request_too_large');
    const get = await handler(new Request('http://proxy.test/v1/messages'));
    expect(get.status).toBe(405);
    expect(((await get.json()) as { type: string }).type).toBe('error');
  });

  it("accepts Claude Code's ?beta=true and Anthropic's version and beta headers", async () => {
    const response = await proxy().handler(
      new Request('http://proxy.test/v1/messages?beta=true', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'x-2025' },
        body: JSON.stringify(base),
      }),
    );
    expect(response.status).toBe(200);
  });

  it("a CORS preflight allows Anthropic's headers", async () => {
    const { handler } = proxy(undefined, { allowedOrigins: ['https://app.example'] });
    const preflight = await handler(
      new Request('http://proxy.test/v1/messages', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key, anthropic-version, anthropic-beta, content-type',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(
      /x-api-key, anthropic-version, anthropic-beta/,
    );
  });
});

describe('upstream faults, as the SDK raises them', () => {
  it.each([
    [500, 502, Anthropic.InternalServerError, 'api_error'],
    [429, 429, Anthropic.RateLimitError, 'rate_limit_error'],
    [401, 401, Anthropic.AuthenticationError, 'authentication_error'],
  ] as const)('upstream %i → %i %s, in both modes, whole and streamed', async (upstream, status, kind, type) => {
    for (const toolMode of ['emulated', 'native'] as const) {
      const { handler } = proxy(
        () => new Response('{"error":{"message":"bad sk-upstream-secret"}}', { status: upstream }),
        { toolMode },
      );
      for (const call of [
        () => anthropicClient(handler).messages.create(base),
        () => anthropicClient(handler).messages.stream(base).finalMessage(),
      ]) {
        const error = await rejection(call());
        expect(error).toBeInstanceOf(kind);
        expect(error.status).toBe(status);
        expect(error.type).toBe(type);
        expect(error.apiMessage).not.toContain('sk-upstream-secret');
      }
    }
  });

  it.each(['emulated', 'native'] as const)(
    '%s: a cut mid-stream ends with an error event; the SDK raises it after the text it got',
    async (toolMode) => {
      const { handler } = proxy(
        () => sseResponse([chunk({ content: 'Hello, th' }), chunk({ content: 'ere' })], 'error'),
        { toolMode },
      );
      const stream = anthropicClient(handler).messages.stream(base);
      let text = '';
      stream.on('text', (delta) => {
        text += delta;
      });
      const error = await rejection(stream.finalMessage());
      expect(error.type).toBe('api_error');
      expect(error.apiMessage).toMatch(/^The upstream http:\/\/upstream\.test\/v1 /);
      expect(text).toBe('Hello, there');
    },
  );

  it('pings while the upstream is quiet; the SDK skips them', async () => {
    const slow: Responder = () => {
      const encoder = new TextEncoder();
      const frames = [chunk({ content: 'Slow' }), chunk({ content: ' answer.' }), chunk({}, 'stop')];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 60));
          const frame = frames.shift();
          if (frame === undefined) {
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          } else controller.enqueue(encoder.encode(`data: ${JSON.stringify(frame)}\n\n`));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const raw = await post(
      proxy(slow, { keepAliveMs: 10, streamHeadersWithinMs: 0 }).handler,
      JSON.stringify({ ...base, stream: true }),
    );
    const events = parseEvents(await raw.text());
    expect(events.filter((e) => e.event === 'ping').length).toBeGreaterThan(0);
    expect(events.find((e) => e.event === 'ping')?.data).toEqual({ type: 'ping' });
    expect(events.at(-1)?.event).toBe('message_stop');
    const message = await anthropicClient(proxy(slow, { keepAliveMs: 10, streamHeadersWithinMs: 0 }).handler)
      .messages.stream(base)
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Slow answer.' }]);
  });
});

describe('count_tokens', () => {
  it('estimates without calling the upstream, and grows with the tools and the text', async () => {
    const { handler, requests } = proxy();
    const client = anthropicClient(handler);
    const small = await client.messages.countTokens({ model: base.model, messages: base.messages });
    const large = await client.messages.countTokens({
      model: base.model,
      system: 'You are a careful assistant. '.repeat(20),
      messages: base.messages,
      tools: [weatherTool],
    });
    expect(small.input_tokens).toBeGreaterThan(0);
    expect(large.input_tokens).toBeGreaterThan(small.input_tokens + 100);
    expect(requests).toHaveLength(0);
  });

  it('refuses a bad body in Anthropic shape', async () => {
    const error = await rejection(
      anthropicClient(proxy().handler).messages.countTokens({
        model: base.model,
        messages: [{ role: 'user', content: 7 as never }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.apiMessage).toMatch(/`messages\[0\].content` must be a string or an array of content blocks/);
  });
});
