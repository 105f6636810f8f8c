/**
 * Routing, CORS, the proxy token, the body limit and request validation:
 * every rejection is an OpenAI-shaped error whose message names the field.
 */

import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../protocols/registry.ts';
import { proxyOptionsFromEnv } from '../core/env-options.ts';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, proxyOver, readSse, weatherTool } from '../test/fake-upstream.ts';
import { refusalOf } from '../test/refusal.ts';

const messages = [{ role: 'user', content: 'hi' }];

const proxy = (extra: Partial<ProxyHandlerOptions> = {}) => proxyOver(undefined, extra);

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://proxy.test${path}`, { headers });

describe('routes', () => {
  it('GET /health answers without a token', async () => {
    const { handler } = proxy({ proxyToken: 't' });
    const response = await handler(get('/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', tool_mode: 'emulated' });
  });

  it('GET /v1/models lists the model', async () => {
    const { handler } = proxy({ modelId: 'qwen', protocol: 'gemma' });
    const body = await (await handler(get('/v1/models'))).json();
    expect(body).toMatchObject({
      object: 'list',
      data: [{ id: 'qwen', object: 'model', tool_mode: 'emulated', protocol: 'gemma' }],
    });
  });

  it('404 for an unknown path, OpenAI-shaped', async () => {
    const { handler } = proxy();
    const response = await handler(get('/v1/embeddings'));
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({ type: 'not_found_error', code: 'unknown_route' });
  });

  it('405 with Allow for a wrong method', async () => {
    const { handler } = proxy();
    const response = await handler(get('/v1/chat/completions'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    const post = await handler(new Request('http://proxy.test/v1/models', { method: 'POST', body: '{}' }));
    expect(post.status).toBe(405);
  });

  it('serves under a basePath (Next.js /api routes)', async () => {
    const { handler } = proxy({ basePath: '/api' });
    expect((await handler(get('/api/health'))).status).toBe(200);
    expect((await handler(get('/health'))).status).toBe(404);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    new Request('http://proxy.test/v1/chat/completions', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('answers a preflight from an allowed origin with 204', async () => {
    const { handler } = proxy({ allowedOrigins: ['https://app.example'], proxyToken: 't' });
    const response = await handler(preflight('https://app.example'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('refuses a preflight from another origin with 403', async () => {
    const { handler } = proxy({ allowedOrigins: ['https://app.example'] });
    const response = await handler(preflight('https://evil.example'));
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toContain('ALLOWED_ORIGINS');
  });

  it('adds the allow-origin header to real responses, errors included', async () => {
    const { handler } = proxy({ allowedOrigins: '*' });
    const response = await handler(get('/nope', { origin: 'https://x.example' }));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('PROXY_TOKEN', () => {
  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer wrong' }],
    ['a prefix of the token', { authorization: 'Bearer s3cre' }],
  ])('401 with %s, and nothing sent upstream', async (_name, headers) => {
    const { handler, requests } = proxy({ proxyToken: 's3cret' });
    const response = await handler(chatRequest({ messages }, { headers }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect((await response.json()).error.type).toBe('authentication_error');
    expect(requests).toHaveLength(0);
  });

  it('passes with the right token', async () => {
    const { handler, requests } = proxy({ proxyToken: 's3cret' });
    const response = await handler(chatRequest({ messages }, { headers: { authorization: 'Bearer s3cret' } }));
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('authorization')).toBeNull(); // the client's token is never forwarded
  });
});

describe('MAX_BODY_BYTES', () => {
  it('413 when Content-Length is over the limit', async () => {
    const { handler, requests } = proxy({ maxBodyBytes: 100 });
    const response = await handler(chatRequest({ messages: [{ role: 'user', content: 'x'.repeat(200) }] }));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({
      code: 'request_too_large',
      message: expect.stringContaining('100 bytes'),
    });
    expect(requests).toHaveLength(0);
  });

  it('413 for a streamed body without Content-Length', async () => {
    const { handler } = proxy({ maxBodyBytes: 100 });
    const bytes = new TextEncoder().encode(JSON.stringify({ messages: [{ role: 'user', content: 'y'.repeat(300) }] }));
    const body = new ReadableStream({
      start(c) {
        for (let i = 0; i < bytes.length; i += 50) c.enqueue(bytes.slice(i, i + 50));
        c.close();
      },
    });
    const request = new Request('http://proxy.test/v1/chat/completions', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
  });
});

describe('request validation: 400 naming the field', () => {
  const cases: Array<[string, unknown, string | null, RegExp]> = [
    ['invalid JSON', '{"messages": [', null, /not valid JSON/],
    ['a body that is not an object', [1, 2], 'body', /must be a JSON object/],
    ['missing messages', { model: 'm' }, 'messages', /`messages` is required/],
    ['messages not an array', { messages: 'hi' }, 'messages', /must be an array, got string/],
    [
      'an unknown role',
      { messages: [{ role: 'bot', content: 'x' }] },
      'messages[0].role',
      /one of system, developer, user, assistant, tool/,
    ],
    [
      'content of the wrong type',
      { messages: [{ role: 'user', content: 5 }] },
      'messages[0].content',
      /string or an array/,
    ],
    [
      'a tool message without tool_call_id',
      { messages: [{ role: 'tool', content: 'x' }] },
      'messages[0].tool_call_id',
      /must be a string/,
    ],
    [
      'a tool result for an unknown call',
      { messages: [{ role: 'tool', content: 'x', tool_call_id: 'c1' }] },
      'messages[0].tool_call_id',
      /no earlier assistant message/,
    ],
    [
      'an image URL that is not a URL',
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'not a url' } }] }] },
      'messages[0].content[0].image_url.url',
      /absolute URL .* or a data URL/,
    ],
    [
      'a data URL with a broken percent-escape',
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'x' },
              { type: 'image_url', image_url: { url: 'data:text/plain,%E2%8' } },
            ],
          },
        ],
      },
      'messages[0].content[1].image_url.url',
      /"%" not followed by two hex digits/,
    ],
    [
      'a data URL whose base64 is broken',
      {
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@@' } }] }],
      },
      'messages[0].content[0].image_url.url',
      /not valid base64/,
    ],
    ['temperature of the wrong type', { messages, temperature: 'hot' }, 'temperature', /must be a number/],
    ['top_p out of range', { messages, top_p: 3 }, 'top_p', /between 0 and 1/],
    ['stream not a boolean', { messages, stream: 'yes' }, 'stream', /boolean/],
    ['a tool of the wrong type', { messages, tools: [{ type: 'retrieval' }] }, 'tools[0].type', /must be "function"/],
    [
      'a tool name with spaces',
      { messages, tools: [{ type: 'function', function: { name: 'get weather' } }] },
      'tools[0].function.name',
      /letters, digits/,
    ],
    [
      'a tool schema that is not an object schema',
      { messages, tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'string' } } }] },
      'tools[0].function.parameters.type',
      /must be "object"/,
    ],
    [
      'a tool schema that is a string',
      { messages, tools: [{ type: 'function', function: { name: 'f', parameters: '{}' } }] },
      'tools[0].function.parameters',
      /JSON schema object/,
    ],
    [
      'a malformed tool_choice',
      { messages, tools: [weatherTool], tool_choice: 'always' },
      'tool_choice',
      /"auto", "none", "required"/,
    ],
    [
      'arguments that are not a string',
      {
        messages: [
          { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: {} } }] },
        ],
      },
      'messages[0].tool_calls[0].function.arguments',
      /JSON string/,
    ],
    [
      'a bad response_format',
      { messages, response_format: { type: 'xml' } },
      'response_format.type',
      /"text", "json_object" or "json_schema"/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, param, message) => {
    const { handler, requests } = proxy();
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await handler(
      new Request('http://proxy.test/v1/chat/completions', {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.type).toBe('invalid_request_error');
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });
});

describe('options from the environment', () => {
  it('rejects bad values naming the variable', () => {
    expect(() => proxyOptionsFromEnv({ TOOL_MODE: 'magic' })).toThrow(/TOOL_MODE must be/);
    expect(() => proxyOptionsFromEnv({ PROTOCOL: 'yaml' })).toThrow(
      /PROTOCOL is not a format name\. Use one of: hermes, gemma, .*, auto \(or xml, qwen3coder\)\. Did you mean "yaml-xml"\?/,
    );
    // The values are not echoed: these messages can reach unauthenticated callers.
    for (const name of ['PROTOCOL', 'TOOL_MODE', 'TOOL_RESULT_FILES']) {
      const thrown = refusalOf(proxyOptionsFromEnv, { [name]: 'sk-secret' });
      expect(thrown.message).toMatch(new RegExp(`^${name} (must be|is not)`));
      expect(thrown.message).not.toContain('sk-secret');
    }
    expect(() => proxyOptionsFromEnv({ MAX_BODY_BYTES: '1MB' })).toThrow(/MAX_BODY_BYTES/);
    const upstream = { UPSTREAM_BASE_URL: 'http://127.0.0.1:8080/v1' };
    expect(() => proxyOptionsFromEnv({ ...upstream, UPSTREAM_TIMEOUT_MS: '0' })).toThrow(
      /UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds, at least 1 \(0 would time out every request/,
    );
    expect(() => proxyOptionsFromEnv({ ...upstream, UPSTREAM_TIMEOUT_MS: '-5' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(proxyOptionsFromEnv({ ...upstream, UPSTREAM_TIMEOUT_MS: '1500' }).upstream?.timeoutMs).toBe(1500);
    expect(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0' }).engine).toBeDefined();
    expect(() => proxyOptionsFromEnv({ TOOL_MODE: 'native' })).toThrow(/set UPSTREAM_BASE_URL/);
    expect(() => proxyOptionsFromEnv({ UPSTREAM_BASE_URL: 'localhost:8080' })).toThrow(/http\(s\) URL/);
  });

  it('reads the upstream, token, origins and limit', () => {
    const options = proxyOptionsFromEnv({
      UPSTREAM_BASE_URL: 'http://127.0.0.1:8080/v1',
      UPSTREAM_API_KEY: 'k',
      UPSTREAM_MODEL: 'qwen',
      TOOL_MODE: 'native',
      PROXY_TOKEN: 'p',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      MAX_BODY_BYTES: '2048',
    });
    expect(options).toMatchObject({
      toolMode: 'native',
      proxyToken: 'p',
      allowedOrigins: ['https://a.example', 'https://b.example'],
      maxBodyBytes: 2048,
      upstream: { baseURL: 'http://127.0.0.1:8080/v1', apiKey: 'k', model: 'qwen' },
    });
  });

  // Every registry format and the old aliases: the replay writes the call with that format's own renderer
  // and the emulated handler parses it with the same format.
  it.each([...FORMAT_NAMES, 'xml', 'qwen3coder'])(
    'with no upstream, serves the offline replay model, which streams a tool call (PROTOCOL=%s)',
    async (protocol) => {
      const handler = createProxyHandler(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0', PROTOCOL: protocol }));
      const models = await (await handler(get('/v1/models'))).json();
      expect(models.data[0].id).toBe('toolshim-replay');
      expect(models.data[0].description).toMatch(/^Scripted: the embedded offline replay model/);
      const response = await handler(
        chatRequest({
          model: 'toolshim-replay',
          messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
          tools: [weatherTool],
          stream: true,
        }),
      );
      const frames = (await readSse(response)) as Array<{
        choices: Array<{
          delta: { tool_calls?: Array<{ function?: { name?: string; arguments?: string } }> };
          finish_reason: string | null;
        }>;
      }>;
      const deltas = frames.slice(0, -1).flatMap((f) => f.choices[0]?.delta.tool_calls ?? []);
      expect(deltas[0]?.function?.name).toBe('get_weather');
      expect(JSON.parse(deltas.map((d) => d.function?.arguments ?? '').join(''))).toMatchObject({ city: 'Paris' });
      expect(frames.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    },
  );

  // The middleware announces the call (tool-input-start and the first deltas) and aborts it when the JSON
  // breaks after the name; the raw call then comes as text. Only completed calls may make it `tool_calls`.
  it.each(['hermes', 'gemma', 'xml', 'qwen3coder'])(
    'a call the middleware aborted finishes "stop" with the raw text, streaming as non-streaming (PROTOCOL=%s)',
    async (protocol) => {
      const handler = createProxyHandler(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0', PROTOCOL: protocol }));
      const body = { messages: [{ role: 'user', content: 'malformed' }], tools: [weatherTool] };
      const whole = await (await handler(chatRequest(body))).json();
      expect(whole.choices[0].finish_reason).toBe('stop');
      expect(whole.choices[0].message.tool_calls).toBeUndefined();
      const frames = (await readSse(await handler(chatRequest({ ...body, stream: true })))) as Array<{
        choices: Array<{ delta: { content?: string; tool_calls?: unknown[] }; finish_reason: string | null }>;
      }>;
      const chunks = frames.slice(0, -1);
      // The broken call never reaches the client as a tool_calls delta: the proxy sends calls only once whole.
      expect(chunks.some((c) => c.choices[0]?.delta.tool_calls !== undefined)).toBe(false);
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(whole.choices[0].message.content);
      expect(whole.choices[0].message.content).toMatch(/Seoul/);
      expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    },
  );
});
