/**
 * The replay scripts the Next.js app (demo/next) shows: a big argument
 * ("write a 300 KB file"), Qwen3's thinking switch, and a note the user
 * denied. Through fromChatEngine, the Hermes middleware and streamText.
 */
import { generateText, jsonSchema, type ModelMessage, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware } from '../../index.ts';
import { fromChatEngine } from '../chat-engine.ts';
import { createReplayEngine } from './replay-engine.ts';
import { sampleCode } from './replay-scripts.ts';

const model = () =>
  wrapLanguageModel({ model: fromChatEngine(createReplayEngine()), middleware: hermesToolMiddleware });

const writeFile = tool({
  inputSchema: jsonSchema<{ path: string; content: string }>({
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  }),
  execute: async ({ path, content }) => ({ path, characters: content.length }),
});

const weather = tool({
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
  execute: async ({ city }) => ({ city, temperature: 20, unit: 'celsius', conditions: 'sunny' }),
});

describe('replay scripts of the Next.js app', () => {
  it('writes a file of the size asked for in one call, then reports it', async () => {
    const result = await generateText({
      model: model(),
      prompt: 'Write a 300 KB file',
      tools: { write_file: writeFile },
      stopWhen: stepCountIs(3),
    });
    const call = result.steps[0]?.toolCalls[0];
    expect(call?.toolName).toBe('write_file');
    expect(call?.input).toEqual({ path: 'big.js', content: sampleCode(300 * 1024) });
    expect(result.text).toBe('Wrote big.js (307,200 characters).');
  });

  it('the sample code has the characters a file write escapes', () => {
    const code = sampleCode(1000);
    expect(code).toHaveLength(1000);
    expect(code).toMatch(/"[^"]*\\n#\d+"/);
  });

  it("Qwen3's switch: reasoning 'high' makes the model think, 'none' stops it even when asked to", async () => {
    const on = await generateText({
      model: model(),
      prompt: 'What is the weather in Seoul?',
      tools: { get_weather: weather },
      reasoning: 'high',
    });
    expect(on.reasoningText).toContain('A draft: get_weather');
    const off = await generateText({
      model: model(),
      prompt: 'Think first: what is the weather in Seoul?',
      tools: { get_weather: weather },
      reasoning: 'none',
    });
    expect(off.reasoningText).toBeUndefined();
    expect(off.toolCalls.map((c) => c.toolName)).toEqual(['get_weather']);
  });

  it('a denied note is reported as not saved', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Remember to buy milk' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'add_note', input: { text: 'buy milk' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'add_note',
            output: { type: 'execution-denied', reason: 'the user said no' },
          },
        ],
      },
    ];
    const result = await generateText({
      model: model(),
      messages,
      tools: { add_note: tool({ inputSchema: jsonSchema<{ text: string }>({ type: 'object' }) }) },
    });
    expect(result.text).toBe('I did not save the note: The tool call was denied: the user said no');
  });
});
