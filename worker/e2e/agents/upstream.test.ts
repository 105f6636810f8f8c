/**
 * The scripted upstream itself: the text it writes in each format, its
 * native `tool_calls`, the stream's shape, and the context-overflow 400 as
 * llama.cpp's server and vLLM word it (for sessions that fill the context).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyText, type ScriptedUpstream, startUpstream } from './upstream.ts';

const call = { name: 'Bash', arguments: { command: 'ls -a', timeout: 5 } };

describe('the scripted upstream', () => {
  let upstream: ScriptedUpstream;
  beforeAll(async () => {
    upstream = await startUpstream('native', 'scripted-model');
  });
  afterAll(async () => {
    await upstream.close();
  });

  const post = (body: object) =>
    fetch(`${upstream.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'x', ...body }),
    });

  it('writes calls in hermes and qwen3-coder markup, and raw text as is', () => {
    expect(replyText('hermes', { text: 'Listing.', calls: [call] })).toBe(
      'Listing.\n<tool_call>\n{"name":"Bash","arguments":{"command":"ls -a","timeout":5}}\n</tool_call>',
    );
    expect(replyText('qwen3-coder', { calls: [call] })).toBe(
      '<tool_call>\n<function=Bash>\n<parameter=command>\nls -a\n</parameter>\n<parameter=timeout>\n5\n</parameter>\n</function>\n</tool_call>',
    );
    expect(replyText('hermes', { raw: '<tool_call>{' })).toBe('<tool_call>{');
  });

  it('answers natively with tool_calls, whole and streamed, and lists its model', async () => {
    upstream.script = (turn) => (turn.declares('Bash') ? { calls: [call] } : { text: 'no tools' });
    const tools = [{ type: 'function', function: { name: 'Bash', parameters: { type: 'object' } } }];
    const whole = (await (await post({ messages: [{ role: 'user', content: 'hi' }], tools })).json()) as {
      choices: Array<{ message: { tool_calls: Array<{ function: { name: string; arguments: string } }> } }>;
    };
    expect(whole.choices[0]?.message.tool_calls[0]?.function).toEqual({
      name: 'Bash',
      arguments: JSON.stringify(call.arguments),
    });
    const streamed = await (await post({ stream: true, messages: [{ role: 'user', content: 'hi' }] })).text();
    expect(streamed).toContain('"content":"no tools"');
    expect(streamed).toContain('"finish_reason":"stop"');
    expect(streamed.trim().endsWith('data: [DONE]')).toBe(true);
    const models = (await (await fetch(`${upstream.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['scripted-model']);
  });

  it('refuses a prompt over its limit as llama.cpp and vLLM do', async () => {
    upstream.maxPromptTokens = 100;
    const messages = [{ role: 'user', content: 'x'.repeat(2000) }];
    upstream.overflowStyle = 'llama.cpp';
    const llama = await post({ messages });
    expect(llama.status).toBe(400);
    expect(await llama.json()).toMatchObject({
      error: {
        type: 'exceed_context_size_error',
        message: expect.stringContaining('exceeds the available context size'),
      },
    });
    upstream.overflowStyle = 'vllm';
    const vllm = await post({ messages });
    expect(vllm.status).toBe(400);
    expect(((await vllm.json()) as { message: string }).message).toMatch(/maximum context length is 100 tokens/);
    expect(upstream.requests.at(-1)?.reply).toBe('overflow');
    upstream.maxPromptTokens = Number.POSITIVE_INFINITY;
    expect((await post({ messages })).status).toBe(200);
  });
});
