import type { JSONSchema7 } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createToolMiddleware, hermesProtocol, hermesToolMiddleware, ToolshimInvalidRequestError } from '../index.ts';
import {
  chunkings,
  functionTool,
  generateContent,
  mockModel,
  normalizeIds,
  streamParts,
  summarize,
  summarizeContent,
} from '../test/harness.ts';

const weatherSchema: JSONSchema7 = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' } },
  required: ['city'],
};
const userSchema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } } };
const tools = [functionTool('get_weather', weatherSchema, 'Weather'), functionTool('create_user', userSchema)];

function withErrors() {
  const onError = vi.fn();
  return { onError, middleware: createToolMiddleware({ protocol: hermesProtocol(), onError }) };
}

describe('tool choice: pre-send validation', () => {
  const cases: Array<[string, Parameters<typeof validateCall>[0], RegExp]> = [
    [
      'a misspelt mode',
      { toolChoice: { type: 'requird' }, tools },
      /^toolChoice "requird" is not a tool choice; did you mean "required"\? Use "auto", "none", "required" or/,
    ],
    ['an unknown mode', { toolChoice: { type: 'any' }, tools }, /^toolChoice "any" is not a tool choice\. Use "auto"/],
    ['a named tool without its name', { toolChoice: { type: 'tool' }, tools }, /needs the name of the tool to force/],
    ['required with no tools', { toolChoice: { type: 'required' }, tools: [] }, /needs at least one function tool/],
    ['a named tool with no tools', { toolChoice: { type: 'tool', toolName: 'x' }, tools: [] }, /no tools were given/],
    [
      'a named tool that is not declared',
      { toolChoice: { type: 'tool', toolName: 'nope' }, tools },
      /not among the declared tools \("get_weather", "create_user"\)/,
    ],
    [
      'a named provider-defined tool',
      {
        toolChoice: { type: 'tool', toolName: 'web_search' },
        tools: [{ type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
      },
      /provider-defined tool/,
    ],
  ];

  async function validateCall(options: { toolChoice: unknown; tools: unknown[] }) {
    const inner = mockModel(['x']);
    const model = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    try {
      await model.doGenerate({
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        ...(options as object),
      });
    } finally {
      expect(inner.doGenerateCalls).toHaveLength(0); // nothing was sent
    }
  }

  for (const [name, options, message] of cases) {
    it(`rejects ${name} before calling the model, with category provider_invalid_request`, async () => {
      const error = await validateCall(options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolshimInvalidRequestError);
      expect((error as ToolshimInvalidRequestError).category).toBe('provider_invalid_request');
      expect((error as Error).message).toMatch(message);
    });
  }

  it('surfaces the validation error through generateText', async () => {
    const model = wrapLanguageModel({ model: mockModel(['x']), middleware: hermesToolMiddleware });
    await expect(
      generateText({
        model,
        prompt: 'hi',
        tools: { a: tool({ inputSchema: jsonSchema({ type: 'object' }) }) },
        toolChoice: { type: 'tool', toolName: 'b' as 'a' },
      }),
    ).rejects.toMatchObject({ category: 'provider_invalid_request' });
  });

  it('names the fix for a misspelt toolChoice string passed to streamText', async () => {
    const model = wrapLanguageModel({ model: mockModel(['x']), middleware: hermesToolMiddleware });
    const errors: unknown[] = [];
    const result = streamText({
      model,
      prompt: 'hi',
      tools: { a: tool({ inputSchema: jsonSchema({ type: 'object' }) }) },
      toolChoice: 'requird' as 'required',
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toContain(
      'toolChoice "requird" is not a tool choice; did you mean "required"?',
    );
    expect((errors[0] as Error).message).not.toContain('undefined');
  });
});

describe('tool choice: a named tool', () => {
  const choice = { type: 'tool' as const, toolName: 'get_weather' };

  it('asks for JSON through responseFormat with the tool schema, name and description', async () => {
    const inner = mockModel(['{}']);
    const model = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools,
      toolChoice: choice,
    });
    expect(inner.doGenerateCalls[0]?.responseFormat).toEqual({
      type: 'json',
      name: 'get_weather',
      description: 'Weather',
      schema: {
        type: 'object',
        properties: { name: { const: 'get_weather' }, arguments: weatherSchema },
        required: ['name', 'arguments'],
      },
    });
    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).toContain('You must call the function \\"get_weather\\"');
  });

  const answers: Array<[string, string, unknown]> = [
    [
      'the {name, arguments} JSON',
      '{"name": "get_weather", "arguments": {"city": "Seoul", "days": "2"}}',
      { city: 'Seoul', days: 2 },
    ],
    [
      'JSON in a ```json fence',
      '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
      { city: 'Oslo' },
    ],
    ['the bare arguments object', ' {"city": "Lima", "days": 1}', { city: 'Lima', days: 1 }],
    [
      'the protocol format instead',
      'Sure! <tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call>',
      { city: 'Rome' },
    ],
  ];
  for (const [name, text, input] of answers) {
    it(`parses ${name}, streamed progressively, identically in every chunking and in generate`, async () => {
      const runs = await Promise.all(
        chunkings(text).map(async ({ chunks }) =>
          normalizeIds(await streamParts({ middleware: hermesToolMiddleware, tools, toolChoice: choice }, chunks)),
        ),
      );
      for (const parts of runs) {
        const summary = summarize(parts);
        expect(summary.calls).toEqual([{ toolName: 'get_weather', input, deltas: JSON.stringify(input) }]);
        expect(summary).toEqual(summarize(runs[0] ?? []));
      }
      const oneChar = runs[1] ?? [];
      expect(oneChar.filter((p) => p.type === 'tool-input-delta').length).toBeGreaterThan(2);
      const generated = await generateContent({ middleware: hermesToolMiddleware, tools, toolChoice: choice }, text);
      expect(summarizeContent(generated.content).calls).toEqual([{ toolName: 'get_weather', input }]);
      expect(generated.finishReason.unified).toBe('tool-calls');
    });
  }

  it('takes an object whose own "name" is an argument as the arguments', async () => {
    const parts = await streamParts(
      { middleware: hermesToolMiddleware, tools, toolChoice: { type: 'tool', toolName: 'create_user' } },
      Array.from('{"name": "Bob", "age": "7"}'),
    );
    expect(summarize(parts).calls).toEqual([
      { toolName: 'create_user', input: { name: 'Bob', age: 7 }, deltas: '{"name":"Bob","age":7}' },
    ]);
  });

  it('keeps a non-call answer as text and reports it', async () => {
    const { onError, middleware } = withErrors();
    const parts = await streamParts({ middleware, tools, toolChoice: choice }, ['I cannot ', 'do that.']);
    const summary = summarize(parts);
    expect(summary.calls).toEqual([]);
    expect(summary.text).toBe('I cannot do that.');
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('without one'), { code: 'no-tool-call' });
  });

  it('reports a call to another tool but still surfaces it', async () => {
    const { onError, middleware } = withErrors();
    const parts = await streamParts({ middleware, tools, toolChoice: choice }, [
      '{"name": "create_user", "arguments": {}}',
    ]);
    expect(summarize(parts).calls.map((c) => c.toolName)).toEqual(['create_user']);
    expect(onError).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ code: 'wrong-tool' }));
  });
});

describe('tool choice: required', () => {
  it('sets an if/then/else schema across all tools', async () => {
    const inner = mockModel(['{}']);
    const model = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools,
      toolChoice: { type: 'required' },
    });
    const schema = inner.doGenerateCalls[0]?.responseFormat as unknown as { schema: Record<string, unknown> };
    expect(schema.schema).toMatchObject({
      properties: { name: { enum: ['get_weather', 'create_user'] } },
      required: ['name', 'arguments'],
      if: { properties: { name: { const: 'get_weather' } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON-schema keyword.
      then: { properties: { arguments: weatherSchema } },
      else: {
        if: { properties: { name: { const: 'create_user' } } },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON-schema keyword.
        then: { properties: { arguments: userSchema } },
      },
    });
  });

  it('parses several calls given as a JSON array', async () => {
    const text =
      '[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "create_user", "arguments": {"name": "B"}}]';
    for (const { chunks } of chunkings(text)) {
      const parts = await streamParts(
        { middleware: hermesToolMiddleware, tools, toolChoice: { type: 'required' } },
        chunks,
      );
      expect(summarize(parts).calls.map((c) => [c.toolName, c.input])).toEqual([
        ['get_weather', { city: 'A' }],
        ['create_user', { name: 'B' }],
      ]);
    }
  });

  it('keeps malformed JSON as text and reports why', async () => {
    const { onError, middleware } = withErrors();
    const parts = await streamParts({ middleware, tools, toolChoice: { type: 'required' } }, [
      '{"name": "get_weather", "arguments": {"city": ',
    ]);
    expect(summarize(parts).text).toBe('{"name": "get_weather", "arguments": {"city": ');
    expect(onError).toHaveBeenCalledWith(
      expect.stringContaining('malformed'),
      expect.objectContaining({ code: 'unclosed-tool-call' }),
    );
  });
});

describe('tool choice: none', () => {
  it('advertises no tools, still formats history, and passes text through verbatim', async () => {
    const text = 'No tools. <tool_call>{"name": "get_weather", "arguments": {}}</tool_call>';
    const inner = mockModel(Array.from(text));
    const model = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    const { stream } = await model.doStream({
      prompt: [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'get_weather', input: { city: 'X' } }],
        },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
      tools,
      toolChoice: { type: 'none' },
    });
    const parts = [];
    for await (const part of stream as unknown as AsyncIterable<{ type: string }>) parts.push(part);
    const sent = JSON.stringify(inner.doStreamCalls[0]?.prompt);
    expect(sent).not.toContain('You can call functions');
    expect(sent).toContain('<tool_call>\\n{\\"name\\": \\"get_weather\\"');
    expect(summarize(parts as never).text).toBe(text);
    expect(parts.some((p) => p.type === 'tool-call')).toBe(false);
  });

  it('works end to end with streamText', async () => {
    const model = wrapLanguageModel({ model: mockModel(['Just text.']), middleware: hermesToolMiddleware });
    const result = streamText({
      model,
      prompt: 'hi',
      tools: { get_weather: tool({ inputSchema: jsonSchema(weatherSchema) }) },
      toolChoice: 'none',
    });
    expect(await result.text).toBe('Just text.');
    expect(await result.toolCalls).toEqual([]);
  });
});
