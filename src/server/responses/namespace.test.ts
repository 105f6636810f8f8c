/**
 * `namespace` tools on /v1/responses, as Codex CLI 0.169 declares its
 * multi-agent tools (`{"type": "namespace", "name": "multi_agent_v1",
 * "tools": [...]}`; the shape of the namespace tool and of a namespaced
 * `function_call` item is the `openai` package's `NamespaceTool` and
 * `ResponseFunctionToolCall.namespace`). The tool bodies below are scripted
 * for these tests, not captured from Codex.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../engines/sample/replay-protocol.ts';
import { createProxyHandler } from '../handler.ts';
import { chunk, completion, fakeUpstream, type Responder, sseResponse } from '../test/fake-upstream.ts';
import { refusalOf } from '../test/refusal.ts';
import { responsesClient, weatherFunction } from '../test/responses-events.ts';
import { readResponsesRequest } from './read-request.ts';

const spawnAgent = {
  type: 'function',
  name: 'spawn_agent',
  description: 'Start a sub-agent on a task.',
  parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};
const multiAgent = {
  type: 'namespace',
  name: 'multi_agent_v1',
  description: 'Tools to run sub-agents.',
  tools: [spawnAgent, { ...spawnAgent, name: 'wait', description: 'Wait for agents.' }],
};
const shell = {
  type: 'function',
  name: 'shell',
  parameters: { type: 'object', properties: { command: { type: 'array', items: { type: 'string' } } } },
};

const refusal = (body: unknown) => refusalOf(readResponsesRequest, body);

describe('reading namespace tools', () => {
  it('offers each function of a namespace by its own name, told which namespace it belongs to', () => {
    const { callOptions, routes } = readResponsesRequest({ input: 'x', tools: [shell, multiAgent] });
    const tools = callOptions.tools as Array<{ name: string; description?: string }>;
    expect(tools.map((tool) => tool.name)).toEqual(['shell', 'spawn_agent', 'wait']);
    expect(tools[1]?.description).toBe(
      'Start a sub-agent on a task.\n(Part of "multi_agent_v1": Tools to run sub-agents.)',
    );
    expect(routes.namespaced.get('spawn_agent')).toEqual({ namespace: 'multi_agent_v1', name: 'spawn_agent' });
    expect(routes.namespaced.has('shell')).toBe(false);
  });

  it('qualifies a namespaced name that another declared tool also has', () => {
    const { callOptions, routes } = readResponsesRequest({
      input: 'x',
      tools: [{ ...shell, name: 'wait' }, multiAgent],
    });
    expect((callOptions.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual([
      'wait',
      'spawn_agent',
      'multi_agent_v1__wait',
    ]);
    expect(routes.namespaced.get('multi_agent_v1__wait')).toEqual({ namespace: 'multi_agent_v1', name: 'wait' });
  });

  it('a custom tool inside a namespace is still a custom tool', () => {
    const patch = { type: 'custom', name: 'apply_patch', description: 'Edit files.' };
    const { routes } = readResponsesRequest({
      input: 'x',
      tools: [{ type: 'namespace', name: 'edit', description: 'Editing.', tools: [patch] }],
    });
    expect(routes.custom.has('apply_patch')).toBe(true);
    expect(routes.namespaced.get('apply_patch')).toEqual({ namespace: 'edit', name: 'apply_patch' });
  });

  it('refuses a namespace without a tools array, and a hosted tool inside one, naming the field', () => {
    const noTools = refusal({ input: 'x', tools: [{ type: 'namespace', name: 'ns' }] });
    expect(noTools.status).toBe(400);
    expect(noTools.message).toContain('`tools[0].tools` must be an array');
    const hosted = refusal({
      input: 'x',
      tools: [{ type: 'namespace', name: 'ns', tools: [{ type: 'file_search' }] }],
    });
    expect(hosted.message).toContain(
      '`tools[0].tools[0].type` is "file_search"; a namespace holds "function" and "custom" tools',
    );
  });

  it('a namespaced call in the history names the offered tool, and its output finds it', () => {
    const { callOptions } = readResponsesRequest({
      tools: [{ ...shell, name: 'wait' }, multiAgent],
      input: [
        { role: 'user', content: 'Delegate it.' },
        {
          type: 'function_call',
          call_id: 'c1',
          name: 'wait',
          namespace: 'multi_agent_v1',
          arguments: '{"message":"a"}',
        },
        { type: 'function_call_output', call_id: 'c1', output: 'done' },
      ],
    });
    expect(callOptions.prompt.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'multi_agent_v1__wait', input: { message: 'a' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'multi_agent_v1__wait',
            output: { type: 'text', value: 'done' },
          },
        ],
      },
    ]);
  });

  it('a tool choice may name a namespaced tool with its namespace', () => {
    const { callOptions } = readResponsesRequest({
      input: 'x',
      tools: [{ ...shell, name: 'wait' }, multiAgent],
      tool_choice: { type: 'function', name: 'wait', namespace: 'multi_agent_v1' },
    });
    expect(callOptions.toolChoice).toEqual({ type: 'tool', toolName: 'multi_agent_v1__wait' });
  });
});

type Item = OpenAI.Responses.ResponseOutputItem;
const callItems = (output: Item[]) =>
  output
    .filter((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call')
    .map(({ name, namespace, arguments: args, status }) => ({ name, namespace, arguments: JSON.parse(args), status }));

function proxyWith(respond: Responder, settings: { protocol?: string; toolMode?: 'native' }) {
  const upstream = fakeUpstream(respond);
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
    ...settings,
  });
  return { client: responsesClient(handler), requests: upstream.requests };
}

/** A model that writes `text`, whole or in 4-character pieces. */
function writes(text: string): Responder {
  return (request) => {
    if (request.body.stream !== true) return Response.json(completion(text));
    const pieces = [];
    for (let i = 0; i < text.length; i += 4) pieces.push(chunk({ content: text.slice(i, i + 4) }));
    return sseResponse([...pieces, chunk({}, 'stop')]);
  };
}

const request = {
  model: 'qwen3-coder',
  input: 'Start a helper on the tests.',
  tools: [weatherFunction, multiAgent] as unknown as OpenAI.Responses.Tool[],
};
const expected = [
  { name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: { message: 'Run the tests' }, status: 'completed' },
];

describe.each(['hermes', 'qwen3-coder', 'auto'])('a namespaced call, emulated (PROTOCOL=%s)', (protocol) => {
  const text = renderTurnWith(replayProtocol(protocol), {
    calls: [{ name: 'spawn_agent', arguments: { message: 'Run the tests' } }],
  });

  it('the model is taught spawn_agent; the call comes back with its namespace, whole and streamed', async () => {
    const whole = proxyWith(writes(text), { protocol });
    const response = await whole.client.responses.create(request);
    expect(callItems(response.output)).toEqual(expected);
    const system = JSON.stringify(whole.requests[0]?.body.messages);
    expect(system).toContain('spawn_agent');
    expect(system).toContain('multi_agent_v1');

    const streamed = proxyWith(writes(text), { protocol }).client.responses.stream(request);
    const done: Item[] = [];
    for await (const event of streamed) if (event.type === 'response.output_item.done') done.push(event.item);
    expect(callItems(done)).toEqual(expected);
    expect(callItems((await streamed.finalResponse()).output)).toEqual(expected);
  });
});

describe('a namespaced call, native mode', () => {
  it('the upstream gets spawn_agent as a function; its call comes back with the namespace', async () => {
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'spawn_agent', arguments: '{"message":"Run the tests"}' },
    };
    const { client, requests } = proxyWith(() => Response.json(completion(null, [call])), { toolMode: 'native' });
    const response = await client.responses.create(request);
    expect(callItems(response.output)).toEqual(expected);
    const sent = requests[0]?.body.tools as Array<{ function: { name: string } }>;
    expect(sent.map((tool) => tool.function.name)).toEqual(['get_weather', 'spawn_agent', 'wait']);
  });
});
