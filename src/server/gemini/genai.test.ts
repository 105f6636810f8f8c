/**
 * The Gemini doors driven by Google's own SDK, @google/genai, in process
 * over a fake OpenAI-compatible upstream that writes Hermes text (emulated
 * mode) or native tool calls: whole and streamed answers, a function-calling
 * loop with the SDK's own types, tool config, thoughts, countTokens, the
 * model list, and errors as the SDK raises them.
 */
import { ApiError, FunctionCallingConfigMode, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { chunk, completion, proxyOver, type RecordedRequest, sseResponse, textChunks } from '../test/fake-upstream.ts';

const TOKEN = 'gemini-test-token';
const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": "2"}}\n</tool_call>';

/** Calls the tool on the first turn, answers from its result on the next. */
function toolThenAnswer(request: RecordedRequest): Response {
  const said = JSON.stringify(request.body.messages);
  const text = said.includes('21 C') ? 'It is 21 C in Paris.' : call;
  return request.body.stream === true ? sseResponse(textChunks(text, 7)) : Response.json(completion(text));
}

/** The message of Google's error body, which the SDK's ApiError carries as its raw text. */
function messageOf(error: unknown): string {
  expect(error).toBeInstanceOf(ApiError);
  return (JSON.parse((error as ApiError).message) as { error: { message: string } }).error.message;
}

function genai(extra: Partial<ProxyHandlerOptions> = {}, respond = toolThenAnswer, apiVersion?: string) {
  const { handler, requests } = proxyOver(respond, { protocol: 'hermes', proxyToken: TOKEN, ...extra });
  const urls: string[] = [];
  const ai = new GoogleGenAI({
    apiKey: TOKEN,
    httpOptions: {
      baseUrl: 'http://proxy.test',
      ...(apiVersion ? { apiVersion } : {}),
      // The handler stands in for the network.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        urls.push(request.url);
        return handler(request);
      },
    },
  });
  return { ai, requests, urls };
}

const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parametersJsonSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
  },
};

const ask = { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] };

describe('@google/genai against the Gemini doors (emulated, hermes)', () => {
  it('generateContent: a functionCall with args coerced to the schema, then the answer from its response', async () => {
    const { ai, requests, urls } = genai();
    const config = { tools: [{ functionDeclarations: [weather] }] };
    const first = await ai.models.generateContent({ model: 'local-model', contents: [ask], config });
    // @google/genai 3 calls v1; Gemini CLI's 1.30 calls v1beta (gemini-cli.test.ts).
    expect(urls[0]).toMatch(/\/v1\/models\/local-model:generateContent$/);
    const calls = first.functionCalls ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'get_weather', args: { city: 'Paris', days: 2 } });
    expect(first.candidates?.[0]?.finishReason).toBe('STOP');
    expect(first.modelVersion).toBe('local-model');
    const turn = first.candidates?.[0]?.content;
    const second = await ai.models.generateContent({
      model: 'local-model',
      contents: [
        ask,
        turn as NonNullable<typeof turn>,
        {
          role: 'user',
          parts: [{ functionResponse: { id: calls[0]?.id, name: 'get_weather', response: { output: 'Paris: 21 C' } } }],
        },
      ],
      config,
    });
    expect(second.text).toBe('It is 21 C in Paris.');
    // The upstream got the history in Hermes text: the call, then its result.
    const prompt = JSON.stringify(requests.at(-1)?.body.messages);
    expect(prompt).toContain('Paris: 21 C');
    expect(prompt.indexOf('get_weather')).toBeLessThan(prompt.indexOf('Paris: 21 C'));
    expect(second.usageMetadata?.promptTokenCount).toBe(3);
  });

  it('generateContentStream: text pieces, the call in a chunk of its own, finishReason on the last', async () => {
    const { ai, urls } = genai({}, () => sseResponse(textChunks(`Let me check. ${call}`, 5)));
    const chunks: GenerateContentResponse[] = await (async () => {
      const out: GenerateContentResponse[] = [];
      const stream = await ai.models.generateContentStream({
        model: 'm',
        contents: [ask],
        config: { tools: [{ functionDeclarations: [weather] }] },
      });
      for await (const piece of stream) out.push(piece);
      return out;
    })();
    expect(urls[0]).toMatch(/:streamGenerateContent\?alt=sse$/);
    const text = chunks.map((c) => c.text ?? '').join('');
    expect(text.trim()).toBe('Let me check.');
    const withCalls = chunks.filter((c) => (c.functionCalls ?? []).length > 0);
    expect(withCalls).toHaveLength(1);
    expect(withCalls[0]?.functionCalls?.[0]).toMatchObject({ name: 'get_weather', args: { city: 'Paris' } });
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
  });

  it('toolConfig ANY with one allowed name forces that function; NONE sends no tool prompt', async () => {
    const lookup = { name: 'lookup', parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } } };
    const { ai, requests } = genai();
    await ai.models.generateContent({
      model: 'm',
      contents: [ask],
      config: {
        tools: [{ functionDeclarations: [weather, lookup] }],
        toolConfig: {
          functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['get_weather'] },
        },
      },
    });
    const forced = JSON.stringify(requests.at(-1)?.body);
    expect(forced).toContain('get_weather');
    expect(forced).not.toContain('"lookup"');
    await ai.models.generateContent({
      model: 'm',
      contents: [ask],
      config: {
        tools: [{ functionDeclarations: [weather] }],
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } },
      },
    });
    expect(JSON.stringify(requests.at(-1)?.body)).not.toContain('get_weather');
  });

  it('an allowed name that is not declared, and a hosted tool: 400 INVALID_ARGUMENT before anything is sent', async () => {
    const { ai, requests } = genai();
    const refused = async (config: Record<string, unknown>) =>
      ai.models.generateContent({ model: 'm', contents: [ask], config }).catch((error: unknown) => error);
    const undeclared = await refused({
      tools: [{ functionDeclarations: [weather] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['nope'] } },
    });
    expect(undeclared).toBeInstanceOf(ApiError);
    expect((undeclared as ApiError).status).toBe(400);
    expect(messageOf(undeclared)).toMatch(/allowedFunctionNames\[0\]` is "nope", which no/);
    expect((undeclared as ApiError).message).toContain('"status":"INVALID_ARGUMENT"');
    const hosted = await refused({ tools: [{ googleSearch: {} }] });
    expect(messageOf(hosted)).toMatch(/tools\[0\]\.googleSearch` is one of Gemini's hosted tools/);
    const required = await refused({ toolConfig: { functionCallingConfig: { mode: 'ANY' } } });
    expect(messageOf(required)).toMatch(/\{"mode":"ANY"\} needs at least one function tool/);
    expect(requests).toHaveLength(0);
  });

  it('thoughts come back as thought parts only with includeThoughts', async () => {
    const reply = '<think>The user wants weather.</think>It is sunny.';
    const answer = () => Response.json(completion(reply));
    for (const includeThoughts of [true, false]) {
      const { ai } = genai({}, answer);
      const response = await ai.models.generateContent({
        model: 'm',
        contents: [ask],
        config: { thinkingConfig: { includeThoughts } },
      });
      const parts = response.candidates?.[0]?.content?.parts ?? [];
      expect(parts.filter((p) => p.thought === true).map((p) => p.text)).toEqual(
        includeThoughts ? ['The user wants weather.'] : [],
      );
      expect(response.text).toBe('It is sunny.');
    }
  });

  it('countTokens counts the call as the upstream gets it: the tool prompt makes it larger', async () => {
    const { ai } = genai();
    const plain = await ai.models.countTokens({ model: 'm', contents: [ask] });
    expect(plain.totalTokens).toBeGreaterThan(5);
    // The SDK refuses `tools` in countTokens for the Gemini API; the REST API's generateContentRequest carries them.
    const { handler } = proxyOver(toolThenAnswer, { protocol: 'hermes' });
    const withTools = await handler(
      new Request('http://proxy.test/v1beta/models/m:countTokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          generateContentRequest: { contents: [ask], tools: [{ functionDeclarations: [weather] }] },
        }),
      }),
    );
    const counted = (await withTools.json()) as { totalTokens: number };
    expect(counted.totalTokens).toBeGreaterThan((plain.totalTokens ?? 0) + 50);
  });

  it('models.get and models.list name the served model in Gemini’s shape', async () => {
    const { ai } = genai({ modelId: 'toolshim-local' }, toolThenAnswer, 'v1beta');
    const one = await ai.models.get({ model: 'anything' });
    expect(one.name).toBe('models/anything');
    expect(one.supportedActions).toContain('generateContent');
    const listed = await (async () => {
      const names: string[] = [];
      for await (const model of await ai.models.list()) names.push(model.name ?? '');
      return names;
    })();
    expect(listed).toEqual(['models/toolshim-local']);
  });

  it('the token: x-goog-api-key (the SDK), ?key= and Bearer pass; a wrong one is 401 UNAUTHENTICATED', async () => {
    const { handler } = proxyOver(toolThenAnswer, { protocol: 'hermes', proxyToken: TOKEN });
    const body = JSON.stringify({ contents: [ask] });
    const post = (url: string, headers: Record<string, string> = {}) =>
      handler(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
    const base = 'http://proxy.test/v1beta/models/m:generateContent';
    expect((await post(`${base}?key=${TOKEN}`)).status).toBe(200);
    expect((await post(base, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const wrong = await post(base, { 'x-goog-api-key': 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});

describe('@google/genai against the Gemini doors (native)', () => {
  it('the upstream gets chat-completions tools and the path model; its tool_calls come back as functionCalls', async () => {
    const nativeCall = () =>
      sseResponse([
        chunk({
          role: 'assistant',
          tool_calls: [
            { index: 0, id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        }),
        chunk({}, 'tool_calls'),
      ]);
    const { ai, requests } = genai({ toolMode: 'native' }, nativeCall);
    const response = await (async () => {
      const stream = await ai.models.generateContentStream({
        model: 'qwen3-coder:30b',
        contents: [ask],
        config: { tools: [{ functionDeclarations: [weather] }] },
      });
      const calls = [];
      for await (const piece of stream) calls.push(...(piece.functionCalls ?? []));
      return calls;
    })();
    expect(response).toMatchObject([{ name: 'get_weather', args: { city: 'Paris' } }]);
    const sent = requests[0]?.body as { model: string; tools: Array<{ function: { name: string } }> };
    expect(sent.model).toBe('qwen3-coder:30b');
    expect(sent.tools.map((t) => t.function.name)).toEqual(['get_weather']);
  });
});
