/**
 * Failures through the Gemini doors, in Google's error shape
 * `{error:{code,message,status}}` with the canonical status name: upstream
 * errors and an unreachable upstream (424 FAILED_PRECONDITION, which Gemini
 * CLI does not retry), the proxy token in each place the door takes it, the
 * core's own refusals, and a failure after the stream began. That last one
 * must be a network chunk that is the bare error JSON: Gemini CLI 0.61's
 * copy of @google/genai tries each chunk it reads as JSON and raises an
 * `error` found there; as a `data:` line it would read it as an empty
 * answer. The test reads the stream with that parser.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { chunk, completion, jsonRequest, proxyOver, type Responder, sseResponse } from '../test/fake-upstream.ts';

const TOKEN = 'gemini-secret';
const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
const generate = '/v1beta/models/m:generateContent';
const streamPath = '/v1beta/models/m:streamGenerateContent?alt=sse';

interface GoogleError {
  error: { code: number; message: string; status: string };
}

async function googleError(response: Response): Promise<GoogleError['error']> {
  const json = (await response.json()) as GoogleError;
  expect(Object.keys(json)).toEqual(['error']);
  expect(json.error.code).toBe(response.status);
  expect(typeof json.error.message).toBe('string');
  return json.error;
}

const upstreamStatus =
  (status: number): Responder =>
  () =>
    Response.json({ error: { message: 'model server says no' } }, { status });

describe('upstream failures before the answer', () => {
  const cases: Array<[string, Responder, number, string]> = [
    ['an upstream 500', upstreamStatus(500), 502, 'INTERNAL'],
    ['an upstream 503', upstreamStatus(503), 502, 'INTERNAL'],
    ['an upstream 429', upstreamStatus(429), 429, 'RESOURCE_EXHAUSTED'],
    ['an upstream 401 (its key)', upstreamStatus(401), 401, 'UNAUTHENTICATED'],
    ['an upstream 404', upstreamStatus(404), 404, 'NOT_FOUND'],
    [
      'an unreachable upstream',
      () => {
        throw new TypeError('fetch failed');
      },
      424,
      'FAILED_PRECONDITION',
    ],
  ];
  it.each(cases)('%s: whole and streamed, an HTTP status with Google’s body', async (_name, respond, code, status) => {
    for (const path of [generate, streamPath]) {
      const { handler } = proxyOver(respond, { protocol: 'hermes' });
      const response = await handler(jsonRequest(path, body));
      expect(response.status).toBe(code);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expect(await googleError(response)).toMatchObject({ code, status });
    }
  });

  it('the unreachable upstream’s message names it and the fix', async () => {
    const { handler } = proxyOver(() => {
      throw new TypeError('fetch failed');
    });
    const error = await googleError(await handler(jsonRequest(generate, body)));
    expect(error.message).toContain('http://upstream.test/v1');
    expect(error.message).toContain('UPSTREAM_BASE_URL');
  });
});

describe('the proxy token', () => {
  const send = (url: string, headers: Record<string, string> = {}) => {
    const { handler, requests } = proxyOver(() => Response.json(completion('ok')), { proxyToken: TOKEN });
    const request = new Request(`http://proxy.test${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { response: handler(request), requests };
  };

  it.each([
    ['x-goog-api-key', generate, { 'x-goog-api-key': TOKEN }],
    ['?key=', `${generate}?key=${TOKEN}`, {}],
    ['?key= beside alt=sse', `${streamPath}&key=${TOKEN}`, {}],
    ['Authorization: Bearer', generate, { authorization: `Bearer ${TOKEN}` }],
  ])('%s passes', async (_name, url, headers) => {
    const { response, requests } = send(url, headers);
    expect((await response).status).toBe(200);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['no token', generate, {}, /Missing token: send `x-goog-api-key: <PROXY_TOKEN>` or `\?key=<PROXY_TOKEN>`/],
    ['a wrong x-goog-api-key', generate, { 'x-goog-api-key': 'guess' }, /Invalid token/],
    ['a wrong ?key=', `${generate}?key=guess`, {}, /Invalid token/],
    ['a Bearer of the wrong token', generate, { authorization: 'Bearer guess' }, /Invalid token/],
    ['the token without Bearer', generate, { authorization: TOKEN }, /Missing token/],
  ])('%s: 401 UNAUTHENTICATED, nothing sent', async (_name, url, headers, message) => {
    const { response, requests } = send(url, headers);
    const answer = await response;
    expect(answer.status).toBe(401);
    const error = await googleError(answer);
    expect(error.status).toBe('UNAUTHENTICATED');
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(TOKEN);
    expect(requests).toHaveLength(0);
  });

  it('the model list and a model want the token too', async () => {
    const { handler } = proxyOver(undefined, { proxyToken: TOKEN });
    for (const path of ['/v1beta/models', '/v1beta/models/m']) {
      const refused = await handler(new Request(`http://proxy.test${path}`));
      expect(refused.status).toBe(401);
      expect((await googleError(refused)).status).toBe('UNAUTHENTICATED');
      const passed = await handler(new Request(`http://proxy.test${path}`, { headers: { 'x-goog-api-key': TOKEN } }));
      expect(passed.status).toBe(200);
    }
  });
});

describe('the core’s refusals in Google’s shape', () => {
  const options: Partial<ProxyHandlerOptions> = { allowedHosts: ['proxy.example'], maxBodyBytes: 2000 };
  it.each([
    [
      'a host not allowed',
      new Request('http://evil.test/v1beta/models/m:generateContent', { method: 'POST' }),
      403,
      'PERMISSION_DENIED',
    ],
    [
      'a body that is no JSON',
      new Request(`http://127.0.0.1${generate}`, {
        method: 'POST',
        body: '{',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'INVALID_ARGUMENT',
    ],
    [
      'a text/plain body',
      new Request(`http://127.0.0.1${generate}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'INVALID_ARGUMENT',
    ],
    [
      'a body over the limit',
      new Request(`http://127.0.0.1${generate}`, {
        method: 'POST',
        body: JSON.stringify({ contents: [{ parts: [{ text: 'x'.repeat(5000) }] }] }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'INVALID_ARGUMENT',
    ],
  ])('%s', async (_name, request, code, status) => {
    const { handler, requests } = proxyOver(undefined, options);
    const response = await handler(request);
    expect(response.status).toBe(code);
    expect(await googleError(response)).toMatchObject({ status });
    expect(requests).toHaveLength(0);
  });
});

/**
 * Gemini CLI 0.61's stream reader (its bundled @google/genai): each network
 * chunk is first tried as a whole JSON error, then `data:` lines are cut out.
 */
async function readLikeGeminiCli(response: Response): Promise<{ texts: string[]; calls: number; error?: number }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const out: { texts: string[]; calls: number; error?: number } = { texts: [], calls: 0 };
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    try {
      const json = JSON.parse(piece) as GoogleError;
      if ('error' in json && json.error.code >= 400 && json.error.code < 600) {
        out.error = json.error.code;
        return out;
      }
    } catch {}
    buffer += piece;
    for (
      let match = /^\s*data: (.*)(?:\n\n|\r\r|\r\n\r\n)/.exec(buffer);
      match;
      match = /^\s*data: (.*)(?:\n\n|\r\r|\r\n\r\n)/.exec(buffer)
    ) {
      const parts =
        (
          JSON.parse(match[1] as string) as {
            candidates: Array<{ content: { parts: Array<{ text?: string; functionCall?: unknown }> } }>;
          }
        ).candidates[0]?.content.parts ?? [];
      out.texts.push(...parts.flatMap((p) => (p.text ? [p.text] : [])));
      out.calls += parts.filter((p) => p.functionCall).length;
      buffer = buffer.slice(match[0].length);
    }
  }
  if (buffer.trim() !== '') throw new Error(`Incomplete JSON segment at the end: ${buffer}`);
  return out;
}

describe('a failure after the stream began', () => {
  const brokenOff =
    (pieces: string[]): Responder =>
    () =>
      sseResponse([chunk({ role: 'assistant', content: '' }), ...pieces.map((content) => chunk({ content }))], 'error');

  it.each([
    ['emulated', { protocol: 'hermes' }],
    ['native', { toolMode: 'native' as const }],
  ])(
    '%s: the text so far, then the bare error JSON as a chunk of its own, which Gemini CLI raises',
    async (_name, mode) => {
      const { handler } = proxyOver(brokenOff(['Hello, ', 'this is ', 'half an answ']), {
        ...mode,
        streamHeadersWithinMs: 0,
      });
      const response = await handler(jsonRequest(streamPath, body));
      expect(response.status).toBe(200);
      const read = await readLikeGeminiCli(response);
      expect(read.texts.join('')).toBe('Hello, this is half an answ');
      expect(read.error).toBe(502);
    },
  );

  it('a call cut off mid-way is not sent as a call; the last thing sent is the error', async () => {
    const { handler } = proxyOver(brokenOff(['Sure.', '<tool_call>\n{"name": "read", "argu']), { protocol: 'hermes' });
    const response = await handler(
      jsonRequest(streamPath, { ...body, tools: [{ functionDeclarations: [{ name: 'read' }] }] }),
    );
    const text = await response.clone().text();
    const last = text.trimEnd().split('\n').at(-1) as string;
    expect(JSON.parse(last)).toMatchObject({ error: { code: 502, status: 'INTERNAL' } });
    const read = await readLikeGeminiCli(response);
    expect(read.calls).toBe(0);
    expect(read.error).toBe(502);
  });
});
