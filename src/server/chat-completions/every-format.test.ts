/**
 * The proxy in emulated mode speaks every format of the registry: with
 * PROTOCOL set to each name (and the old aliases), the offline replay model
 * writes its call in that format, and the real `openai` client gets OpenAI
 * `tool_calls`, streamed and whole.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../protocols/registry.ts';
import { proxyOptionsFromEnv } from '../core/env-options.ts';
import { createProxyHandler } from '../handler.ts';
import { weatherTool } from '../test/fake-upstream.ts';
import { firstStreamedCall, openaiClient } from '../test/openai-client.ts';

function client(protocol: string): OpenAI {
  const handler = createProxyHandler(proxyOptionsFromEnv({ PROTOCOL: protocol, REPLAY_DELAY_MS: '0' }));
  return openaiClient(handler);
}

const tools = [weatherTool as OpenAI.Chat.Completions.ChatCompletionTool];
const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  { role: 'user', content: 'What is the weather in Paris?' },
];

describe.each([...FORMAT_NAMES, 'xml', 'qwen3coder'])('PROTOCOL=%s, the openai client', (protocol) => {
  it('gets the call as tool_calls, streamed', async () => {
    const stream = await client(protocol).chat.completions.create({ model: 'm', messages, tools, stream: true });
    expect(await firstStreamedCall(stream)).toEqual({
      name: 'get_weather',
      args: { city: 'Paris' },
      finish: 'tool_calls',
    });
  });

  it('gets the call as tool_calls, whole', async () => {
    const result = await client(protocol).chat.completions.create({ model: 'm', messages, tools });
    const call = result.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    expect(result.choices[0]?.message.content ?? '').not.toMatch(/tool_call|TOOL_CALLS|function=|invoke/);
  });
});
