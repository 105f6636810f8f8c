import { describe, expect, it } from 'vitest';
import { ProxyHttpError } from '../core/errors.ts';
import { checkToolChoice } from '../core/tool-choice.ts';
import { textAndPngOutput, weatherCallTurn } from '../test/prompt-shapes.ts';
import { readMessagesRequest } from './read-request.ts';
import { ANTHROPIC_CHOICE_WORDS } from './read-tools.ts';

const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const base = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }] };

function refusal(body: unknown, kind: 'create' | 'count' = 'create', coreCheck = false): ProxyHttpError {
  try {
    const { options } = readMessagesRequest(body, kind);
    if (coreCheck) checkToolChoice(options, ANTHROPIC_CHOICE_WORDS);
  } catch (error) {
    if (error instanceof ProxyHttpError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

describe('readMessagesRequest: the call options', () => {
  it('reads the minimal request', () => {
    const call = readMessagesRequest(base);
    expect(call.model).toBe('claude-sonnet-4-6');
    expect(call.stream).toBe(false);
    expect(call.options).toEqual({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      maxOutputTokens: 1024,
    });
    expect(call.stopSequences).toEqual([]);
  });

  it('joins system text blocks into one system message and ignores cache_control', () => {
    const call = readMessagesRequest({
      ...base,
      system: [
        { type: 'text', text: 'You are a CLI.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    });
    expect(call.options.prompt[0]).toEqual({ role: 'system', content: 'You are a CLI.\nBe brief.' });
  });

  it('splits a user turn of tool results and text, in order, and names each result by its tool_use', () => {
    const call = readMessagesRequest({
      ...base,
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Two cities.', signature: 'sig' },
            { type: 'redacted_thinking', data: 'opaque' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '21 C' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_2',
              content: [{ type: 'text', text: 'no data' }],
              is_error: true,
            },
            { type: 'text', text: '<system-reminder>be brief</system-reminder>', cache_control: { type: 'ephemeral' } },
          ],
        },
      ],
      tools: [weather],
    });
    expect(call.options.prompt.slice(1)).toEqual([
      ...weatherCallTurn([
        { id: 'toolu_1', city: 'Paris', output: { type: 'text', value: '21 C' } },
        { id: 'toolu_2', city: 'Rome', output: { type: 'error-text', value: 'no data' } },
      ]),
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>be brief</system-reminder>' }] },
    ]);
  });

  it('keeps an image in a tool result as a file part, and says an error in words', () => {
    const call = readMessagesRequest({
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'shot', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }],
            },
          ],
        },
      ],
    });
    expect(call.options.prompt[1]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 't1',
          toolName: 'shot',
          output: textAndPngOutput('The tool reported an error:'),
        },
      ],
    });
  });

  it('reads images (base64, url) and documents (text stays text, a PDF is a file)', () => {
    const call = readMessagesRequest({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'document', title: 'Notes', source: { type: 'text', media_type: 'text/plain', data: 'line' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
          ],
        },
      ],
    });
    expect(call.options.prompt[0]).toEqual({
      role: 'user',
      content: [
        { type: 'file', mediaType: 'image/jpeg', data: { type: 'data', data: '/9j/4AAQ' } },
        { type: 'file', mediaType: 'image', data: { type: 'url', url: new URL('https://example.com/a.png') } },
        { type: 'text', text: 'Notes\nline' },
        { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: 'JVBERi0=' } },
      ],
    });
  });

  it('maps tools, tool_choice and disable_parallel_tool_use', () => {
    const any = readMessagesRequest({
      ...base,
      tools: [weather],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(any.options.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city',
        inputSchema: weather.input_schema,
      },
    ]);
    expect(any.options.toolChoice).toEqual({ type: 'required' });
    expect(any.disableParallelToolUse).toBe(true);
    const named = readMessagesRequest({
      ...base,
      tools: [weather],
      tool_choice: { type: 'tool', name: 'get_weather' },
    });
    expect(named.options.toolChoice).toEqual({ type: 'tool', toolName: 'get_weather' });
    expect(readMessagesRequest({ ...base, tool_choice: { type: 'none' } }).options.toolChoice).toEqual({
      type: 'none',
    });
    expect(
      readMessagesRequest({ ...base, tools: [weather], tool_choice: { type: 'auto' } }).disableParallelToolUse,
    ).toBe(false);
  });

  it.each([
    [{ type: 'enabled', budget_tokens: 1024 }, undefined, 'low'],
    [{ type: 'enabled', budget_tokens: 8000 }, undefined, 'medium'],
    [{ type: 'enabled', budget_tokens: 31999 }, undefined, 'high'],
    [{ type: 'disabled' }, undefined, 'none'],
    [{ type: 'adaptive' }, undefined, 'provider-default'],
    [{ type: 'adaptive' }, { effort: 'xhigh' }, 'xhigh'],
    [undefined, { effort: 'low' }, 'low'],
  ])('thinking %j with output_config %j → reasoning %s', (thinking, output, reasoning) => {
    const call = readMessagesRequest({ ...base, thinking, output_config: output, max_tokens: 32000 });
    expect(call.options.reasoning).toBe(reasoning);
  });

  it('reads sampling, stop sequences, stream and structured output; ignores what it does not know', () => {
    const call = readMessagesRequest({
      ...base,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END', '\n\nHuman:'],
      stream: true,
      metadata: { user_id: 'user_abc_account__session_123' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      thinking: { type: 'enabled', budget_tokens: 2000, display: 'omitted' },
      output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
    });
    expect(call.options).toMatchObject({ temperature: 0.2, topP: 0.9, topK: 40 });
    expect(call.options.responseFormat).toEqual({ type: 'json', schema: { type: 'object' } });
    expect(call.options.stopSequences).toBeUndefined();
    expect(call.stopSequences).toEqual(['END', '\n\nHuman:']);
    expect(call.stream).toBe(true);
    expect(call.omitThinking).toBe(true);
  });

  it('count_tokens bodies need no max_tokens and never stream', () => {
    const { model, max_tokens: _, ...count } = base;
    const call = readMessagesRequest({ ...count, model, stream: true }, 'count');
    expect(call.options.maxOutputTokens).toBeUndefined();
    expect(call.stream).toBe(false);
  });
});

describe('readMessagesRequest: refusals name the field', () => {
  it.each([
    [{ ...base, model: 7 }, 'model', /`model` must be a string/],
    [{ ...base, model: 'x'.repeat(300) }, 'model', /longer than 256/],
    [{ ...base, max_tokens: undefined }, 'max_tokens', /`max_tokens` is required/],
    [{ ...base, max_tokens: 0 }, 'max_tokens', /an integer from 1 to .*prompt cache/],
    [{ ...base, max_tokens: 1.5 }, 'max_tokens', /an integer/],
    [{ ...base, messages: [] }, 'messages', /at least one message/],
    [{ ...base, messages: undefined }, 'messages', /`messages` is required/],
    [{ ...base, messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].role', /"user" or "assistant"/],
    [{ ...base, messages: [{ role: 'user', content: 42 }] }, 'messages[0].content', /a string or an array/],
    [{ ...base, messages: [{ role: 'user', content: [{ type: 'audio' }] }] }, 'messages[0].content[0].type', /"audio"/],
    [{ ...base, temperature: 1.5 }, 'temperature', /between 0 and 1/],
    [{ ...base, top_k: 2.5 }, 'top_k', /an integer/],
    [{ ...base, stop_sequences: ['ok', ''] }, 'stop_sequences[1]', /non-empty string/],
    [{ ...base, stream: 'yes' }, 'stream', /a boolean/],
    [{ ...base, thinking: { type: 'enabled' } }, 'thinking.budget_tokens', /positive integer/],
    [{ ...base, thinking: { type: 'sometimes' } }, 'thinking.type', /"enabled", "disabled" or "adaptive"/],
    [{ ...base, output_config: { effort: 'extreme' } }, 'output_config.effort', /low, medium, high/],
    [{ ...base, system: [{ type: 'image' }] }, 'system[0]', /text block/],
  ])('%#: %s', (body, param, message) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('refuses a body that is not an object', () => {
    expect(refusal([1, 2]).message).toMatch(/`body` must be a JSON object, got array/);
  });

  it.each([
    [{ type: 'base64', media_type: 'image/png', data: 'not base64!' }, 'source.data', /not valid base64/],
    [{ type: 'base64', media_type: 'image/tiff', data: 'AAAA' }, 'source.media_type', /image\/jpeg, image\/png/],
    [{ type: 'url', url: 'not a url' }, 'source.url', /absolute URL/],
    [{ type: 'file', file_id: 'file_1' }, 'source.type', /Files API/],
  ])('an image source %j', (source, param, message) => {
    const error = refusal({ ...base, messages: [{ role: 'user', content: [{ type: 'image', source }] }] });
    expect(error.param).toBe(`messages[0].content[0].${param}`);
    expect(error.message).toMatch(message);
  });

  it('refuses a tool_result for an unknown tool_use id', () => {
    const error = refusal({
      ...base,
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'r' }] }],
    });
    expect(error.param).toBe('messages[0].content[0].tool_use_id');
    expect(error.message).toMatch(/no earlier assistant message has a tool_use block with that id/);
  });

  it('refuses server tools and Anthropic-defined tools, naming the type', () => {
    const search = refusal({ ...base, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8 }] });
    expect(search.param).toBe('tools[0].type');
    expect(search.message).toMatch(/"web_search_20250305" is an Anthropic server tool/);
    const bash = refusal({ ...base, tools: [weather, { type: 'bash_20250124', name: 'bash' }] });
    expect(bash.param).toBe('tools[1].type');
    expect(bash.message).toMatch(/Anthropic-defined tool/);
  });

  it('refuses a server tool result in the history', () => {
    const error = refusal({
      ...base,
      messages: [{ role: 'assistant', content: [{ type: 'web_search_tool_result', tool_use_id: 's', content: [] }] }],
    });
    expect(error.message).toMatch(/output of an Anthropic server tool/);
  });

  it.each([
    [{ ...weather, name: 'has space' }, 'tools[0].name', /1-128 letters/],
    [{ ...weather, input_schema: undefined }, 'tools[0].input_schema', /is required/],
    [{ ...weather, input_schema: { type: 'array' } }, 'tools[0].input_schema.type', /"object"/],
    [{ ...weather, description: 7 }, 'tools[0].description', /a string/],
  ])('a malformed tool %#', (tool, param, message) => {
    const error = refusal({ ...base, tools: [tool] });
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('refuses duplicate tool names', () => {
    expect(refusal({ ...base, tools: [weather, weather] }).message).toMatch(/declared twice/);
  });

  it.each([
    [{ type: 'any' }, [], /tool_choice \{"type":"any"\} needs at least one function tool/],
    [{ type: 'tool', name: 'get_weather' }, [], /no tools were given/],
    [{ type: 'tool', name: 'get_time' }, [weather], /not among the declared tools \("get_weather"\)/],
    [{ type: 'required' }, [weather], /must be \{"type":"auto"\}/],
    [{ type: 'tool' }, [weather], /`tool_choice.name` must be a string/],
  ])('refuses the impossible tool_choice %j before anything is sent', (choice, tools, message) => {
    // The reader checks the shape; whether the tools can satisfy it the core checks, in Anthropic's words.
    const error = refusal({ ...base, tools, tool_choice: choice }, 'create', true);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/toolChoice/);
  });

  it('refuses an output schema nested 10,000 deep with a 400', () => {
    let schema: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 10_000; i++) schema = { type: 'object', properties: { a: schema } };
    const error = refusal({ ...base, output_config: { format: { type: 'json_schema', schema } } });
    expect(error.param).toBe('output_config.format.schema');
  });

  it('refuses tool arguments nested 10,000 deep with a 400, not a stack overflow', () => {
    let input: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) input = { a: input };
    const error = refusal({
      ...base,
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input }] }],
    });
    expect(error.param).toBe('messages[0].content[0].input');
    expect(error.message).toMatch(/deeper than 100 levels/);
  });
});
