/**
 * The Gemini doors' routes: the model in the path (dots, dashes, a colon of
 * its own before `:generateContent`, URL-encoded, or with the `models/` of
 * its resource name) is the model echoed and, in native mode, the one sent
 * upstream; `/v1beta` and `/v1` alike; the model list and one model in
 * Gemini's `Model` shape; a wrong method is a 405 in Google's shape naming
 * the allowed one, and nothing is sent upstream.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { completion, jsonRequest, proxyOver } from '../test/fake-upstream.ts';

const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };

function proxy(extra: Partial<ProxyHandlerOptions> = { toolMode: 'native' }) {
  const { handler, requests } = proxyOver(() => Response.json(completion('ok')), extra);
  return { handler, requests, get: (path: string) => handler(new Request(`http://proxy.test${path}`)) };
}

describe('generateContent paths', () => {
  it.each([
    ['/v1beta/models/gemini-2.5-flash:generateContent', 'gemini-2.5-flash'],
    ['/v1/models/gemini-2.5-flash:generateContent', 'gemini-2.5-flash'],
    ['/v1beta/models/qwen3-coder:30b:generateContent', 'qwen3-coder:30b'],
    ['/v1beta/models/qwen3-coder%3A30b:generateContent', 'qwen3-coder:30b'],
    ['/v1beta/models/Qwen%2FQwen3.5-27B:generateContent', 'Qwen/Qwen3.5-27B'],
    ['/v1beta/models/models%2Fgemini-3-pro-preview:generateContent', 'gemini-3-pro-preview'],
    ['/v1beta/models/gemini-2.5-pro:generateContent/', 'gemini-2.5-pro'],
  ])('%s → %s, upstream and echoed', async (path, model) => {
    const { handler, requests } = proxy();
    const response = await handler(jsonRequest(path, body));
    expect(response.status).toBe(200);
    expect(requests[0]?.body.model).toBe(model);
    expect(((await response.json()) as { modelVersion: string }).modelVersion).toBe(model);
  });

  it('emulated mode echoes the path model but sends its own upstream model', async () => {
    const { handler, requests } = proxyOver(
      () => Response.json(completion('ok')),
      { protocol: 'hermes' },
      { model: 'local-7b' },
    );
    const response = await handler(jsonRequest('/v1/models/gemini-2.5-pro:generateContent', body));
    expect(requests[0]?.body.model).toBe('local-7b');
    expect(((await response.json()) as { modelVersion: string }).modelVersion).toBe('gemini-2.5-pro');
  });

  it('streamGenerateContent and countTokens answer under both versions, a basePath before them', async () => {
    for (const version of ['v1beta', 'v1']) {
      const { handler } = proxy({ toolMode: 'native', basePath: '/gemini' });
      const streamed = await handler(jsonRequest(`/gemini/${version}/models/m:streamGenerateContent?alt=sse`, body));
      expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await streamed.text()).toContain('"finishReason":"STOP"');
      const counted = await handler(jsonRequest(`/gemini/${version}/models/m:countTokens`, body));
      expect(((await counted.json()) as { totalTokens: number }).totalTokens).toBeGreaterThan(0);
    }
  });
});

describe('models', () => {
  it('GET /v1beta/models lists the served model; GET /v1/models stays the OpenAI list', async () => {
    const { get } = proxy({ toolMode: 'native', modelId: 'served-model' });
    const gemini = (await (await get('/v1beta/models')).json()) as { models: Array<Record<string, unknown>> };
    expect(gemini.models).toHaveLength(1);
    expect(gemini.models[0]).toMatchObject({
      name: 'models/served-model',
      baseModelId: 'served-model',
      supportedGenerationMethods: expect.arrayContaining(['generateContent', 'streamGenerateContent', 'countTokens']),
    });
    const openai = (await (await get('/v1/models')).json()) as { object: string; data: Array<{ id: string }> };
    expect(openai.object).toBe('list');
    expect(openai.data[0]?.id).toBe('served-model');
  });

  it.each([
    ['/v1beta/models/gemini-2.5-pro', 'models/gemini-2.5-pro'],
    ['/v1/models/gemini-2.5-pro', 'models/gemini-2.5-pro'],
    ['/v1beta/models/models%2Fgemini-2.5-pro', 'models/gemini-2.5-pro'],
    ['/v1beta/models/llama-3.1-8b%3Aq4', 'models/llama-3.1-8b:q4'],
  ])('GET %s names %s', async (path, name) => {
    const { get, requests } = proxy();
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe(name);
    expect(requests).toHaveLength(0);
  });
});

describe('wrong methods: 405 in Google’s shape, nothing sent', () => {
  it.each([
    ['GET', '/v1beta/models/m:generateContent', 'POST'],
    ['GET', '/v1/models/m:streamGenerateContent', 'POST'],
    ['PUT', '/v1beta/models/m:countTokens', 'POST'],
    ['POST', '/v1beta/models', 'GET'],
    ['DELETE', '/v1beta/models/m', 'GET'],
  ])('%s %s', async (method, path, allowed) => {
    const { handler, requests } = proxy();
    const response = await handler(
      new Request(`http://proxy.test${path}`, {
        method,
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain(allowed);
    const { error } = (await response.json()) as { error: { code: number; status: string; message: string } };
    expect(error).toMatchObject({ code: 405, status: 'UNIMPLEMENTED' });
    expect(error.message).toContain(`accepts ${allowed}, not ${method}`);
    expect(requests).toHaveLength(0);
  });
});

describe('the Gemini API methods the proxy does not serve: 404 in Google’s shape, naming what is served', () => {
  it.each([
    '/v1beta/models/text-embedding-004:embedContent',
    '/v1/models/gemini-embedding-001:batchEmbedContents',
    '/v1beta/models/qwen3-coder:30b:predict',
  ])('POST %s', async (path) => {
    const { handler, requests } = proxy();
    const response = await handler(jsonRequest(path, { content: { parts: [{ text: 'Hi' }] } }));
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: number; status: string; message: string } };
    expect(error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect(error.message).toMatch(
      /does not serve models\/\*:\w+; it serves generateContent, streamGenerateContent, countTokens/,
    );
    expect(requests).toHaveLength(0);
  });

  it('an unknown route’s 404 lists only the routes served', async () => {
    const { get } = proxy();
    const { error } = (await (await get('/v1beta/nothing')).json()) as { error: { message: string } };
    expect(error.message).toContain('POST /v1beta/models/{model}:generateContent');
    expect(error.message).not.toContain('{method}');
  });
});

describe('a model name with a slash in the path, as Gemini CLI writes an LM Studio model', () => {
  it.each([
    ['POST', '/v1beta/models/qwen/qwen3-coder-30b:streamGenerateContent?alt=sse', 200],
    ['POST', '/v1beta/models/qwen/qwen3-coder-30b:generateContent', 200],
    ['POST', '/v1/models/Qwen/Qwen3-Coder-30B-A3B-Instruct:countTokens', 200],
    ['GET', '/v1beta/models/qwen/qwen3-coder-30b', 200],
    ['POST', '/v1beta/models/qwen/text-embedding:embedContent', 404],
  ])('%s %s → %i, the model read whole', async (method, path, status) => {
    const { handler, requests } = proxy();
    const response = await handler(
      method === 'GET' ? new Request(`http://proxy.test${path}`) : jsonRequest(path, body),
    );
    expect(response.status).toBe(status);
    const text = await response.text();
    if (path.includes(':generateContent') || path.includes(':streamGenerateContent'))
      expect(requests[0]?.body.model).toBe(path.split('/models/')[1]?.split(':')[0]);
    if (method === 'GET') expect(text).toContain('models/qwen/qwen3-coder-30b');
  });
});
