import type { LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider-v3';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai-v6';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai-v6/test';
import { describe, expect, it } from 'vitest';
import * as main from '../index.ts';
import { toV3Middleware, toV3StreamPart } from './adapt.ts';
import * as v3 from './index.ts';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 9, text: 9, reasoning: 0 },
};
const hermesText =
  'Checking.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Seoul", "days": "2"}}</tool_call>';

function v3Model(text: string) {
  const chunks = Array.from(text);
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: convertArrayToReadableStream<LanguageModelV3StreamPart>([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...chunks.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    }),
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

const tools = {
  get_weather: tool({
    description: 'Weather for a city',
    inputSchema: jsonSchema<{ city: string; days?: number }>({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    }),
  }),
};

describe('toolshim/v3 (AI SDK 6)', () => {
  it('has a V3 twin for createToolMiddleware and every preset of the main entry', () => {
    const presets = Object.keys(main).filter(
      (name) => name.endsWith('ToolMiddleware') && name !== 'createToolMiddleware',
    );
    expect(presets.length).toBeGreaterThan(0);
    for (const name of [...presets, 'createToolMiddleware']) {
      expect(Object.keys(v3), `toolshim/v3 lacks ${name}: run npm run sync`).toContain(name);
    }
    for (const name of presets) {
      expect((v3 as unknown as Record<string, { specificationVersion: string }>)[name]?.specificationVersion).toBe(
        'v3',
      );
    }
    // The V4-free exports (protocols, coercion) come along, so AI SDK 6 apps need only toolshim/v3.
    for (const name of Object.keys(main).filter((n) => n.endsWith('Protocol') || n.startsWith('coerce'))) {
      expect(Object.keys(v3), `toolshim/v3 lacks ${name}: run npm run sync`).toContain(name);
    }
    const custom = v3.createToolMiddleware({ protocol: main.hermesProtocol() });
    expect(custom.specificationVersion).toBe('v3');
  });

  it('streamText of ai@6 gets a parsed, schema-coerced tool call', async () => {
    const model = wrapLanguageModel({ model: v3Model(hermesText), middleware: v3.hermesToolMiddleware });
    const result = streamText({ model, tools, prompt: 'Weather in Seoul?' });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ toolName: 'get_weather', input: { city: 'Seoul', days: 2 } });
    expect((await result.text).trim()).toBe('Checking.');
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('generateText of ai@6 gets the same call', async () => {
    const model = wrapLanguageModel({ model: v3Model(hermesText), middleware: v3.hermesToolMiddleware });
    const result = await generateText({ model, tools, prompt: 'Weather in Seoul?' });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['get_weather', { city: 'Seoul', days: 2 }],
    ]);
    expect(result.text.trim()).toBe('Checking.');
  });

  it('drops the V4-only inputEncoding from tool-input-start and leaves other parts alone', () => {
    const start: LanguageModelV4StreamPart = {
      type: 'tool-input-start',
      id: 'c1',
      toolName: 'x',
      inputEncoding: 'json',
    };
    expect(toV3StreamPart(start)).toEqual({ type: 'tool-input-start', id: 'c1', toolName: 'x' });
    const delta: LanguageModelV4StreamPart = { type: 'tool-input-delta', id: 'c1', delta: '{}' };
    expect(toV3StreamPart(delta)).toBe(delta);
  });

  it('no inputEncoding reaches ai@6 even when a V4 middleware emits it', async () => {
    const encodes: LanguageModelV4Middleware = {
      specificationVersion: 'v4',
      wrapStream: async () => ({
        stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
          { type: 'tool-input-start', id: 'c1', toolName: 'get_weather', inputEncoding: 'json' },
          { type: 'tool-input-delta', id: 'c1', delta: '{"city":"Oslo"}' },
          { type: 'tool-input-end', id: 'c1' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Oslo"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'stop' }, usage },
        ]),
      }),
    };
    const model = wrapLanguageModel({ model: v3Model(''), middleware: toV3Middleware(encodes) });
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    const parts: LanguageModelV3StreamPart[] = [];
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
    expect(parts.map((part) => part.type)).toContain('tool-input-start');
    expect(parts.filter((part) => 'inputEncoding' in part)).toEqual([]);
  });
});
