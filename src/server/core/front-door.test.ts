/**
 * The front-door contract, through a toy API: a door with its own error
 * shape, token headers, keep-alive frame and a JSON-only sibling route gets
 * every guarantee of the core without writing any of it: the token in either
 * header, the errors in its shape, the tool-choice check, the abort, and in
 * native mode tools forwarded as chat-completions `tools`/`tool_choice` with
 * the upstream's `tool_calls` coming back as V4 tool parts.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { chunk, completion, fakeUpstream, type Responder, sseResponse } from '../test/fake-upstream.ts';
import { invalidRequest } from './errors.ts';
import { type FrontDoor, type JsonFrontDoor, modelFrontDoor } from './front-door.ts';
import { createProxyCore } from './handler.ts';
import { misconfiguredHandler } from './misconfigured.ts';
import type { ProxyHandlerOptions } from './options.ts';

/** The toy API's request: `{ "say": text, "tools"?: [{name, schema}], "choice"?: "auto"|"required"|name, "stream"? }`. */
const toy = modelFrontDoor<{ echo: string }>({
  path: '/v1/toy',
  tokenHeaders: ['x-api-key', 'authorization'],
  readRequest(json) {
    const body = json as { say?: unknown; tools?: Array<{ name: string }>; choice?: string; stream?: boolean };
    if (typeof body.say !== 'string') throw invalidRequest('`say` must be a string.', 'say');
    const callOptions: LanguageModelV4CallOptions = {
      prompt: [{ role: 'user', content: [{ type: 'text', text: body.say }] }],
    };
    if (body.tools) {
      callOptions.tools = body.tools.map((t) => ({
        type: 'function',
        name: t.name,
        inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      }));
    }
    if (body.choice === 'auto' || body.choice === 'required') callOptions.toolChoice = { type: body.choice };
    else if (body.choice) callOptions.toolChoice = { type: 'tool', toolName: body.choice };
    return { callOptions, stream: body.stream === true, state: { echo: body.say } };
  },
  writeResult: (result, call, ctx) => ({ model: ctx.model, echo: call.state.echo, content: result.content }),
  streamWriter: () => ({
    start: () => [],
    write: (part: LanguageModelV4StreamPart) => [`event: part\ndata: ${JSON.stringify(part)}\n\n`],
    end: () => ['event: end\ndata: {}\n\n'],
  }),
  errorBody: (error) => ({ type: 'error', error: { type: error.type, message: error.message } }),
  errorEvent: (error) =>
    `event: error\ndata: ${JSON.stringify({ type: 'error', error: { message: error.message } })}\n\n`,
  keepAlive: 'event: ping\ndata: {}\n\n',
});

const count: JsonFrontDoor = {
  path: '/v1/toy/count',
  tokenHeaders: ['x-api-key'],
  respond: (json) => ({ length: String((json as { say?: unknown }).say ?? '').length }),
  errorBody: (error) => ({ type: 'error', error: { type: error.type, message: error.message } }),
};

const doors: FrontDoor[] = [toy, count];

function core(respond: Responder, extra: Partial<ProxyHandlerOptions> = {}) {
  const fake = fakeUpstream(respond);
  const handler = createProxyCore(
    { upstream: { baseURL: 'http://upstream.test/v1', fetch: fake.fetch }, proxyToken: 'tok', ...extra },
    doors,
  );
  return { handler, requests: fake.requests };
}

const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-api-key': 'tok' }) =>
  new Request(`http://proxy.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const hermesCall = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('guards and errors in the door’s own shape', () => {
  it('the token in x-api-key or as a bearer; a wrong one is 401 in the door’s shape', async () => {
    const { handler } = core(() => Response.json(completion('hi')));
    expect((await handler(post('/v1/toy', { say: 'hi' }))).status).toBe(200);
    expect((await handler(post('/v1/toy', { say: 'hi' }, { authorization: 'Bearer tok' }))).status).toBe(200);
    const wrong = await handler(post('/v1/toy', { say: 'hi' }, { 'x-api-key': 'nope' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: expect.stringMatching(/does not match/) },
    });
    const missing = await handler(post('/v1/toy', { say: 'hi' }, {}));
    expect((await missing.json()).error.message).toMatch(/x-api-key: <PROXY_TOKEN>`.*Authorization: Bearer/);
  });

  it('a door that takes only x-api-key refuses a bearer', async () => {
    const { handler } = core(() => Response.json(completion('hi')));
    expect((await handler(post('/v1/toy/count', { say: 'hi' }, { authorization: 'Bearer tok' }))).status).toBe(401);
    const ok = await handler(post('/v1/toy/count', { say: 'hello' }));
    expect(await ok.json()).toEqual({ length: 5 });
  });

  it('bad JSON, a bad field and a wrong method answer in the door’s shape; unknown paths in the OpenAI one', async () => {
    const { handler, requests } = core(() => Response.json(completion('hi')));
    const notJson = await handler(
      new Request('http://proxy.test/v1/toy', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'tok' },
        body: '{',
      }),
    );
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.message).toMatch(/not valid JSON/);
    const field = await handler(post('/v1/toy', { say: 1 }));
    expect(await field.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: '`say` must be a string.' },
    });
    const get = await handler(new Request('http://proxy.test/v1/toy', { headers: { 'x-api-key': 'tok' } }));
    expect(get.status).toBe(405);
    expect((await get.json()).type).toBe('error');
    const missing = await handler(new Request('http://proxy.test/v2/x'));
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toMatch(/POST \/v1\/toy, POST \/v1\/toy\/count, GET \/v1\/models/);
    expect(requests).toHaveLength(0);
  });

  it('an impossible tool choice: 400 in the door’s shape, nothing sent upstream', async () => {
    const { handler, requests } = core(() => Response.json(completion('hi')));
    const response = await handler(post('/v1/toy', { say: 'hi', choice: 'required' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/tool_choice "required" needs at least one function tool/);
    expect(requests).toHaveLength(0);
  });
});

describe('emulated mode: the door gets the toolshim-wrapped model', () => {
  it('whole: a call parsed out of the model’s text reaches writeResult as a tool-call part', async () => {
    const { handler, requests } = core(() => Response.json(completion(hermesCall)));
    const response = await handler(post('/v1/toy', { say: 'Weather in Paris?', tools: [{ name: 'get_weather' }] }));
    const body = await response.json();
    expect(body.echo).toBe('Weather in Paris?');
    expect(body.content).toContainEqual(
      expect.objectContaining({ type: 'tool-call', toolName: 'get_weather', input: '{"city":"Paris"}' }),
    );
    // The upstream saw the tools in the prompt, not as `tools`.
    expect(requests[0]?.body.tools).toBeUndefined();
    expect(JSON.stringify(requests[0]?.body.messages)).toContain('get_weather');
  });

  it('streamed: the door’s keep-alive frame while the model is quiet', async () => {
    const { handler } = core(({ signal }) => sseResponse([chunk({ content: 'Hel' })], 'hang', signal), {
      keepAliveMs: 20,
    });
    const client = new AbortController();
    const response = await handler(
      new Request(post('/v1/toy', { say: 'hi', stream: true }), { signal: client.signal }),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: ping')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(/"delta":"Hel"[\s\S]*event: ping\ndata: \{\}\n\n/);
    client.abort();
    await reader.cancel();
  });

  it('streamed: the door’s frames, and its error event on a fault', async () => {
    const { handler } = core(() => sseResponse([chunk({ content: 'Hel' }), chunk({ content: 'lo' })], 'error'), {
      keepAliveMs: 20,
      streamHeadersWithinMs: 0,
    });
    const text = await (await handler(post('/v1/toy', { say: 'hi', stream: true }))).text();
    expect(text.startsWith(': connected\n\n')).toBe(true);
    expect(text).toContain('event: part\ndata: {"type":"text-delta"');
    expect(text).toMatch(
      /event: error\ndata: \{"type":"error","error":\{"message":"The upstream http:\/\/upstream\.test\/v1 broke off/,
    );
    expect(text).not.toContain('event: end');
  });
});

describe('native mode: tools go upstream as chat-completions tools and come back as tool parts', () => {
  const native = { toolMode: 'native' as const };

  it('whole: tools and tool_choice are forwarded; tool_calls come back', async () => {
    const { handler, requests } = core(
      () =>
        Response.json(
          completion(null, [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ]),
        ),
      native,
    );
    const response = await handler(
      post('/v1/toy', { say: 'Weather?', tools: [{ name: 'get_weather' }], choice: 'get_weather' }),
    );
    const sent = requests[0]?.body as Record<string, unknown>;
    expect(sent.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      },
    ]);
    expect(sent.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect((await response.json()).content).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
    ]);
  });

  it('streamed: indexed tool_call deltas reach the door as one whole tool-call part', async () => {
    const { handler, requests } = core(
      () =>
        sseResponse([
          chunk({
            tool_calls: [
              { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
          chunk({}, 'tool_calls'),
        ]),
      native,
    );
    const text = await (
      await handler(post('/v1/toy', { say: 'Weather?', tools: [{ name: 'get_weather' }], stream: true }))
    ).text();
    expect('tool_choice' in (requests[0]?.body ?? {})).toBe(false);
    const parts = [...text.matchAll(/^event: part\ndata: (.*)$/gm)].map(
      (m) => JSON.parse(m[1] as string) as { type: string },
    );
    // The core holds the announcing parts back (whole-calls.ts): the door hears of the call once it is whole.
    expect(parts.map((p) => p.type).filter((t) => t.startsWith('tool'))).toEqual(['tool-call']);
    expect(parts.find((p) => p.type === 'tool-call')).toMatchObject({ input: '{"city":"Paris"}' });
  });
});

describe('a misconfigured deployment', () => {
  const handler = misconfiguredHandler(
    { PROXY_TOKEN: 'tok' },
    new TypeError('TOOL_MODE must be "emulated" or "native".'),
    doors,
  );

  it('answers 500 proxy_misconfigured in the route’s shape, the reason only to the token holder and the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const anyone = await handler(post('/v1/toy', { say: 'hi' }, {}));
    expect(anyone.status).toBe(500);
    const body = await anyone.json();
    expect(body).toMatchObject({ type: 'error', error: { type: 'server_error' } });
    expect(body.error.message).not.toContain('TOOL_MODE');
    const operator = await (await handler(post('/v1/toy', { say: 'hi' }, { 'x-api-key': 'tok' }))).json();
    expect(operator.error.message).toContain('TOOL_MODE must be');
    // Outside any door: the OpenAI shape, with its code.
    const health = await (await handler(new Request('http://proxy.test/health'))).json();
    expect(health.error).toMatchObject({ code: 'proxy_misconfigured' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('TOOL_MODE must be'));
    log.mockRestore();
  });
});
