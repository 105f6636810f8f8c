/**
 * `/v1/messages` through the Worker in workerd: the shipped entry on its
 * offline replay model, driven by the real `@anthropic-ai/sdk` client; and a
 * scripted Claude Code turn (src/server/messages/test/claude-code.ts says
 * where its shape comes from) against a fake upstream that plays a Hermes
 * model, answered with tool_use blocks Claude Code would take.
 */

import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropicClient, upstreamText, weatherTool } from '../../../src/server/messages/test/anthropic-client.ts';
import {
  claudeCodeFirstRequest,
  claudeCodeHeaders,
  claudeCodePath,
  claudeCodeSecondRequest,
  fitsScriptedClaudeCodeSchema,
} from '../../../src/server/messages/test/claude-code.ts';
import { parseEvents, type SseEvent } from '../../../src/server/messages/test/events.ts';
import { fakeUpstream, type RecordedRequest } from '../../../src/server/test/fake-upstream.ts';
import { createProxyWorker } from '../index.ts';

const token = 'worker-test-token';
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

describe('the shipped Worker, /v1/messages on the offline replay model', () => {
  const client = anthropicClient((request) => worker.fetch(request), { apiKey: token });
  const params = {
    model: 'claude-sonnet-4-6',
    max_tokens: 512,
    messages: [{ role: 'user' as const, content: 'What is the weather in Paris?' }],
    tools: [weatherTool],
  };

  it('messages.create gets the call as a tool_use block', async () => {
    const message = await client.messages.create(params);
    const call = message.content.find((block) => block.type === 'tool_use');
    expect(call?.type === 'tool_use' && [call.name, call.input]).toEqual(['get_weather', { city: 'Paris' }]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('messages.stream, finalMessage(): the same call, streamed', async () => {
    const message = await client.messages.stream(params).finalMessage();
    const call = message.content.find((block) => block.type === 'tool_use');
    expect(call?.type === 'tool_use' && [call.name, call.input]).toEqual(['get_weather', { city: 'Paris' }]);
  });

  it('a wrong x-api-key is a 401 in Anthropic shape', async () => {
    const error = await anthropicClient((request) => worker.fetch(request), { apiKey: 'wrong' })
      .messages.create(params)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as Anthropic.APIError).type).toBe('authentication_error');
  });
});

/** The tool_use blocks a client assembles from the events: name, and input parsed when the block stops. */
function toolUses(events: SseEvent[]): Array<{ id: string; name: string; input: unknown }> {
  const open = new Map<number, { id: string; name: string; json: string }>();
  const done: Array<{ id: string; name: string; input: unknown }> = [];
  for (const { event, data } of events) {
    const index = data.index as number;
    if (event === 'content_block_start') {
      const block = data.content_block as { type: string; id: string; name: string };
      if (block.type === 'tool_use') open.set(index, { id: block.id, name: block.name, json: '' });
    } else if (event === 'content_block_delta') {
      const delta = data.delta as { type: string; partial_json?: string };
      const block = open.get(index);
      if (block && delta.type === 'input_json_delta') block.json += delta.partial_json;
    } else if (event === 'content_block_stop') {
      const block = open.get(index);
      if (block) done.push({ id: block.id, name: block.name, input: JSON.parse(block.json) });
    }
  }
  return done;
}

describe('a Claude Code turn through the Worker (emulated, Hermes upstream)', () => {
  const bash = { command: 'ls src', description: 'List the files in src' };
  const turnEnv = { ...env, UPSTREAM_BASE_URL: 'https://upstream.test/v1', PROTOCOL: 'hermes' };

  function claudeCodeWorker() {
    const upstream = fakeUpstream((request: RecordedRequest) => {
      const sent = JSON.stringify(request.body.messages);
      const text = sent.includes('index.ts')
        ? 'src holds index.ts and server.ts.'
        : `I will list it.\n<tool_call>\n${JSON.stringify({ name: 'Bash', arguments: bash })}\n</tool_call>`;
      return upstreamText(text, request.body.stream === true);
    });
    const entry = createProxyWorker({ fetch: upstream.fetch });
    return { fetch: (request: Request) => entry.fetch(request, turnEnv), requests: upstream.requests };
  }

  const post = (path: string, body: unknown, auth: Record<string, string>) =>
    new Request(`http://w${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...claudeCodeHeaders, ...auth },
      body: JSON.stringify(body),
    });

  it.each([
    ['ANTHROPIC_AUTH_TOKEN (Authorization: Bearer)', { authorization: `Bearer ${token}` }],
    ['ANTHROPIC_API_KEY (x-api-key)', { 'x-api-key': token }],
  ])('with %s: streamed tool_use blocks Claude Code accepts, then the answer to the result', async (_, auth) => {
    const { fetch, requests } = claudeCodeWorker();
    const first = await fetch(post(claudeCodePath, claudeCodeFirstRequest, auth));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEvents(await first.text());
    expect(events[0]?.event).toBe('message_start');
    expect(events.at(-1)?.event).toBe('message_stop');
    expect(events.find((e) => e.event === 'message_delta')?.data.delta).toEqual({
      stop_reason: 'tool_use',
      stop_sequence: null,
    });
    const calls = toolUses(events);
    expect(calls).toEqual([{ id: expect.stringMatching(/^toolu_/), name: 'Bash', input: bash }]);
    expect(fitsScriptedClaudeCodeSchema(calls[0]!.name, calls[0]!.input)).toBe(true);

    // The upstream saw Claude Code's system prompt and its tools taught in the Hermes format.
    const system = (requests[0]!.body.messages as Array<{ role: string; content: string }>)[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain("You are Claude Code, Anthropic's official CLI for Claude.");
    expect(system.content).toMatch(/"name": ?"Bash"/);

    const second = await fetch(post(claudeCodePath, claudeCodeSecondRequest(calls[0]!.id, bash), auth));
    const answer = parseEvents(await second.text());
    const text = answer
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.data.delta as { text?: string }).text ?? '')
      .join('');
    expect(text).toBe('src holds index.ts and server.ts.');
    expect(answer.find((e) => e.event === 'message_delta')?.data.delta).toMatchObject({ stop_reason: 'end_turn' });
  });

  it('count_tokens answers an estimate for the same body', async () => {
    const { fetch, requests } = claudeCodeWorker();
    const { stream: _, max_tokens: __, ...count } = claudeCodeFirstRequest;
    const response = await fetch(post('/v1/messages/count_tokens?beta=true', count, { 'x-api-key': token }));
    expect(response.status).toBe(200);
    const body = await response.json<{ input_tokens: number }>();
    expect(body.input_tokens).toBeGreaterThan(100);
    expect(requests).toHaveLength(0);
  });

  it("Claude Code's WebSearch request (the web_search server tool) is refused with a 400 naming the type", async () => {
    const { fetch, requests } = claudeCodeWorker();
    const search = {
      ...claudeCodeFirstRequest,
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8 }],
    };
    const response = await fetch(post(claudeCodePath, search, { 'x-api-key': token }));
    expect(response.status).toBe(400);
    const body = await response.json<{ type: string; error: { type: string; message: string } }>();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/"web_search_20250305" is an Anthropic server tool/);
    expect(requests).toHaveLength(0);
  });
});
