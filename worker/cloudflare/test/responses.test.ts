/**
 * `POST /v1/responses` on the Worker in workerd: the shipped entry on the
 * offline replay model through the real `openai` client, and a scripted Codex
 * CLI session (bodies shaped as Codex sends them, answers read as Codex reads
 * them; see src/server/test/codex-turn.ts) against the Worker built with a
 * fake upstream that writes Qwen3-Coder text, in both tool modes.
 */
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../../src/engines/sample/replay-protocol.ts';
import { CODEX_PATCH, codexOpening, codexSession, codexTurn } from '../../../src/server/test/codex-turn.ts';
import { chunk, fakeUpstream, sseResponse } from '../../../src/server/test/fake-upstream.ts';
import { parseEvents, weatherFunction } from '../../../src/server/test/responses-events.ts';
import { createProxyWorker } from '../index.ts';

const TOKEN = 'worker-test-token';
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

function client(fetchFn: (request: Request) => Promise<Response>): OpenAI {
  return new OpenAI({
    baseURL: 'http://w/v1',
    apiKey: TOKEN,
    maxRetries: 0,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetchFn(new Request(input, init))) as typeof fetch,
  });
}

describe('the shipped Worker on /v1/responses (offline replay model)', () => {
  it('streams a function_call: events in order, the call whole in one delta, response.completed last', async () => {
    const stream = client((r) => worker.fetch(r)).responses.stream({
      model: 'toolshim-replay',
      input: 'What is the weather in Paris?',
      tools: [weatherFunction],
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const response = await stream.finalResponse();
    expect(types.slice(0, 3)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added']);
    // The proxy sends a call once it is whole (src/server/core/whole-calls.ts).
    expect(types.filter((t) => t === 'response.function_call_arguments.delta')).toHaveLength(1);
    expect(types.at(-1)).toBe('response.completed');
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ name: 'get_weather', status: 'completed' });
    expect(JSON.parse((call as { arguments: string }).arguments)).toMatchObject({ city: 'Paris' });
  });

  it('a whole answer, and a second turn with the function_call_output', async () => {
    const openai = client((r) => worker.fetch(r));
    const first = await openai.responses.create({
      model: 'toolshim-replay',
      input: 'What is the weather in Paris?',
      tools: [weatherFunction],
    });
    const call = first.output.find(
      (item) => item.type === 'function_call',
    ) as OpenAI.Responses.ResponseFunctionToolCall;
    const second = await openai.responses.create({
      model: 'toolshim-replay',
      tools: [weatherFunction],
      input: [
        { role: 'user', content: 'What is the weather in Paris?' },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21,"condition":"sunny"}' },
      ],
    });
    expect(second.status).toBe('completed');
    expect(second.output_text).toMatch(/21|sunny/);
  });

  it('a streamed turn, then the next by previous_response_id: kept in the bound KV namespace', async () => {
    const openai = client((r) => worker.fetch(r));
    const stream = openai.responses.stream({
      model: 'toolshim-replay',
      input: 'What is the weather in Paris?',
      tools: [weatherFunction],
    });
    for await (const _ of stream);
    const first = await stream.finalResponse();
    const call = first.output.find(
      (item) => item.type === 'function_call',
    ) as OpenAI.Responses.ResponseFunctionToolCall;
    // The put was handed to waitUntil; KV holds the answer under the token's hashed owner key.
    const keys = await (env as unknown as { RESPONSES_STORE: KVNamespace }).RESPONSES_STORE.list();
    expect(keys.keys.some((key) => key.name.endsWith(`:r:${first.id}`))).toBe(true);
    const second = await openai.responses.create({
      model: 'toolshim-replay',
      tools: [weatherFunction],
      previous_response_id: first.id,
      input: [
        { type: 'function_call_output', call_id: call.call_id, output: '{"temperature":21,"condition":"sunny"}' },
      ],
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output_text).toMatch(/21|sunny/);
  });

  it('401 without the token and 400 for a bad field, OpenAI-shaped', async () => {
    const anonymous = await worker.fetch(
      new Request('http://w/v1/responses', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"input":"hi"}',
      }),
    );
    expect(anonymous.status).toBe(401);
    const error = await client((r) => worker.fetch(r))
      .responses.create({ model: 'm', input: 'hi', previous_response_id: 'resp_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('previous_response_id');
  });
});

describe.each(['emulated', 'native'])('a Codex CLI session through the Worker (TOOL_MODE=%s)', (mode) => {
  function codexWorker() {
    const qwen = replayProtocol('qwen3-coder');
    const scripts = [
      { calls: [{ name: 'exec_command', arguments: { cmd: 'ls' } }] },
      { calls: [{ name: 'apply_patch', arguments: { input: CODEX_PATCH } }] },
    ];
    const nativeCalls = [
      { name: 'exec_command', arguments: '{"cmd":"ls"}' },
      { name: 'apply_patch', arguments: JSON.stringify({ input: CODEX_PATCH }) },
    ];
    let turn = 0;
    const upstream = fakeUpstream(() => {
      const i = turn++;
      if (mode === 'native') {
        const call = nativeCalls[i];
        if (call === undefined) return sseResponse([chunk({ content: 'Done: hello.txt added.' }), chunk({}, 'stop')]);
        const piece = { index: 0, id: `call_n${i}`, type: 'function' as const, function: call };
        return sseResponse([chunk({ tool_calls: [piece] }), chunk({}, 'tool_calls')]);
      }
      const script = scripts[i];
      const text = script === undefined ? 'Done: hello.txt added.' : renderTurnWith(qwen, script);
      return sseResponse([...Array.from(text, (c) => chunk({ content: c })), chunk({}, 'stop')]);
    });
    const entry = createProxyWorker({ fetch: upstream.fetch });
    const vars = { ...env, TOOL_MODE: mode, PROTOCOL: 'qwen3-coder', UPSTREAM_BASE_URL: 'https://upstream.test/v1' };
    return { fetch: (request: Request) => entry.fetch(request, vars), requests: upstream.requests };
  }

  it('exec_command, then apply_patch as a freeform call, then the answer', async () => {
    const { fetch, requests } = codexWorker();
    const [first, second, third] = await codexSession(fetch, 'http://w/v1', TOKEN);
    expect(first.items).toMatchObject([{ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}' }]);
    expect(second.items).toMatchObject([{ type: 'custom_tool_call', name: 'apply_patch' }]);
    expect((second.items[0] as { input: string }).input.trim()).toBe(CODEX_PATCH.trim());
    expect(third.streamedText).toBe('Done: hello.txt added.');
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[2]?.body.messages)).toContain('A hello.txt');
    if (mode === 'native') {
      const sent = (requests[0]?.body.tools ?? []) as Array<{ function: { name: string } }>;
      const tools = sent.map((t) => t.function.name);
      expect(tools).toEqual(['exec_command', 'write_stdin', 'update_plan', 'apply_patch', 'view_image']);
      expect(requests[0]?.body.parallel_tool_calls).toBe(false);
    } else expect(requests[0]?.body.tools).toBeUndefined();
  });

  it('an upstream cut mid-stream ends with response.failed, which Codex reports', async () => {
    const upstream = fakeUpstream(() => sseResponse([chunk({ content: 'Partial' })], 'error'));
    const entry = createProxyWorker({ fetch: upstream.fetch });
    const vars = { ...env, TOOL_MODE: mode, UPSTREAM_BASE_URL: 'https://upstream.test/v1' };
    const fetch = (request: Request) => entry.fetch(request, vars);
    await expect(codexTurn(fetch, 'http://w/v1', TOKEN, codexOpening('hi'))).rejects.toThrow(
      /response.failed: .*stream broke off/,
    );
    const raw = await fetch(
      new Request('http://w/v1/responses', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ input: 'hi', stream: true }),
      }),
    );
    expect(
      parseEvents(await raw.text())
        .map((e) => e.type)
        .slice(-2),
    ).toEqual(['error', 'response.failed']);
  });
});
