import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  gemmaToolMiddleware,
  hermesToolMiddleware,
  morphXmlToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../../index.ts';
import type { ChatCompletionChunk, ChatCompletionRequest } from '../../wire/types.ts';
import { fromChatEngine } from '../chat-engine.ts';
import { createReplayEngine, replayText, tokenize } from './replay-engine.ts';

const notes: string[] = [];
const tools = {
  get_weather: tool({
    description: 'Current weather for a city',
    inputSchema: jsonSchema<{ city: string; unit?: 'celsius' | 'fahrenheit' }>({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    }),
    execute: async ({ city }) => ({
      city,
      temperature: city === 'Tokyo' ? 22 : 18,
      unit: 'celsius',
      conditions: 'partly cloudy',
    }),
  }),
  calculator: tool({
    description: 'Evaluate an arithmetic expression',
    inputSchema: jsonSchema<{ expression: string }>({
      type: 'object',
      properties: { expression: { type: 'string' } },
      required: ['expression'],
    }),
    execute: async () => ({ result: 161 }),
  }),
  add_note: tool({
    description: 'Save a note',
    inputSchema: jsonSchema<{ text: string }>({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    }),
    execute: async ({ text }) => {
      notes.push(text);
      return { saved: true, count: notes.length };
    },
  }),
};

const middlewares = {
  hermes: hermesToolMiddleware,
  gemma: gemmaToolMiddleware,
  xml: morphXmlToolMiddleware,
  qwen3coder: qwen3CoderToolMiddleware,
};

function replayModel(middleware = hermesToolMiddleware) {
  return wrapLanguageModel({ model: fromChatEngine(createReplayEngine(), { modelId: 'replay' }), middleware });
}

async function streamedText(request: ChatCompletionRequest): Promise<string> {
  const result = await createReplayEngine().chat.completions.create({ ...request, stream: true });
  let text = '';
  for await (const c of result as AsyncIterable<ChatCompletionChunk>) text += c.choices[0]?.delta.content ?? '';
  return text;
}

describe('replay engine', () => {
  it('is deterministic: the same request streams the same tokens', async () => {
    const request: ChatCompletionRequest = {
      messages: [
        {
          role: 'system',
          content: 'Tools:\n{"type":"function","function":{"name":"get_weather"}}\nUse <tool_call></tool_call>.',
        },
        { role: 'user', content: 'Weather in Paris and Tokyo?' },
      ],
    };
    const a = await streamedText(request);
    const b = await streamedText(request);
    expect(a).toBe(b);
    expect(a).toContain('"city": "Paris"');
    expect(a).toContain('"city": "Tokyo"');
    expect(tokenize(a).join('')).toBe(a);
  });

  it('writes each format the system prompt teaches', () => {
    const user = { role: 'user' as const, content: 'What is the weather in Seoul?' };
    const list = '{"type":"function","function":{"name":"get_weather","parameters":{}}}';
    const prompt = (system: string) => replayText({ messages: [{ role: 'system', content: system }, user] });
    expect(prompt(`${list}\nCall between <tool_call> and </tool_call>.`)).toBe(
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul", "unit": "celsius"}}\n</tool_call>',
    );
    expect(prompt(`${list}\nUse a \`\`\`tool_call block.`)).toContain('```tool_call\n{"name": "get_weather"');
    expect(prompt(`${list}\nAnswer like <get_weather><city>…</city></get_weather>.`)).toBe(
      '<get_weather>\n<city>Seoul</city>\n<unit>celsius</unit>\n</get_weather>',
    );
    expect(
      prompt(`${list}\n<tool_call>\n<function=example>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>`),
    ).toBe(
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nSeoul\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
    );
    expect(prompt('You are helpful.')).not.toContain('get_weather');
  });

  it('stops between tokens when the signal aborts', async () => {
    const controller = new AbortController();
    const engine = createReplayEngine({ delayMs: 5 });
    const stream = (await engine.chat.completions.create(
      { stream: true, messages: [{ role: 'user', content: 'hello there, tell me something long' }] },
      { signal: controller.signal },
    )) as AsyncIterable<ChatCompletionChunk>;
    let seen = 0;
    await expect(
      (async () => {
        for await (const _ of stream) {
          seen++;
          if (seen === 3) controller.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(seen).toBe(3);
  });

  it('reads tool results sent as OpenAI tool messages, also when JSON-encoded twice', () => {
    const system = '{"type":"function","function":{"name":"get_weather"}}\nUse <tool_call></tool_call>.';
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{"city":"Seoul"}' },
    };
    const weather = { city: 'Seoul', temperature: 18, unit: 'celsius', conditions: 'partly cloudy' };
    for (const content of [
      JSON.stringify(weather),
      JSON.stringify({ name: 'get_weather', result: JSON.stringify(weather) }),
    ]) {
      const text = replayText({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: 'Weather in Seoul?' },
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: 'c1', content },
        ],
      });
      expect(text).toBe('It is 18°C and partly cloudy in Seoul.');
    }
  });

  it('answers without a call when the tool a request needs is not offered', () => {
    const system = '{"type":"function","function":{"name":"calculator"}}\nUse <tool_call></tool_call>.';
    const text = replayText({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'Weather in Paris?' },
      ],
    });
    expect(text).toBe(
      "I can't check live weather right now, so I can't tell you the current conditions in Paris. A weather app or website will have the latest forecast.",
    );
  });

  it('honours max_tokens with finish_reason length', async () => {
    const completion = await createReplayEngine().chat.completions.create({
      max_tokens: 3,
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(completion).toMatchObject({ choices: [{ finish_reason: 'length' }], usage: { completion_tokens: 3 } });
  });
});

describe.each(Object.entries(middlewares))('replay engine with the %s middleware', (_name, middleware) => {
  it('completes a call → result → final answer conversation through streamText', async () => {
    const deltas: string[] = [];
    const result = streamText({
      model: replayModel(middleware),
      tools,
      stopWhen: stepCountIs(4),
      prompt: 'What is the weather in Tokyo?',
    });
    const types: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'tool-input-delta') deltas.push(part.delta);
    }
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['get_weather', { city: 'Tokyo', unit: 'celsius' }],
    ]);
    expect(JSON.parse(deltas.join(''))).toEqual({ city: 'Tokyo', unit: 'celsius' });
    expect(deltas.length).toBeGreaterThan(1); // arguments streamed progressively
    expect(types.indexOf('tool-input-start')).toBeLessThan(types.indexOf('tool-call'));
    expect(await result.text).toBe('It is 22°C and partly cloudy in Tokyo.');
  });

  it('makes parallel calls and answers from both results', async () => {
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      stopWhen: stepCountIs(4),
      prompt: 'Weather in Seoul and Tokyo?',
    });
    expect(result.steps[0]?.toolCalls.map((c) => c.input)).toEqual([
      { city: 'Seoul', unit: 'celsius' },
      { city: 'Tokyo', unit: 'celsius' },
    ]);
    expect(result.text).toBe('It is 18°C and partly cloudy in Seoul. It is 22°C and partly cloudy in Tokyo.');
  });

  it('runs a three-step script: weather, then a note built from the result, then an answer', async () => {
    notes.length = 0;
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'Check the weather in Seoul and save it as a note',
    });
    expect(result.steps.map((s) => s.toolCalls.map((c) => c.toolName))).toEqual([['get_weather'], ['add_note'], []]);
    expect(notes).toEqual(['It is 18°C and partly cloudy in Seoul']);
    expect(result.text).toContain('saved a note');
  });

  it('keeps a malformed call as text and reports it through onError', async () => {
    const errors: string[] = [];
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      prompt: 'Show me a malformed call',
      // The per-call hook (ToolCallMiddlewareProviderOptions); functions are not JSON, hence the cast.
      providerOptions: { toolCallMiddleware: { onError: (message: string) => errors.push(message) } } as never,
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toContain('Seoul');
    expect(result.text).toContain('get_weather');
    expect(errors.join('\n')).toMatch(/malformed/i);
  });

  it('makes no call with tool choice none', async () => {
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      toolChoice: 'none',
      prompt: 'Weather in Seoul?',
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toContain("can't check live weather");
  });

  it('answers a forced tool with that tool', async () => {
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      toolChoice: { type: 'tool', toolName: 'calculator' },
      prompt: 'What is 23 * 7?',
    });
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['calculator', { expression: '23 * 7' }]]);
  });

  it('answers a request no tool fits in words under required; toolshim and the AI SDK both say no call came', async () => {
    const errors: string[] = [];
    const result = streamText({
      model: replayModel(middleware),
      tools,
      toolChoice: 'required',
      prompt: 'Tell me a joke',
      providerOptions: { toolCallMiddleware: { onError: (message: string) => errors.push(message) } } as never,
      onError: () => {},
    });
    let text = '';
    const failures: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'tool-call') failures.push(`unexpected call ${part.toolName}`);
      if (part.type === 'error') failures.push((part.error as Error).name);
    }
    expect(text).toContain('replay mode');
    expect(text).not.toContain('Seoul');
    expect(errors).toEqual([
      'toolChoice "required" asked for a tool call, but the model answered without one; its text was kept.',
    ]);
    expect(failures).toEqual(['AI_ToolChoiceViolationError']);
  });

  it('plays a request in parts in turn: "… Then add 2 and 40" makes the weather call, then the sum', async () => {
    const result = await generateText({
      model: replayModel(middleware),
      tools,
      stopWhen: stepCountIs(5),
      prompt: "What's the weather in Tokyo? Then add 2 and 40",
    });
    expect(result.steps.map((s) => s.toolCalls.map((c) => [c.toolName, c.input]))).toEqual([
      [['get_weather', { city: 'Tokyo', unit: 'celsius' }]],
      [['calculator', { expression: '2 + 40' }]],
      [],
    ]);
    // Each part is answered: the weather as the sum is started, the sum at the end (the test tool returns 161).
    expect(result.steps[1]?.text).toContain('It is 22°C and partly cloudy in Tokyo.');
    expect(result.text).toBe('2 + 40 = 161.');
  });
});
