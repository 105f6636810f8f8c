/**
 * Native tool mode against a recording fake upstream: the upstream wire body
 * (the client's `tools` unchanged, each `tool_choice` as OpenAI writes it, no
 * `tool_choice` key when the client sent none), the pre-send validation of an
 * impossible tool choice that never reaches the upstream, the mapping of
 * upstream failures to statuses and codes, streaming and cancellation.
 */
import { describe, expect, it } from 'vitest';
import {
  abortedBeforeAndAfterLeaving,
  chatRequest,
  chunk,
  completion,
  proxyOver,
  type Responder,
  readSse,
  sseResponse,
  weatherTool,
} from '../test/fake-upstream.ts';

const messages = [{ role: 'user', content: 'Weather in Paris?' }];

function nativeProxy(respond?: Responder, extra: { timeoutMs?: number } = {}) {
  return proxyOver(
    respond,
    { toolMode: 'native' },
    { baseURL: 'http://upstream.test/v1/', apiKey: 'sk-secret', ...extra },
  );
}

describe('native mode: the upstream wire body', () => {
  it('has no tool_choice key when the client sent none, and the tools unchanged', async () => {
    const { handler, requests } = nativeProxy();
    const response = await handler(chatRequest({ model: 'm', messages, tools: [weatherTool] }));
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.url).toBe('http://upstream.test/v1/chat/completions');
    expect(sent.headers.get('authorization')).toBe('Bearer sk-secret');
    expect('tool_choice' in sent.body).toBe(false);
    expect(sent.body.tools).toEqual([weatherTool]);
    expect(sent.body.messages).toEqual(messages);
  });

  it('treats an explicit null tool_choice as absent', async () => {
    const { handler, requests } = nativeProxy();
    await handler(chatRequest({ messages, tools: [weatherTool], tool_choice: null }));
    expect('tool_choice' in requests[0]!.body).toBe(false);
  });

  it.each(['auto', 'required', 'none'] as const)('forwards tool_choice "%s" as that string', async (choice) => {
    const { handler, requests } = nativeProxy();
    const response = await handler(chatRequest({ messages, tools: [weatherTool], tool_choice: choice }));
    expect(response.status).toBe(200);
    expect(requests[0]!.body.tool_choice).toBe(choice);
  });

  it('forwards a forced tool as {"type":"function","function":{"name":X}}', async () => {
    const { handler, requests } = nativeProxy();
    const forced = { type: 'function', function: { name: 'get_weather' } };
    await handler(chatRequest({ messages, tools: [weatherTool], tool_choice: forced }));
    expect(requests[0]!.body.tool_choice).toEqual(forced);
  });

  it('keeps other client fields and replaces the model only when UPSTREAM_MODEL is set', async () => {
    const { handler, requests } = proxyOver(undefined, { toolMode: 'native' }, { model: 'qwen3-8b' });
    await handler(chatRequest({ model: 'gpt-4o', messages, temperature: 0.2, max_tokens: 50, user: 'u1' }));
    const body = requests[0]!.body;
    expect(body).toMatchObject({ model: 'qwen3-8b', temperature: 0.2, max_tokens: 50, user: 'u1', stream: false });
    expect(requests[0]!.headers.get('authorization')).toBeNull();
  });

  it('returns the upstream completion with its tool calls', async () => {
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    };
    const { handler } = nativeProxy(() => Response.json(completion(null, [call])));
    const body = await (await handler(chatRequest({ messages, tools: [weatherTool] }))).json();
    expect(body.choices[0].message.tool_calls).toEqual([call]);
    expect(body.choices[0].finish_reason).toBe('tool_calls');
  });
});

describe('pre-send validation of an impossible tool choice: 400 and no upstream request', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['required with no tools', { tool_choice: 'required' }, /required/],
    ['required with empty tools', { tool_choice: 'required', tools: [] }, /required/],
    ['a forced function with no tools', { tool_choice: { type: 'function', function: { name: 'x' } } }, /no tools/],
    [
      'a forced function not among the tools',
      { tools: [weatherTool], tool_choice: { type: 'function', function: { name: 'get_time' } } },
      /"get_time".*not among the declared tools.*"get_weather"/,
    ],
  ];
  for (const mode of ['native', 'emulated'] as const) {
    it.each(cases)(`${mode}: %s`, async (_name, extra, message) => {
      const { handler, requests } = proxyOver(undefined, { toolMode: mode });
      const response = await handler(chatRequest({ messages, ...extra }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toEqual({
        error: {
          message: expect.stringMatching(message),
          type: 'invalid_request_error',
          param: 'tool_choice',
          code: 'provider_invalid_request',
        },
      });
      expect(body.error.message).not.toContain('toolChoice');
      expect(requests).toHaveLength(0);
    });
  }
});

describe('upstream failures: each status mapped to its code', () => {
  const errorBody = (message: string) => ({ error: { message, type: 'x' } });
  it.each([
    [401, 401, 'authentication_error', 'upstream_authentication_failed'],
    [403, 403, 'authentication_error', 'upstream_authentication_failed'],
    [429, 429, 'rate_limit_error', 'upstream_rate_limited'],
    [400, 400, 'invalid_request_error', 'upstream_invalid_request'],
    [500, 502, 'upstream_error', 'upstream_server_error'],
    [503, 502, 'upstream_error', 'upstream_server_error'],
    [504, 504, 'upstream_error', 'upstream_timeout'],
  ])('upstream %i → %i %s', async (upstreamStatus, status, type, code) => {
    const { handler } = nativeProxy(() =>
      Response.json(errorBody('boom from upstream'), { status: upstreamStatus, headers: { 'retry-after': '7' } }),
    );
    const response = await handler(chatRequest({ messages }));
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error).toMatchObject({ type, code });
    expect(body.error.message).toContain('boom from upstream');
    expect(body.error.message).not.toContain('sk-secret');
    expect(response.headers.get('retry-after')).toBe(upstreamStatus === 429 ? '7' : null);
  });

  it('never echoes the upstream key, even when the upstream quotes it', async () => {
    const { handler } = nativeProxy(() =>
      Response.json(errorBody('Incorrect API key provided: sk-secret'), { status: 401 }),
    );
    const body = await (await handler(chatRequest({ messages }))).text();
    expect(body).not.toContain('sk-secret');
    expect(body).toContain('[redacted]');
  });

  it('a refused connection → 424 upstream_unreachable, final, naming the upstream, the cause and the fix', async () => {
    const { handler } = nativeProxy(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    });
    const response = await handler(chatRequest({ messages }));
    expect(response.status).toBe(424);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'upstream_unreachable', type: 'upstream_error' });
    expect(error.message).toBe(
      'The upstream http://upstream.test/v1 could not be reached: connection refused (ECONNREFUSED). Is the model server running? Start it, or check UPSTREAM_BASE_URL.',
    );
  });

  it.each([
    ['ENOTFOUND', 'its host name does not resolve (ENOTFOUND)'],
    ['CERT_HAS_EXPIRED', 'its TLS certificate was refused (CERT_HAS_EXPIRED)'],
    ['ECONNRESET', 'the connection was cut (ECONNRESET)'],
  ])('%s: 424, the cause in words', async (code, cause) => {
    const { handler } = nativeProxy(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) });
    });
    const response = await handler(chatRequest({ messages }));
    expect(response.status).toBe(424);
    expect((await response.json()).error.message).toContain(`could not be reached: ${cause}.`);
  });

  it('no response headers within the timeout → 424 upstream_timeout, final, with the fix', async () => {
    const { handler } = nativeProxy(
      ({ signal }) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
      { timeoutMs: 5 },
    );
    const response = await handler(chatRequest({ messages }));
    expect(response.status).toBe(424);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const { error } = await response.json();
    expect(error.code).toBe('upstream_timeout');
    expect(error.message).toMatch(
      /^The upstream http:\/\/upstream\.test\/v1 did not answer: no response within 5 ms\. .*UPSTREAM_TIMEOUT_MS/,
    );
  });

  it.each([
    ['not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
    ['JSON without choices', () => Response.json({ result: 'ok' })],
  ])('a malformed body (%s) → 502 with a clear message', async (_name, respond) => {
    const { handler } = nativeProxy(respond);
    const response = await handler(chatRequest({ messages }));
    expect(response.status).toBe(502);
    const { error } = await response.json();
    expect(error.code).toBe('upstream_malformed_response');
    expect(error.message).toMatch(/malformed response: expected/);
  });

  it.each([
    ['an HTML page', 'text/html; charset=utf-8', '<html>Welcome to the web UI</html>'],
    ['plain text', 'text/plain', 'OK'],
  ])('a 200 streaming answer that is %s, not SSE → 502 upstream_malformed_response', async (_name, type, body) => {
    const { handler } = nativeProxy(() => new Response(body, { status: 200, headers: { 'content-type': type } }));
    const response = await handler(chatRequest({ messages, stream: true }));
    expect(response.status).toBe(502);
    const { error } = await response.json();
    expect(error.code).toBe('upstream_malformed_response');
    expect(error.message).toContain(`expected a text/event-stream (or a JSON chat.completion), got ${type}`);
    expect(error.message).toContain(body);
  });
});

describe('native streaming', () => {
  const streamed = [
    chunk({ role: 'assistant', content: '' }),
    chunk({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }],
    }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
    chunk({}, 'tool_calls'),
  ];

  it('relays the chunks in order and ends with [DONE]', async () => {
    const { handler, requests } = nativeProxy(() => sseResponse(streamed));
    const response = await handler(chatRequest({ messages, tools: [weatherTool], stream: true }));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await readSse(response)).toEqual([...streamed, '[DONE]']);
    expect(requests[0]!.body.stream).toBe(true);
    expect('tool_choice' in requests[0]!.body).toBe(false);
  });

  it('an upstream that ignores stream: true and sends one completion is relayed as one chunk', async () => {
    const { handler } = nativeProxy(() => Response.json(completion('whole answer')));
    const frames = await readSse(await handler(chatRequest({ messages, stream: true })));
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [{ delta: { role: 'assistant', content: 'whole answer' }, finish_reason: 'stop' }],
    });
    expect(frames[1]).toBe('[DONE]');
  });

  it('a connection cut mid-stream → an error event, not a silent end', async () => {
    const { handler } = nativeProxy(() => sseResponse(streamed.slice(0, 3), 'error'));
    const frames = await readSse(await handler(chatRequest({ messages, stream: true })));
    expect(frames.slice(0, 3)).toEqual(streamed.slice(0, 3));
    expect(frames).toHaveLength(4);
    expect(frames[3]).toMatchObject({ error: { type: 'upstream_error', code: 'upstream_unreachable' } });
    expect(frames).not.toContain('[DONE]');
  });

  it('a stream that just stops (no finish_reason, no [DONE]) → an error event', async () => {
    const { handler } = nativeProxy(() => sseResponse(streamed.slice(0, 2), 'eof'));
    const frames = await readSse(await handler(chatRequest({ messages, stream: true })));
    expect(frames.at(-1)).toMatchObject({ error: { message: expect.stringMatching(/ended before a finish_reason/) } });
  });

  it('an upstream error event mid-stream is passed on as an error event', async () => {
    const { handler } = nativeProxy(() => sseResponse([streamed[0]!, { error: { message: 'model overloaded' } }]));
    const frames = await readSse(await handler(chatRequest({ messages, stream: true })));
    expect(frames[1]).toMatchObject({ error: { message: expect.stringContaining('model overloaded') } });
  });

  it('a client that disconnects aborts the upstream request', async () => {
    const proxy = nativeProxy(({ signal }) => sseResponse(streamed.slice(0, 2), 'hang', signal));
    expect(await abortedBeforeAndAfterLeaving(proxy, chatRequest({ messages, stream: true }))).toEqual([false, true]);
  });

  it('an aborted incoming request aborts the upstream request', async () => {
    const client = new AbortController();
    const { handler, requests } = nativeProxy(({ signal }) => sseResponse(streamed.slice(0, 2), 'hang', signal));
    await handler(chatRequest({ messages, stream: true }, { signal: client.signal }));
    client.abort();
    expect(requests[0]!.signal?.aborted).toBe(true);
  });
});
