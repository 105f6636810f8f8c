/**
 * `/v1/responses` in native mode: the request is translated to the
 * upstream's chat completions with `tools` (the recording fake upstream shows
 * the wire body), and the upstream's `tool_calls` come back as Responses
 * items, whole and streamed, through the real `openai` client.
 */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { chunk, completion, proxyOver, type Responder, sseResponse } from '../test/fake-upstream.ts';
import { responsesClient, textUntilError, weatherFunction } from '../test/responses-events.ts';

const weather = weatherFunction;
const patch = {
  type: 'custom' as const,
  name: 'apply_patch',
  description: 'Edit files.',
  format: { type: 'grammar' as const, syntax: 'lark' as const, definition: 'start: "*** Begin Patch"' },
};

function nativeProxy(respond: Responder) {
  const { handler, requests } = proxyOver(respond, { toolMode: 'native' });
  return { client: responsesClient(handler), requests };
}

const toolCall = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

/** The upstream streams two calls as indexed deltas, arguments in pieces, as OpenAI-compatible servers do. */
function streamedCalls(): Response {
  return sseResponse([
    chunk({ role: 'assistant', content: '' }),
    chunk({
      tool_calls: [{ index: 0, id: 'call_up1', type: 'function', function: { name: 'get_weather', arguments: '' } }],
    }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
    chunk({
      tool_calls: [{ index: 1, id: 'call_up2', type: 'function', function: { name: 'apply_patch', arguments: '' } }],
    }),
    chunk({ tool_calls: [{ index: 1, function: { arguments: '{"input":"*** Begin' } }] }),
    chunk({ tool_calls: [{ index: 1, function: { arguments: ' Patch\\n*** End Patch"}' } }] }),
    chunk({}, 'tool_calls'),
  ]);
}

describe('native mode on /v1/responses', () => {
  it('the upstream gets chat-completions tools (a custom tool as a one-string function), tool_choice and parallel_tool_calls', async () => {
    const { client, requests } = nativeProxy(() => Response.json(completion('ok')));
    await client.responses.create({
      model: 'm',
      instructions: 'Be brief.',
      input: 'Weather?',
      tools: [weather, patch, { type: 'web_search' }],
      tool_choice: { type: 'function', name: 'get_weather' },
      parallel_tool_calls: false,
      max_output_tokens: 50,
    });
    const body = requests[0]?.body as Record<string, unknown>;
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather?' },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Current weather for a city', parameters: weather.parameters },
      },
      {
        type: 'function',
        function: {
          name: 'apply_patch',
          description: expect.stringContaining('Edit files.'),
          parameters: {
            type: 'object',
            properties: { input: { type: 'string', description: expect.stringContaining('lark grammar') } },
            required: ['input'],
          },
        },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(body.parallel_tool_calls).toBe(false);
    expect(body.max_tokens).toBe(50);
  });

  it('reasoning.effort goes upstream as reasoning_effort; none sent, none forwarded', async () => {
    const { client, requests } = nativeProxy(() => Response.json(completion('ok')));
    await client.responses.create({ model: 'm', input: 'Think hard.', reasoning: { effort: 'high' } });
    await client.responses.create({ model: 'm', input: 'Quick one.' });
    expect(requests[0]?.body.reasoning_effort).toBe('high');
    expect(requests[1]?.body).not.toHaveProperty('reasoning_effort');
  });

  it('a client that sends no tool_choice sends none upstream', async () => {
    const { client, requests } = nativeProxy(() => Response.json(completion('ok')));
    await client.responses.create({ model: 'm', input: 'Weather?', tools: [weather] });
    expect('tool_choice' in (requests[0]?.body ?? {})).toBe(false);
  });

  it('history items become assistant tool_calls and tool messages', async () => {
    const { client, requests } = nativeProxy(() => Response.json(completion('It is sunny.')));
    const answer = await client.responses.create({
      model: 'm',
      tools: [weather, patch],
      input: [
        { role: 'user', content: 'Weather, then a patch.' },
        { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_a', output: 'sunny' },
        { type: 'custom_tool_call', call_id: 'call_b', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'custom_tool_call_output', call_id: 'call_b', output: 'Done!' },
      ],
    });
    expect(answer.output_text).toBe('It is sunny.');
    expect(requests[0]?.body.messages).toEqual([
      { role: 'user', content: 'Weather, then a patch.' },
      { role: 'assistant', content: null, tool_calls: [toolCall('call_a', 'get_weather', '{"city":"Paris"}')] },
      { role: 'tool', tool_call_id: 'call_a', content: 'sunny' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [toolCall('call_b', 'apply_patch', '{"input":"*** Begin Patch"}')],
      },
      { role: 'tool', tool_call_id: 'call_b', content: 'Done!' },
    ]);
  });

  it('the upstream tool_calls come back as a function_call and a custom_tool_call item, whole', async () => {
    const { client } = nativeProxy(() =>
      Response.json(
        completion(null, [
          toolCall('call_up1', 'get_weather', '{"city":"Paris"}'),
          toolCall('call_up2', 'apply_patch', '{"input":"*** Begin Patch\\n*** End Patch"}'),
        ]),
      ),
    );
    const response = await client.responses.create({ model: 'm', input: 'x', tools: [weather, patch] });
    expect(response.output).toMatchObject([
      {
        type: 'function_call',
        call_id: 'call_up1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
      { type: 'custom_tool_call', call_id: 'call_up2', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' },
    ]);
  });

  it('streamed upstream tool_calls become streamed items, each sent once whole, the custom input decoded', async () => {
    const { client } = nativeProxy(() => streamedCalls());
    const stream = client.responses.stream({ model: 'm', input: 'x', tools: [weather, patch] });
    const deltas: string[] = [];
    const inputDeltas: string[] = [];
    for await (const event of stream) {
      if (event.type === 'response.function_call_arguments.delta') deltas.push(event.delta);
      if (event.type === 'response.custom_tool_call_input.delta') inputDeltas.push(event.delta);
    }
    // The upstream sent the arguments in two pieces; the client gets them whole (core/whole-calls.ts).
    expect(deltas).toEqual(['{"city":"Paris"}']);
    expect(inputDeltas.join('')).toBe('*** Begin Patch\n*** End Patch');
    const response = await stream.finalResponse();
    expect(response.output.map((item: OpenAI.Responses.ResponseOutputItem) => item.type)).toEqual([
      'function_call',
      'custom_tool_call',
    ]);
    expect(response.status).toBe('completed');
  });

  it('the upstream reasoning_content becomes a reasoning item', async () => {
    const { client } = nativeProxy(() =>
      sseResponse([
        chunk({ reasoning_content: 'Think about Paris.' }),
        chunk({ content: 'Sunny.' }),
        chunk({}, 'stop'),
      ]),
    );
    const response = await client.responses.stream({ model: 'm', input: 'x' }).finalResponse();
    expect(response.output).toMatchObject([
      { type: 'reasoning', content: [{ type: 'reasoning_text', text: 'Think about Paris.' }] },
      { type: 'message', content: [{ type: 'output_text', text: 'Sunny.' }] },
    ]);
  });

  it('an impossible tool choice is refused before anything is sent upstream', async () => {
    const { client, requests } = nativeProxy(() => Response.json(completion('ok')));
    const error = await client.responses
      .create({ model: 'm', input: 'x', tools: [weather], tool_choice: { type: 'function', name: 'nope' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ code: 'provider_invalid_request', param: 'tool_choice' });
    expect(requests).toHaveLength(0);
  });

  it('an upstream 429 is a RateLimitError; a cut mid-stream an APIError after the text so far', async () => {
    const limited = nativeProxy(() => Response.json({ error: { message: 'slow down' } }, { status: 429 }));
    await expect(limited.client.responses.create({ model: 'm', input: 'x' })).rejects.toBeInstanceOf(
      OpenAI.RateLimitError,
    );
    const cut = nativeProxy(() => sseResponse([chunk({ content: 'Partial' })], 'error'));
    const stream = cut.client.responses.stream({ model: 'm', input: 'x' });
    const { text, error } = await textUntilError(stream);
    expect(text).toBe('Partial');
    expect(error).toBeInstanceOf(OpenAI.APIError);
  });
});
