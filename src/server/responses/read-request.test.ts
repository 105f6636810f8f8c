/**
 * The Responses request reader: what each field becomes in the AI SDK call,
 * and the 400 (message and `param` naming the field) for each bad input.
 */
import { describe, expect, it } from 'vitest';
import { textAndPngOutput, weatherCallTurn } from '../test/prompt-shapes.ts';
import { refusalOf } from '../test/refusal.ts';
import { readResponsesRequest } from './read-request.ts';

const weather = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

const refusal = (body: unknown) => refusalOf(readResponsesRequest, body);

describe('reading a Responses request', () => {
  it('a string input is one user message; instructions lead as the system message', () => {
    const { callOptions, stream, model } = readResponsesRequest({
      model: 'qwen3',
      instructions: 'Be brief.',
      input: 'Hi',
    });
    expect(callOptions.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(stream).toBe(false);
    expect(model).toBe('qwen3');
  });

  it('a second turn: calls join the assistant turn they follow, outputs answer them by call_id', () => {
    const { callOptions } = readResponsesRequest({
      input: [
        { role: 'developer', content: 'Use tools.' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris and Oslo?' }] },
        { type: 'reasoning', id: 'rs_1', summary: [], content: [{ type: 'reasoning_text', text: 'Two cities.' }] },
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
        },
        { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_b', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'function_call_output', call_id: 'call_a', output: '{"temp":21}' },
        { type: 'function_call_output', call_id: 'call_b', output: [{ type: 'input_text', text: '12C' }] },
      ],
      tools: [weather],
    });
    expect(callOptions.prompt).toEqual([
      { role: 'system', content: 'Use tools.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Oslo?' }] },
      ...weatherCallTurn([
        { id: 'call_a', city: 'Paris', output: { type: 'text', value: '{"temp":21}' } },
        { id: 'call_b', city: 'Oslo', output: { type: 'text', value: '12C' } },
      ]),
    ]);
    expect(callOptions.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city',
        inputSchema: weather.parameters,
      },
    ]);
  });

  it('images: a data URL stays inline data, an https URL stays a URL', () => {
    const { callOptions } = readResponsesRequest({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' },
            { type: 'input_image', image_url: 'https://example.com/cat.jpg' },
          ],
        },
      ],
    });
    expect(callOptions.prompt[0]).toMatchObject({
      role: 'user',
      content: [
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
        { type: 'file', mediaType: 'image/*', data: { type: 'url' } },
      ],
    });
  });

  it('a tool output with an image (Codex CLI view_image) keeps text and image parts', () => {
    const { callOptions } = readResponsesRequest({
      input: [
        { type: 'function_call', call_id: 'call_v', name: 'view_image', arguments: '{"path":"a.png"}' },
        {
          type: 'function_call_output',
          call_id: 'call_v',
          output: [
            { type: 'input_text', text: 'a.png:' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
          ],
        },
      ],
    });
    expect(callOptions.prompt[1]).toMatchObject({
      role: 'tool',
      content: [
        {
          output: textAndPngOutput('a.png:'),
        },
      ],
    });
  });

  it('custom tools are offered as one-string-argument functions; their calls round-trip as {input}', () => {
    const { callOptions, routes } = readResponsesRequest({
      input: [
        { role: 'user', content: 'Add a file.' },
        { type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'custom_tool_call_output', call_id: 'call_p', output: 'Done.' },
      ],
      tools: [
        {
          type: 'custom',
          name: 'apply_patch',
          description: 'Edit files.',
          format: { type: 'grammar', syntax: 'lark', definition: 'start: "*** Begin Patch"' },
        },
        { type: 'web_search', external_web_access: false },
      ],
    });
    expect(routes.custom).toEqual(new Set(['apply_patch']));
    expect(callOptions.tools).toHaveLength(1);
    const tool = callOptions.tools?.[0] as unknown as {
      name: string;
      inputSchema: { properties: { input: { description: string } } };
    };
    expect(tool.name).toBe('apply_patch');
    expect(tool.inputSchema.properties.input.description).toMatch(/lark grammar:\nstart: "\*\*\* Begin Patch"/);
    expect(callOptions.prompt[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'call_p', toolName: 'apply_patch', input: { input: '*** Begin Patch' } },
      ],
    });
    expect(callOptions.prompt[2]).toMatchObject({ role: 'tool', content: [{ toolName: 'apply_patch' }] });
  });

  it('sampling, reasoning effort, text format and tool choice map onto the call options', () => {
    const { callOptions, echo } = readResponsesRequest({
      input: 'x',
      max_output_tokens: 300,
      temperature: 0.2,
      top_p: 0.9,
      reasoning: { effort: 'high', summary: 'auto' },
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
      tools: [weather],
      tool_choice: { type: 'function', name: 'get_weather' },
      store: false,
      metadata: { run: '7' },
      stream: true,
      parallel_tool_calls: false,
      include: ['reasoning.encrypted_content'],
      truncation: 'auto',
      user: 'u1',
      some_future_field: { ignored: true },
    });
    expect(callOptions).toMatchObject({
      maxOutputTokens: 300,
      temperature: 0.2,
      topP: 0.9,
      reasoning: 'high',
      responseFormat: { type: 'json', name: 'answer', schema: { type: 'object' } },
      toolChoice: { type: 'tool', toolName: 'get_weather' },
    });
    expect(echo).toMatchObject({
      store: false,
      metadata: { run: '7' },
      parallel_tool_calls: false,
      reasoning: { effort: 'high', summary: 'auto' },
      tool_choice: { type: 'function', name: 'get_weather' },
      truncation: 'auto',
      max_output_tokens: 300,
    });
  });

  it('allowed_tools narrows the tools offered and sets the mode', () => {
    const { callOptions } = readResponsesRequest({
      input: 'x',
      tools: [weather, { ...weather, name: 'get_time' }],
      tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'get_time' }] },
    });
    expect(callOptions.tools?.map((t) => t.name)).toEqual(['get_time']);
    expect(callOptions.toolChoice).toEqual({ type: 'required' });
  });

  // Bodies whose input is one item, or one message with one content part.
  const oneItem = (item: Record<string, unknown>) => ({ input: [item] });
  const onePart = (role: string, part: Record<string, unknown>) => oneItem({ role, content: [part] });
  const deepArguments = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  it.each([
    ['not an object', [], 'body'],
    ['no input', { model: 'm' }, 'input'],
    ['input a number', { input: 3 }, 'input'],
    ['an empty input', { input: [] }, 'input'],
    ['an unknown role', oneItem({ role: 'tool', content: 'x' }), 'input[0].role'],
    ['a part of unknown type', onePart('user', { type: 'text', text: 'x' }), 'input[0].content[0].type'],
    [
      'an image in a system message',
      onePart('system', { type: 'input_image', image_url: 'https://a.b/c.png' }),
      'input[0].content[0].type',
    ],
    ['an image by file_id', onePart('user', { type: 'input_image', file_id: 'file_1' }), 'input[0].content[0].file_id'],
    [
      'a broken data URL',
      onePart('user', { type: 'input_image', image_url: 'data:image/png;base64,%%%' }),
      'input[0].content[0].image_url',
    ],
    ['an input_file', onePart('user', { type: 'input_file', file_data: 'x' }), 'input[0].content[0].type'],
    [
      'an output for an unknown call',
      oneItem({ type: 'function_call_output', call_id: 'nope', output: 'x' }),
      'input[0].call_id',
    ],
    [
      'arguments that are not a string',
      oneItem({ type: 'function_call', call_id: 'c', name: 'f', arguments: {} }),
      'input[0].arguments',
    ],
    [
      'arguments nested 10,000 deep',
      oneItem({ type: 'function_call', call_id: 'c', name: 'f', arguments: deepArguments }),
      'input[0].arguments',
    ],
    ['an item_reference', oneItem({ type: 'item_reference', id: 'msg_1' }), 'input[0].type'],
    ['a hosted tool call item', oneItem({ type: 'web_search_call', id: 'ws_1', status: 'completed' }), 'input[0].type'],
    ['conversation', { input: 'x', conversation: 'conv_1' }, 'conversation'],
    ['background', { input: 'x', background: true }, 'background'],
    ['a hosted tool', { input: 'x', tools: [{ type: 'file_search', vector_store_ids: [] }] }, 'tools[0].type'],
    ['local_shell', { input: 'x', tools: [{ type: 'local_shell' }] }, 'tools[0].type'],
    ['a bad tool name', { input: 'x', tools: [{ ...weather, name: 'get weather' }] }, 'tools[0].name'],
    ['a duplicate tool name', { input: 'x', tools: [weather, weather] }, 'tools[1].name'],
    [
      'parameters not an object schema',
      { input: 'x', tools: [{ ...weather, parameters: { type: 'string' } }] },
      'tools[0].parameters.type',
    ],
    [
      'a bad grammar syntax',
      {
        input: 'x',
        tools: [{ type: 'custom', name: 'p', format: { type: 'grammar', syntax: 'ebnf', definition: '' } }],
      },
      'tools[0].format.syntax',
    ],
    ['a malformed tool_choice', { input: 'x', tool_choice: 'any' }, 'tool_choice'],
    ['a hosted tool_choice', { input: 'x', tool_choice: { type: 'web_search_preview' } }, 'tool_choice'],
    ['stream not a boolean', { input: 'x', stream: 'yes' }, 'stream'],
    ['temperature out of range', { input: 'x', temperature: 3 }, 'temperature'],
    ['top_p out of range', { input: 'x', top_p: 1.5 }, 'top_p'],
    ['max_output_tokens not an integer', { input: 'x', max_output_tokens: 2.5 }, 'max_output_tokens'],
    ['an unknown reasoning effort', { input: 'x', reasoning: { effort: 'extreme' } }, 'reasoning.effort'],
    [
      'a json_schema format without a schema',
      { input: 'x', text: { format: { type: 'json_schema', name: 'a' } } },
      'text.format.schema',
    ],
    ['metadata with a number', { input: 'x', metadata: { n: 1 } }, 'metadata.n'],
    ['an unknown truncation', { input: 'x', truncation: 'middle' }, 'truncation'],
    ['a model name over 256 characters', { input: 'x', model: 'm'.repeat(257) }, 'model'],
  ])('400 for %s, naming the field', (_name, body, param) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
    expect(error.message).toContain(`\`${param}\``);
  });

  it('allowed_tools naming an undeclared tool is a 400 on tool_choice (the other tool-choice checks are in the core)', () => {
    const error = refusal({
      input: 'x',
      tools: [weather],
      tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'x' }] },
    });
    expect(error).toMatchObject({ status: 400, param: 'tool_choice', code: 'provider_invalid_request' });
    expect(error.message).toMatch(/not among the declared tools/);
  });
});
