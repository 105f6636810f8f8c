/**
 * The Worker in workerd: the shipped entry (`exports.default` from the
 * wrangler config) on the embedded offline replay model, and the same entry
 * built with a recording fake upstream for native mode's wire bodies.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  chatRequest,
  chunk,
  fakeUpstream,
  readSse,
  sseResponse,
  weatherTool,
} from '../../../src/server/test/fake-upstream.ts';
import { createProxyWorker } from '../index.ts';
import { settingsLine } from '../settings-line.ts';

const auth = { authorization: 'Bearer worker-test-token' };
const ask = [{ role: 'user', content: 'What is the weather in Paris?' }];
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

type Frame = {
  choices: Array<{
    delta: {
      content?: string;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason: string | null;
  }>;
  usage?: unknown;
};

describe('the shipped Worker (offline replay default)', () => {
  it('GET /health', async () => {
    const response = await worker.fetch(new Request('http://w/health'));
    expect(await response.json()).toEqual({ status: 'ok', tool_mode: 'emulated' });
  });

  it('GET /v1/models names the offline replay model', async () => {
    const response = await worker.fetch(new Request('http://w/v1/models', { headers: auth }));
    const body = await response.json<{ data: Array<{ id: string; description: string; protocol: string }> }>();
    expect(body.data[0]).toMatchObject({ id: 'toolshim-replay', protocol: 'hermes' });
    expect(body.data[0]!.description).toMatch(/offline replay model/);
  });

  it('401 without the token, 404 and 405 OpenAI-shaped', async () => {
    expect((await worker.fetch(new Request('http://w/v1/models'))).status).toBe(401);
    const missing = await worker.fetch(new Request('http://w/v2/foo'));
    expect(missing.status).toBe(404);
    expect((await missing.json<{ error: { type: string } }>()).error.type).toBe('not_found_error');
    expect((await worker.fetch(new Request('http://w/health', { method: 'DELETE' }))).status).toBe(405);
  });

  it('CORS preflight for the allowed origin', async () => {
    const response = await worker.fetch(
      new Request('http://w/v1/chat/completions', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('streams a tool call: index, id, name and arguments in one delta, finish_reason tool_calls, usage, [DONE]', async () => {
    const response = await worker.fetch(
      chatRequest(
        { messages: ask, tools: [weatherTool], stream: true, stream_options: { include_usage: true } },
        { headers: auth },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = await readSse(response);
    expect(frames.at(-1)).toBe('[DONE]');
    const chunks = frames.slice(0, -1) as Frame[];
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    // The proxy sends a call once it is whole (src/server/core/whole-calls.ts): one delta, name and arguments.
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({
      index: 0,
      id: expect.stringMatching(/^call_/),
      function: { name: 'get_weather' },
    });
    const argumentDeltas = deltas.filter((d) => d.function?.arguments);
    expect(JSON.parse(argumentDeltas.map((d) => d.function!.arguments).join(''))).toMatchObject({ city: 'Paris' });
    const finishes = chunks.flatMap((c) => (c.choices[0]?.finish_reason ? [c.choices[0].finish_reason] : []));
    expect(finishes).toEqual(['tool_calls']);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
    // No raw protocol markup leaks into the content.
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).not.toContain('<tool_call>');
  });

  it('answers a non-streaming request with a chat.completion', async () => {
    const response = await worker.fetch(chatRequest({ messages: ask, tools: [weatherTool] }, { headers: auth }));
    const body = await response.json<{
      choices: Array<{
        finish_reason: string;
        message: { tool_calls: Array<{ function: { name: string; arguments: string } }> };
      }>;
    }>();
    expect(body.choices[0]!.finish_reason).toBe('tool_calls');
    expect(body.choices[0]!.message.tool_calls[0]!.function.name).toBe('get_weather');
  });

  it('refuses an impossible tool_choice with 400 provider_invalid_request', async () => {
    const response = await worker.fetch(chatRequest({ messages: ask, tool_choice: 'required' }, { headers: auth }));
    expect(response.status).toBe(400);
    expect((await response.json<{ error: unknown }>()).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'tool_choice',
      code: 'provider_invalid_request',
    });
  });

  it('413 over MAX_BODY_BYTES', async () => {
    const big = [{ role: 'user', content: 'x'.repeat(1_100_000) }];
    expect((await worker.fetch(chatRequest({ messages: big }, { headers: auth }))).status).toBe(413);
  });
});

describe('the Worker in native mode, against a recording fake upstream', () => {
  const nativeEnv = {
    ...env,
    TOOL_MODE: 'native',
    UPSTREAM_BASE_URL: 'https://upstream.test/v1',
    UPSTREAM_API_KEY: 'sk-up',
  };

  function nativeWorker(respond?: Parameters<typeof fakeUpstream>[0]) {
    const upstream = fakeUpstream(respond);
    const entry = createProxyWorker({ fetch: upstream.fetch });
    return { fetch: (request: Request) => entry.fetch(request, nativeEnv), requests: upstream.requests };
  }

  it('sends no tool_choice key when the client sent none', async () => {
    const { fetch, requests } = nativeWorker();
    expect((await fetch(chatRequest({ messages: ask, tools: [weatherTool] }, { headers: auth }))).status).toBe(200);
    expect(requests).toHaveLength(1);
    expect(Object.keys(requests[0]!.body)).not.toContain('tool_choice');
    expect(requests[0]!.body.tools).toEqual([weatherTool]);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer sk-up');
  });

  it.each([
    ['auto', 'auto'],
    ['required', 'required'],
    ['none', 'none'],
    [
      { type: 'function', function: { name: 'get_weather' } },
      { type: 'function', function: { name: 'get_weather' } },
    ],
  ])('forwards tool_choice %j as %j', async (choice, wire) => {
    const { fetch, requests } = nativeWorker();
    await fetch(chatRequest({ messages: ask, tools: [weatherTool], tool_choice: choice }, { headers: auth }));
    expect(requests[0]!.body.tool_choice).toEqual(wire);
  });

  it.each([
    ['required, no tools', { tool_choice: 'required' }],
    ['forced, no tools', { tool_choice: { type: 'function', function: { name: 'get_weather' } } }],
    ['forced, undeclared', { tools: [weatherTool], tool_choice: { type: 'function', function: { name: 'nope' } } }],
  ])('validation failure (%s) never reaches the upstream', async (_name, extra) => {
    const { fetch, requests } = nativeWorker();
    const response = await fetch(chatRequest({ messages: ask, ...extra }, { headers: auth }));
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('provider_invalid_request');
    expect(requests).toHaveLength(0);
  });

  it('maps an upstream 429 and keeps Retry-After', async () => {
    const { fetch } = nativeWorker(() =>
      Response.json({ error: { message: 'busy' } }, { status: 429, headers: { 'retry-after': '12' } }),
    );
    const response = await fetch(chatRequest({ messages: ask }, { headers: auth }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
  });

  it('a mid-stream upstream failure becomes an SSE error event', async () => {
    const { fetch } = nativeWorker(() => sseResponse([chunk({ role: 'assistant', content: 'Hel' })], 'error'));
    const frames = await readSse(await fetch(chatRequest({ messages: ask, stream: true }, { headers: auth })));
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ error: { type: 'upstream_error' } });
  });

  it('a client disconnect aborts the upstream request', async () => {
    const { fetch, requests } = nativeWorker(({ signal }) => sseResponse([chunk({ content: 'a' })], 'hang', signal));
    const response = await fetch(chatRequest({ messages: ask, stream: true }, { headers: auth }));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(requests[0]!.signal?.aborted).toBe(true);
  });

  it('a bad variable: a generic 500 for anyone, which variable for the operator (PROXY_TOKEN), never its value', async () => {
    const entry = createProxyWorker();
    const bad = { ...env, TOOL_MODE: 'sk-looks-like-a-secret', PROXY_TOKEN: 'operator-token' };
    for (const path of ['/health', '/v1/chat/completions']) {
      const anyone = await entry.fetch(new Request(`http://w${path}`), bad);
      expect(anyone.status).toBe(500);
      const { error } = await anyone.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('proxy_misconfigured');
      expect(error.message).not.toMatch(/TOOL_MODE|sk-looks-like-a-secret/);
    }
    const operator = await entry.fetch(
      new Request('http://w/health', { headers: { authorization: 'Bearer operator-token' } }),
      bad,
    );
    const { error } = await operator.json<{ error: { message: string } }>();
    expect(error.message).toMatch(/TOOL_MODE must be "emulated" or "native"/);
    expect(error.message).not.toMatch(/sk-looks-like-a-secret/);
  });

  it('UPSTREAM_TIMEOUT_MS=0 answers 500 proxy_misconfigured naming it, instead of a 504 for every request', async () => {
    const entry = createProxyWorker();
    const response = await entry.fetch(
      new Request('http://w/health', { headers: { authorization: 'Bearer operator-token' } }),
      {
        ...env,
        UPSTREAM_BASE_URL: 'http://127.0.0.1:8080/v1',
        UPSTREAM_TIMEOUT_MS: '0',
        PROXY_TOKEN: 'operator-token',
      },
    );
    expect(response.status).toBe(500);
    const { error } = await response.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('proxy_misconfigured');
    expect(error.message).toMatch(/UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds, at least 1/);
  });

  it('has an execution context available (workerd)', () => {
    expect(typeof createExecutionContext().waitUntil).toBe('function');
  });
});

describe('the settings line the Worker logs once per isolate', () => {
  it('shows the settings, names the secrets without their values, and strips credentials from the URL', () => {
    const line = settingsLine({
      UPSTREAM_BASE_URL: 'http://user:pw@127.0.0.1:8080/v1?key=sk-abc',
      PROTOCOL: 'qwen3-coder',
      TOOL_MODE: 'emulated',
      UPSTREAM_MODEL: 'qwen3-coder-30b',
      UPSTREAM_API_KEY: 'sk-secret-1',
      PROXY_TOKEN: 'tok-secret-2',
    });
    expect(line).toBe(
      'toolshim proxy: UPSTREAM_BASE_URL=http://127.0.0.1:8080/v1, UPSTREAM_MODEL=qwen3-coder-30b, TOOL_MODE=emulated, PROTOCOL=qwen3-coder, UPSTREAM_API_KEY set, PROXY_TOKEN set',
    );
    expect(settingsLine({})).toBe(
      'toolshim proxy: UPSTREAM_BASE_URL=(none: the offline sample model), UPSTREAM_API_KEY unset, PROXY_TOKEN unset',
    );
  });
});
