/**
 * No request gives a 500 for nesting: a history tool call whose arguments
 * nest 10,000 deep, a tool schema as deep, or any deep field, is a 400 that
 * names the field (json/depth.ts says why: every renderer, and
 * JSON.stringify on the way upstream, recursed into "Maximum call stack size
 * exceeded", answered 500 or, in native mode, 502 upstream_unreachable). A
 * model whose call nests that deep gets its text passed on as text.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { completion, fakeUpstream } from '../test/fake-upstream.ts';

const DEPTH = 10_000;
const deep = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** The body is written as text: JSON.stringify itself overflows on such values. */
function post(handler: (request: Request) => Promise<Response>, body: string) {
  return handler(
    new Request('http://proxy.test/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
  );
}

const user = '{"role":"user","content":"Weather?"}';
const tools = (parameters: string) => `[{"type":"function","function":{"name":"f","parameters":${parameters}}}]`;

describe.each(['emulated', 'native'] as const)('%s mode', (toolMode) => {
  function proxy(answer = 'ok') {
    const upstream = fakeUpstream(() => Response.json(completion(answer)));
    return {
      handler: createProxyHandler({
        toolMode,
        upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
      }),
      requests: upstream.requests,
    };
  }

  it('a tool schema nested 10,000 deep: 400 naming the field, nothing sent upstream', async () => {
    const { handler, requests } = proxy();
    const response = await post(
      handler,
      `{"messages":[${user}],"tools":${tools(`{"type":"object","properties":{"x":${deep}}}`)}}`,
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.param).toBe('tools[0].function.parameters.properties.x…');
    expect(error.message).toMatch(/nests deeper than 110 levels/);
    expect(requests).toHaveLength(0);
  });

  it('any field nested 10,000 deep: 400', async () => {
    const { handler } = proxy();
    const response = await post(handler, `{"messages":[${user}],"metadata":${deep}}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.param).toBe('metadata.a.a.a.a.a…');
  });

  it('a history call whose arguments nest 10,000 deep: 400 (emulated) or forwarded as the string it is (native)', async () => {
    const { handler, requests } = proxy();
    const call = `{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":${JSON.stringify(deep)}}}]}`;
    const result = '{"role":"tool","tool_call_id":"c1","content":"sunny"}';
    const response = await post(
      handler,
      `{"messages":[${user},${call},${result}],"tools":${tools('{"type":"object"}')}}`,
    );
    if (toolMode === 'native') {
      expect(response.status).toBe(200);
      expect(JSON.stringify(requests[0]?.body)).toContain('{\\"a\\":{\\"a\\"');
      return;
    }
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      param: 'messages[1].tool_calls[0].function.arguments',
      message: expect.stringMatching(/nests deeper than 100 levels/),
    });
    expect(requests).toHaveLength(0);
  });

  it('a model call nested 10,000 deep is answered, as text', async () => {
    const { handler } = proxy(`<tool_call>\n{"name": "f", "arguments": ${deep}}\n</tool_call>`);
    const response = await post(handler, `{"messages":[${user}],"tools":${tools('{"type":"object"}')}}`);
    expect(response.status).toBe(200);
    const { choices } = await response.json();
    expect(choices[0].message.tool_calls).toBeUndefined();
    expect(choices[0].message.content.length).toBeGreaterThan(DEPTH);
  });
});
