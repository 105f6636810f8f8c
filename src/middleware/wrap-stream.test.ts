import type { JSONSchema7, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolMiddleware, hermesProtocol, hermesToolMiddleware } from '../index.ts';
import { collect, functionTool, normalizeIds, streamParts, summarize, textStream, usage } from '../test/harness.ts';

const weatherSchema: JSONSchema7 = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const tools = [functionTool('get_weather', weatherSchema)];
const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Seoul"}}</tool_call>';

describe('wrapStream', () => {
  it('emits the exact part sequence: text, then start, deltas, end, call, then text', async () => {
    const parts = normalizeIds(await streamParts({ middleware: hermesToolMiddleware, tools }, ['Hi. ', call, ' Bye.']));
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hi. ' },
      { type: 'text-end', id: 'text-0' },
      { type: 'tool-input-start', id: 'call-1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"city":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: 'Seoul' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: '}' },
      { type: 'tool-input-end', id: 'call-1' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'get_weather', input: '{"city":"Seoul"}' },
      { type: 'text-start', id: 'text-2' },
      { type: 'text-delta', id: 'text-2', delta: 'Bye.' },
      { type: 'text-end', id: 'text-2' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'stop' }, usage },
    ]);
  });

  it('announces the call as soon as the name is complete, before the arguments arrive', async () => {
    const chunks = ['<tool_call>{"name": "get_weather", ', '"arguments": {"city": "Se', 'oul"}}</tool_call>'];
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream(textStream(chunks)) }),
      }),
      middleware: hermesToolMiddleware,
    });
    const { stream } = await model.doStream({ prompt: [], tools });
    const reader = stream.getReader();
    const seen: string[] = [];
    // Read until the first delta; the model has only sent two chunks' worth by then.
    for (;;) {
      const { value } = await reader.read();
      seen.push(value?.type ?? 'done');
      if (value?.type === 'tool-input-delta' && value.delta === 'Se') break;
    }
    expect(seen).toContain('tool-input-start');
    expect(seen).not.toContain('tool-call');
  });

  it('never lets a delimiter reach text deltas', async () => {
    const text = `a<tool_call>${call.slice(11)}b${call}c<tool_call>{"name":"get_weather","arguments":{"city":"x"}}`;
    for (const size of [1, 2, 3, 5, 11, 13]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const parts = await streamParts({ middleware: hermesToolMiddleware, tools }, chunks);
      const textOut = parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('');
      expect(textOut).toBe('abc');
      expect(parts.filter((p) => p.type === 'tool-call')).toHaveLength(3);
    }
  });

  it('passes non-text parts through untouched and in place', async () => {
    const extra: LanguageModelV4StreamPart[] = [
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'response-metadata', id: 'resp-1', modelId: 'm' },
      { type: 'raw', rawValue: { x: 1 } },
    ];
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream(textStream(['plain'], extra)) }),
      }),
      middleware: hermesToolMiddleware,
    });
    const parts = await collect((await model.doStream({ prompt: [], tools })).stream);
    for (const part of extra) expect(parts).toContainEqual(part);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
  });

  it('resolves held text and open calls when the stream ends without a finish part', async () => {
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({
          stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'tail <tool_' },
          ]),
        }),
      }),
      middleware: hermesToolMiddleware,
    });
    const parts = await collect((await model.doStream({ prompt: [], tools })).stream);
    expect(parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('')).toBe('tail <tool_');
  });

  it('closes a started call that proves malformed, then gives its raw text back', async () => {
    const onError = vi.fn();
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), onError });
    const broken = '<tool_call>{"name": "get_weather", "arguments": {"city": "Seoul" oops}}</tool_call>';
    const parts = normalizeIds(await streamParts({ middleware, tools }, [broken]));
    expect(summarize(parts).shape).toEqual([
      'stream-start',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'text-start',
      'text-delta',
      'text-end',
      'finish',
    ]);
    // Every character once: the block up to where it broke, then the rest read again as prose.
    expect(summarize(parts).text).toBe(broken);
    const failedAt = broken.indexOf('oops');
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('unexpected "o"'), {
      code: 'malformed-tool-call',
      text: broken.slice(0, failedAt),
    });
  });

  it('sends problems to the per-call providerOptions.toolCallMiddleware.onError too', async () => {
    const perCall = vi.fn();
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream(textStream(['<tool_call>nope</tool_call>'])) }),
      }),
      middleware: hermesToolMiddleware,
    });
    await collect(
      (
        await model.doStream({
          prompt: [],
          tools,
          providerOptions: { toolCallMiddleware: { onError: perCall } as never },
        })
      ).stream,
    );
    expect(perCall).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ code: 'malformed-tool-call' }));
  });
});

describe('streamText end to end', () => {
  it('runs a multi-step loop: call, execute, result back to the model, final answer', async () => {
    const responses = [
      ['Checking. ', call],
      ['It is ', '21°C in Seoul.'],
    ];
    const inner = new MockLanguageModelV4({
      doStream: responses.map((chunks) => ({ stream: convertArrayToReadableStream(textStream(chunks)) })),
    });
    const model = wrapLanguageModel({ model: inner, middleware: hermesToolMiddleware });
    const execute = vi.fn(async ({ city }: { city: string }) => ({ city, temperature: 21 }));
    const result = streamText({
      model,
      prompt: 'Weather in Seoul?',
      tools: { get_weather: tool({ inputSchema: jsonSchema<{ city: string }>(weatherSchema), execute }) },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe('It is 21°C in Seoul.');
    expect(execute).toHaveBeenCalledWith({ city: 'Seoul' }, expect.anything());
    const secondPrompt = JSON.stringify(inner.doStreamCalls[1]?.prompt);
    expect(secondPrompt).toContain(
      '<tool_call>\\n{\\"name\\": \\"get_weather\\", \\"arguments\\": {\\"city\\": \\"Seoul\\"}}',
    );
    expect(secondPrompt).toContain(
      '<tool_response>\\n{\\"city\\":\\"Seoul\\",\\"temperature\\":21}\\n</tool_response>',
    );
  });

  it('lets the AI SDK handle an undeclared tool (NoSuchToolError) while onError notes it', async () => {
    const onError = vi.fn();
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: async () => ({
          stream: convertArrayToReadableStream(textStream(['<tool_call>{"name":"fly","arguments":{}}</tool_call>'])),
        }),
      }),
      middleware: createToolMiddleware({ protocol: hermesProtocol(), onError }),
    });
    const result = streamText({
      model,
      prompt: 'x',
      tools: { get_weather: tool({ inputSchema: jsonSchema(weatherSchema) }) },
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain('tool-error');
    expect(onError).toHaveBeenCalledWith(
      expect.stringContaining('"fly"'),
      expect.objectContaining({ code: 'unknown-tool' }),
    );
  });
});

describe('debug output', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('parse: prints the raw text with the call highlighted and a summary', async () => {
    const log = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), debug: 'parse', debugStyle: 'inverse' });
    await streamParts({ middleware, tools }, ['a ', call, ' b']);
    const output = log.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(output).toContain(`a \u001b[7m${call}\u001b[0m b`);
    expect(output).toContain('1 tool call(s)');
    expect(output).toContain('get_weather {"city":"Seoul"}');
  });

  it('stream: logs raw and emitted parts; the level can come from DEBUG_PARSER_MW', async () => {
    vi.stubEnv('DEBUG_PARSER_MW', 'stream');
    const log = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await streamParts({ middleware: createToolMiddleware({ protocol: hermesProtocol() }), tools }, [call]);
    const directions = log.mock.calls.map((c) => c[0]);
    expect(directions).toContain('[toolshim] raw');
    expect(directions).toContain('[toolshim] out');
  });

  it('off: logs nothing', async () => {
    const log = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await streamParts({ middleware: createToolMiddleware({ protocol: hermesProtocol(), debug: 'off' }), tools }, [
      call,
    ]);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('whitespace around text', () => {
  it('keeps the whitespace an answer starts with when no call came before it', async () => {
    const text = '  indented code:\n    x = 1\n';
    for (const chunks of [[text], Array.from(text)]) {
      const parts = await streamParts({ middleware: hermesToolMiddleware, tools }, chunks);
      expect(parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('')).toBe(text);
    }
  });

  it('drops only the whitespace between a call and the prose after it', async () => {
    const parts = await streamParts({ middleware: hermesToolMiddleware, tools }, ['Before:\n', call, '\n\n  After.']);
    const texts = parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : []));
    expect(texts.join('|')).toBe('Before:\n|After.');
  });
});
