/**
 * HISTORY: earlier calls and results reach an emulated upstream as the
 * format's text by default, and as chat-completions `tool_calls` and
 * `role: "tool"` messages with `native` (the tools still in the system
 * prompt, no `tools` field); the offline replay model refuses `native`.
 */
import { describe, expect, it } from 'vitest';
import { upstreamBodyFromEnv } from '../test/fake-upstream.ts';
import { proxyOptionsFromEnv } from './env-options.ts';

const body = {
  model: 'm',
  messages: [
    { role: 'user', content: 'Weather?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    },
    { role: 'tool', tool_call_id: 'c0', content: '{"ok":true}' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  ],
};

async function upstreamRequest(env: Record<string, string>) {
  const sent = await upstreamBodyFromEnv(env, '/v1/chat/completions', body, 'Sunny.');
  return sent as { messages: Array<Record<string, unknown>>; tools?: unknown };
}

describe('HISTORY', () => {
  it('unset: the call and the result go upstream as the format text', async () => {
    const { messages } = await upstreamRequest({});
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[2]?.content).toContain('<tool_call>');
    expect(messages[3]?.content).toContain('<tool_response>');
  });

  it('native: as tool_calls and a tool message; the tools only in the system prompt', async () => {
    const sent = await upstreamRequest({ HISTORY: 'native' });
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]?.content).toContain('"get_weather"');
    expect(sent.messages.slice(1)).toEqual([
      body.messages[0],
      { ...body.messages[1], tool_calls: [expect.objectContaining({ id: 'c0', type: 'function' })] },
      body.messages[2],
    ]);
  });

  it('native with the offline replay model, or any other value, is refused naming the variable', () => {
    expect(() => proxyOptionsFromEnv({ HISTORY: 'native' })).toThrow('HISTORY=native');
    expect(() => proxyOptionsFromEnv({ HISTORY: 'tools', UPSTREAM_BASE_URL: 'http://u.test/v1' })).toThrow(
      'HISTORY must be "text" or "native"',
    );
    expect(proxyOptionsFromEnv({ HISTORY: 'Native', UPSTREAM_BASE_URL: 'http://u.test/v1' }).history).toBe('native');
  });
});
