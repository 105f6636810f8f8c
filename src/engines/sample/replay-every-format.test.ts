/**
 * The scripted replay engine speaks every registry format: told its format,
 * it writes calls with that protocol's own renderer, and toolshim parses them
 * back with the same protocol. It answers every part of the demo's example
 * prompts, and never sends an argument the tool does not declare.
 */
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { FORMATS } from '../../protocols/registry.ts';
import { fromChatEngine } from '../chat-engine.ts';
import { createReplayEngine } from './replay-engine.ts';
import { replayProtocol, thinkingWriter } from './replay-protocol.ts';

const weather: Record<string, number> = { seoul: 18, tokyo: 21, paris: 14 };
const saved: string[] = [];
const tools = {
  // Only `city`: the scripts used to add a `unit` the tool did not declare.
  get_weather: tool({
    description: 'Current weather for a city.',
    inputSchema: jsonSchema<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    }),
    execute: async ({ city }) => ({ city, temperature: weather[city.toLowerCase()] ?? 19, conditions: 'clear' }),
  }),
  calculator: tool({
    description: 'Evaluate an arithmetic expression.',
    inputSchema: jsonSchema<{ expression: string }>({
      type: 'object',
      properties: { expression: { type: 'string' } },
      required: ['expression'],
      additionalProperties: false,
    }),
    execute: async ({ expression }) => ({ expression, result: expression === '23 * 7 + 4' ? 165 : Number.NaN }),
  }),
  add_note: tool({
    description: 'Save a note.',
    inputSchema: jsonSchema<{ text: string }>({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    }),
    execute: async ({ text }) => {
      saved.push(text);
      return { saved: true, count: saved.length };
    },
  }),
};

async function run(format: string, prompt: string) {
  const entry = FORMATS.find((f) => f.name === format);
  if (!entry) throw new Error(format);
  const errors: string[] = [];
  const model = wrapLanguageModel({
    model: fromChatEngine(createReplayEngine({ format })),
    middleware: createToolMiddleware({ protocol: entry.create(), onError: (_m, meta) => errors.push(meta.code) }),
  });
  const result = await generateText({ model, prompt, tools, stopWhen: stepCountIs(4) });
  const calls = result.steps.flatMap((step) => step.toolCalls.map((c) => ({ toolName: c.toolName, input: c.input })));
  const reasoning = result.steps.map((step) => step.reasoningText ?? '').join('');
  return { calls, text: result.text, errors, steps: result.steps.length, reasoning };
}

describe.each(FORMATS.map((f) => f.name))('the replay engine writing %s', (format) => {
  it('weather: one call with only the declared argument, then an answer from its result', async () => {
    const { calls, text } = await run(format, "What's the weather in Seoul?");
    expect(calls).toEqual([{ toolName: 'get_weather', input: { city: 'Seoul' } }]);
    expect(text).toMatch(/18/);
  });

  it('parallel calls: both cities, both in the answer', async () => {
    const { calls, text } = await run(format, 'Compare the weather in Seoul and Tokyo');
    expect(calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Seoul' } },
      { toolName: 'get_weather', input: { city: 'Tokyo' } },
    ]);
    expect(text).toMatch(/Seoul[\s\S]*Tokyo/);
  });

  it('multi-step: the weather, then a note made from it', async () => {
    const { calls } = await run(format, 'Check the weather in Paris and save it as a note');
    expect(calls.map((c) => c.toolName)).toEqual(['get_weather', 'add_note']);
    expect(calls[1]?.input).toEqual({ text: expect.stringContaining('Paris') });
  });

  it('calculator: the whole expression, and the result in the answer', async () => {
    const { calls, text } = await run(format, 'What is 23 * 7 + 4?');
    expect(calls).toEqual([{ toolName: 'calculator', input: { expression: '23 * 7 + 4' } }]);
    expect(text).toMatch(/165/);
  });

  it('a malformed call: no call, its text kept, onError says why', async () => {
    const { calls, text, errors } = await run(format, 'Show me a malformed tool call');
    expect(calls).toEqual([]);
    expect(text).toMatch(/Se/);
    expect(errors.length).toBeGreaterThan(0);
  });
});

/** Formats whose family thinks in marked blocks (their triggers read them as reasoning). */
const THINKING_FORMATS = FORMATS.map((f) => f.name).filter(
  (name) => thinkingWriter(replayProtocol(name)) !== undefined,
);

it('the thinking formats are the families with thinking markers', () => {
  expect(THINKING_FORMATS).toEqual(
    expect.arrayContaining(['hermes', 'qwen3-coder', 'mistral', 'harmony', 'gemma4', 'auto']),
  );
});

describe.each(THINKING_FORMATS)('the replay engine thinking in %s', (format) => {
  it('the thinking is reasoning, the call drafted in it is not run, the real call is', async () => {
    const { calls, reasoning, text } = await run(format, "Think first: what's the weather in Seoul?");
    expect(reasoning).toMatch(/A draft: get_weather/);
    expect(text).not.toMatch(/A draft/);
    expect(calls).toEqual([{ toolName: 'get_weather', input: { city: 'Seoul' } }]);
  });
});

it('an unknown format is refused with the list of names', () => {
  expect(() => createReplayEngine({ format: 'constructor' })).toThrow(/unknown format\. Use one of: hermes, .*auto/);
});
