import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from '../wire/types.ts';
import { type ChatEngine, fromChatEngine } from './chat-engine.ts';
import type { ChatChunkDelta } from './chat-stream.ts';

/** Reads a whole stream. (Local, not the middleware harness: these tests are about the V4 adapter only.) */
async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function functionTool(name: string, inputSchema: Record<string, unknown>): LanguageModelV4FunctionTool {
  return { type: 'function', name, inputSchema };
}

function chunk(
  delta: ChatCompletionChunk['choices'][number]['delta'],
  finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null,
): ChatCompletionChunk {
  return {
    id: 'cmpl-1',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'tiny',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** An engine that records each request and answers with fixed chunks or a completion. */
function recordingEngine(chunks: ChatCompletionChunk[], completion?: ChatCompletion) {
  const requests: Array<ChatCompletionRequest & { stream?: boolean }> = [];
  const signals: Array<AbortSignal | undefined> = [];
  const engine: ChatEngine = {
    chat: {
      completions: {
        async create(request, options) {
          requests.push(request);
          signals.push(options?.signal);
          if (!request.stream) return completion as ChatCompletion;
          return (async function* () {
            yield* chunks;
          })();
        },
      },
    },
  };
  return { engine, requests, signals };
}

/** A chunk with the fields reasoning servers add (reasoning_content, tool calls without index). */
function serverChunk(delta: ChatChunkDelta, finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null) {
  return chunk(delta as ChatCompletionChunk['choices'][number]['delta'], finish);
}

/** A completion from a reasoning server: the thinking in message.reasoning_content. */
const reasoningMessage = { role: 'assistant' as const, content: 'Sunny.', reasoning_content: 'Check the forecast.' };
const reasoningCompletion: ChatCompletion = {
  id: 'cmpl-r',
  object: 'chat.completion',
  created: 1700000000,
  model: 'thinker',
  choices: [{ index: 0, message: reasoningMessage, finish_reason: 'stop' }],
};

const prompt: LanguageModelV4CallOptions['prompt'] = [
  { role: 'system', content: 'Be brief.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Hi' },
      { type: 'text', text: 'there' },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
  { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
];

const completion: ChatCompletion = {
  id: 'cmpl-9',
  object: 'chat.completion',
  created: 1700000000,
  model: 'tiny',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Sunny.' }, finish_reason: 'length' }],
  usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
};

describe('fromChatEngine: generate', () => {
  it('maps the prompt to messages and the completion to content, finish reason and usage', async () => {
    const { engine, requests } = recordingEngine([], completion);
    const model = fromChatEngine(engine, { modelId: 'tiny-1b', provider: 'test' });
    const result = await model.doGenerate({ prompt, temperature: 0.2, maxOutputTokens: 64, stopSequences: ['END'] });

    expect(requests[0]).toEqual({
      model: 'tiny-1b',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi\nthere' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Weather?' },
      ],
      temperature: 0.2,
      max_tokens: 64,
      stop: ['END'],
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    expect(result.finishReason).toEqual({ unified: 'length', raw: 'length' });
    expect(result.usage.inputTokens.total).toBe(12);
    expect(result.usage.outputTokens.total).toBe(3);
    expect(model.provider).toBe('test');
    expect(model.modelId).toBe('tiny-1b');
  });

  it('never forwards tools, warns about them, and forwards responseFormat as json_schema', async () => {
    const { engine, requests } = recordingEngine([], completion);
    const schema = { type: 'object', properties: { name: { const: 'get_weather' } } } as const;
    const result = await fromChatEngine(engine).doGenerate({
      prompt,
      tools: [functionTool('get_weather', { type: 'object' })],
      toolChoice: { type: 'required' },
      responseFormat: { type: 'json', schema, name: 'get_weather' },
    });
    const request = requests[0] as ChatCompletionRequest;
    expect('tools' in request).toBe(false);
    expect('tool_choice' in request).toBe(false);
    expect(request.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'get_weather', schema } });
    expect(result.warnings.map((w) => (w.type === 'unsupported' ? w.feature : w.type))).toEqual(['tools']);
  });

  it('maps message.reasoning_content to a reasoning item before the text', async () => {
    const { engine } = recordingEngine([], reasoningCompletion);
    const result = await fromChatEngine(engine).doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: 'reasoning', text: 'Check the forecast.' },
      { type: 'text', text: 'Sunny.' },
    ]);
  });

  it('maps native tool_calls of a completion to tool-call content', async () => {
    const native: ChatCompletion = {
      ...completion,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Seoul"}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const result = await fromChatEngine(recordingEngine([], native).engine).doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Seoul"}' },
    ]);
    expect(result.finishReason.unified).toBe('tool-calls');
  });
});

describe('fromChatEngine: stream', () => {
  it('maps chunks to text parts, metadata, usage and finish, and asks for usage', async () => {
    const { engine, requests } = recordingEngine([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({}, 'stop'),
      { ...chunk({}), choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } },
    ]);
    const { stream } = await fromChatEngine(engine).doStream({ prompt });
    const parts = await collect(stream);
    expect(requests[0]?.stream).toBe(true);
    expect(requests[0]?.stream_options).toEqual({ include_usage: true });
    const textId = (parts.find((p) => p.type === 'text-start') as { id: string }).id;
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'cmpl-1', modelId: 'tiny', timestamp: new Date(1700000000 * 1000) },
      { type: 'text-start', id: textId },
      { type: 'text-delta', id: textId, delta: 'Hel' },
      { type: 'text-delta', id: textId, delta: 'lo' },
      { type: 'text-end', id: textId },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 5, noCache: 5, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 2, text: 2, reasoning: undefined },
        },
      },
    ]);
  });

  it('streams native tool_calls deltas as tool-input parts and a tool-call', async () => {
    const { engine } = recordingEngine([
      chunk({
        tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Seoul"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    const types = parts.map((p) => p.type);
    expect(types).toEqual([
      'stream-start',
      'response-metadata',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(parts.find((p) => p.type === 'tool-call')).toEqual({
      type: 'tool-call',
      toolCallId: 'c1',
      toolName: 'get_weather',
      input: '{"city":"Seoul"}',
    });
  });

  it('streams reasoning_content deltas as reasoning parts, closed before the text', async () => {
    const { engine } = recordingEngine([
      serverChunk({ role: 'assistant', reasoning_content: 'Think' }),
      serverChunk({ reasoning_content: 'ing.' }),
      serverChunk({ content: 'Done.' }),
      serverChunk({}, 'stop'),
    ]);
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    const reasoning = parts.filter((p) => p.type.startsWith('reasoning') || p.type.startsWith('text'));
    expect(reasoning.map((p) => p.type)).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
    ]);
    const deltas = parts.filter((p) => p.type === 'reasoning-delta').map((p) => p.delta);
    expect(deltas.join('')).toBe('Thinking.');
  });

  it('keeps two native tool calls apart when their deltas carry ids but no index', async () => {
    const { engine } = recordingEngine([
      serverChunk({ tool_calls: [{ id: 'a', type: 'function', function: { name: 'w', arguments: '{"city":"A"}' } }] }),
      serverChunk({ tool_calls: [{ id: 'b', type: 'function', function: { name: 'w', arguments: '{"city":' } }] }),
      // A piece with neither id nor index continues the call before it.
      serverChunk({ tool_calls: [{ function: { arguments: '"B"}' } }] }),
      serverChunk({}, 'tool_calls'),
    ]);
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    expect(parts.filter((p) => p.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'a', toolName: 'w', input: '{"city":"A"}' },
      { type: 'tool-call', toolCallId: 'b', toolName: 'w', input: '{"city":"B"}' },
    ]);
  });

  it('replays a completion sent for stream: true as one chunk, reasoning included', async () => {
    const engine: ChatEngine = { chat: { completions: { create: async () => reasoningCompletion } } };
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    expect(parts.filter((p) => p.type === 'reasoning-delta' || p.type === 'text-delta')).toMatchObject([
      { type: 'reasoning-delta', delta: 'Check the forecast.' },
      { type: 'text-delta', delta: 'Sunny.' },
    ]);
    expect(parts.find((p) => p.type === 'finish')).toMatchObject({ finishReason: { unified: 'stop' } });
  });

  it('turns an engine error mid-stream into an error part', async () => {
    const engine: ChatEngine = {
      chat: {
        completions: {
          async create() {
            return (async function* () {
              yield chunk({ content: 'partial' });
              throw new Error('GPU device lost');
            })();
          },
        },
      },
    };
    const parts = await collect((await fromChatEngine(engine).doStream({ prompt })).stream);
    const error = parts.find((p): p is Extract<LanguageModelV4StreamPart, { type: 'error' }> => p.type === 'error');
    expect(error?.error).toBeInstanceOf(Error);
    expect((error?.error as Error | undefined)?.message).toBe('GPU device lost');
  });
});

describe('fromChatEngine: abort', () => {
  it('passes the abort signal to the engine and stops an engine that ignores it', async () => {
    const controller = new AbortController();
    let produced = 0;
    const seen: Array<AbortSignal | undefined> = [];
    const endless: ChatEngine = {
      chat: {
        completions: {
          async create(_request, options) {
            seen.push(options?.signal);
            return (async function* () {
              for (;;) {
                produced++;
                yield chunk({ content: 'x' });
              }
            })();
          },
        },
      },
    };
    const { stream } = await fromChatEngine(endless).doStream({ prompt, abortSignal: controller.signal });
    const reader = stream.getReader();
    await reader.read(); // stream-start
    await reader.read(); // response-metadata
    await reader.read(); // text-start
    controller.abort(new Error('user pressed stop'));
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow('user pressed stop');
    expect(seen[0]).toBe(controller.signal);
    const after = produced;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(produced).toBe(after);
    expect(produced).toBeLessThan(10);
  });

  it('rejects before calling the engine when the signal is already aborted', async () => {
    const { engine, requests } = recordingEngine([], completion);
    const controller = new AbortController();
    controller.abort();
    await expect(fromChatEngine(engine).doGenerate({ prompt, abortSignal: controller.signal })).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('fromChatEngine with the openai SDK client', () => {
  function fakeOpenAiFetch(bodies: unknown[], signals: Array<AbortSignal | null | undefined>) {
    return async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      signals.push(init?.signal);
      if (!body.stream) return Response.json(completion);
      const events = [
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'Sun' }),
        chunk({ content: 'ny.' }),
        chunk({}, 'stop'),
      ]
        .map((c) => `data: ${JSON.stringify(c)}\n\n`)
        .join('');
      return new Response(`${events}data: [DONE]\n\n`, { headers: { 'content-type': 'text/event-stream' } });
    };
  }

  it('generates and streams through a real client pointed at a fake fetch', async () => {
    const bodies: unknown[] = [];
    const signals: Array<AbortSignal | null | undefined> = [];
    const client = new OpenAI({
      apiKey: 'test',
      baseURL: 'http://fake.local/v1',
      fetch: fakeOpenAiFetch(bodies, signals),
      // Lets the same test run in the Chromium matrix; the key is not a real one.
      dangerouslyAllowBrowser: true,
    });
    const model = fromChatEngine(client, { modelId: 'gpt-tiny' });

    const generated = await model.doGenerate({ prompt, tools: [functionTool('get_weather', { type: 'object' })] });
    expect(generated.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    expect(bodies[0]).toMatchObject({ model: 'gpt-tiny', stream: false });
    expect(bodies[0]).not.toHaveProperty('tools');

    const controller = new AbortController();
    const parts = await collect((await model.doStream({ prompt, abortSignal: controller.signal })).stream);
    const text = parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
    expect(text).toBe('Sunny.');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
    expect(bodies[1]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    // The SDK hands fetch its own signal, linked to ours.
    expect(signals[1]).toBeInstanceOf(AbortSignal);
  });
});
