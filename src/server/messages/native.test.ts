/**
 * `/v1/messages` in native mode: the upstream has tool calling, so the
 * Anthropic request goes out as chat completions with `tools` (as LiteLLM
 * translates it) and its `tool_calls` come back as tool_use blocks, through
 * the real `@anthropic-ai/sdk` client.
 */
import { describe, expect, it } from 'vitest';
import { chunk, completion, proxyOver, type Responder, sseResponse } from '../test/fake-upstream.ts';
import { anthropicClient, weatherTool } from './test/anthropic-client.ts';

const calls = [
  { id: 'call_a', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
  { id: 'call_b', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
];

/** The upstream's answer with `tool_calls`, whole or as chunks (arguments in pieces). */
const withCalls: Responder = (request) => {
  if (request.body.stream !== true) return Response.json(completion('Checking.', calls));
  return sseResponse([
    chunk({ role: 'assistant', content: 'Checking.' }),
    ...calls.flatMap((call, index) => [
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(0, 5) } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(5) } }] }),
    ]),
    chunk({}, 'tool_calls'),
    { ...chunk({}), choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
  ]);
};

function proxy(respond: Responder = withCalls) {
  const { handler, requests } = proxyOver(respond, { toolMode: 'native' }, { model: 'qwen3-coder-30b' });
  return { client: anthropicClient(handler), requests };
}

const base = {
  model: 'claude-sonnet-4-6',
  max_tokens: 512,
  messages: [{ role: 'user' as const, content: 'Paris and Rome?' }],
};

describe('native mode, the @anthropic-ai/sdk client', () => {
  it('gets the upstream tool_calls as text then tool_use blocks, whole and streamed', async () => {
    const { client, requests } = proxy();
    const whole = await client.messages.create({ ...base, tools: [weatherTool] });
    const streamed = await client.messages.stream({ ...base, tools: [weatherTool] }).finalMessage();
    for (const message of [whole, streamed]) {
      expect(message.content.map((b) => (b.type === 'tool_use' ? [b.name, b.input] : b.type))).toEqual([
        'text',
        ['get_weather', { city: 'Paris' }],
        ['get_weather', { city: 'Rome' }],
      ]);
      expect(message.stop_reason).toBe('tool_use');
      expect(message.usage.input_tokens).toBe(3);
    }
    // The upstream got chat-completions tools, its own model name, and no tool_choice (none was sent).
    const sent = requests[0]?.body;
    expect(sent?.model).toBe('qwen3-coder-30b');
    expect(sent?.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city',
          parameters: weatherTool.input_schema,
        },
      },
    ]);
    expect(sent && 'tool_choice' in sent).toBe(false);
    expect(sent?.max_tokens).toBe(512);
  });

  it.each([
    [{ type: 'auto' }, 'auto'],
    [{ type: 'any' }, 'required'],
    [{ type: 'none' }, 'none'],
    [
      { type: 'tool', name: 'get_weather' },
      { type: 'function', function: { name: 'get_weather' } },
    ],
  ] as const)('tool_choice %j goes upstream as %j', async (choice, sent) => {
    const { client, requests } = proxy();
    await client.messages.create({ ...base, tools: [weatherTool], tool_choice: choice });
    expect(requests[0]?.body.tool_choice).toEqual(sent);
  });

  it('disable_parallel_tool_use goes upstream as parallel_tool_calls: false, and only the first call comes back', async () => {
    const { client, requests } = proxy();
    const message = await client.messages.create({
      ...base,
      tools: [weatherTool],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
    });
    expect(requests[0]?.body.parallel_tool_calls).toBe(false);
    expect(message.content.filter((b) => b.type === 'tool_use')).toHaveLength(1);
  });

  it('sends a second turn as assistant tool_calls and tool messages', async () => {
    const { client, requests } = proxy(() => Response.json(completion('21 °C in Paris.')));
    const message = await client.messages.create({
      ...base,
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"celsius":21}' },
            { type: 'text', text: 'Answer briefly.' },
          ],
        },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: '21 °C in Paris.' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(requests[0]?.body.messages).toEqual([
      { role: 'user', content: 'Paris?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '{"celsius":21}' },
      { role: 'user', content: 'Answer briefly.' },
    ]);
  });

  it('a tool result with a screenshot reaches the upstream as its text and a placeholder, never as base64 text', async () => {
    const { client, requests } = proxy(() => Response.json(completion('A login page.')));
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await client.messages.create({
      ...base,
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'What is on screen?' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'x' } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [
                { type: 'text', text: 'Screenshot taken.' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
              ],
            },
          ],
        },
      ],
    });
    const sent = requests[0]!.body.messages as Array<{ role: string; content: string }>;
    const tool = sent.find((m) => m.role === 'tool');
    expect(tool?.content).toBe('Screenshot taken.\n[file: image/png]');
  });

  it('streams the upstream reasoning as a thinking block', async () => {
    const { client } = proxy(() =>
      sseResponse([chunk({ reasoning_content: 'Short.' }), chunk({ content: 'Hi.' }), chunk({}, 'stop')]),
    );
    const message = await client.messages.stream(base).finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Short.', signature: 'toolshim-unsigned' },
      { type: 'text', text: 'Hi.' },
    ]);
  });
});
