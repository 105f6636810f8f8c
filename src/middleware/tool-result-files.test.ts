/**
 * Images and files in tool results: a placeholder for text-only models (the
 * default), or attached to the user turn for models that read them.
 */
import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware, hermesProtocol, type ToolshimErrorMetadata } from '../index.ts';
import { messageText, scriptedModel } from '../test/scripted-model.ts';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const screenshot = tool({
  description: 'Takes a screenshot of a page.',
  inputSchema: jsonSchema<{ url: string }>({ type: 'object', properties: { url: { type: 'string' } } }),
  execute: async () => PNG,
  toModelOutput: ({ output }) => ({
    type: 'content',
    value: [
      { type: 'text', text: 'Screenshot taken.' },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: output as string } },
    ],
  }),
});

const call = '<tool_call>{"name": "screenshot", "arguments": {"url": "https://example.com"}}</tool_call>';

async function secondTurn(toolResultFiles?: 'placeholder' | 'attach') {
  const { model, calls } = scriptedModel([call, 'It shows a blank page.']);
  const reports: ToolshimErrorMetadata[] = [];
  const middleware = createToolMiddleware({
    protocol: hermesProtocol(),
    onError: (_message, metadata) => reports.push(metadata),
    ...(toolResultFiles ? { toolResultFiles } : {}),
  });
  const result = streamText({
    model: wrapLanguageModel({ model, middleware }),
    prompt: 'What does example.com look like?',
    tools: { screenshot },
    stopWhen: stepCountIs(2),
  });
  expect(await result.text).toBe('It shows a blank page.');
  const last = calls[1]?.prompt.at(-1) as LanguageModelV4Message;
  return { last, reports };
}

describe('files in tool results', () => {
  it('default: the model reads a placeholder, and onError hears of it', async () => {
    const { last, reports } = await secondTurn();
    expect(last.role).toBe('user');
    expect((last.content as Array<{ type: string }>).map((p) => p.type)).toEqual(['text']);
    expect(messageText(last)).toContain('[file: image/png]');
    expect(reports).toEqual([expect.objectContaining({ code: 'unsupported-prompt-part', text: '[file: image/png]' })]);
  });

  it('attach: the image follows the result in the same user turn, as a file part', async () => {
    const { last, reports } = await secondTurn('attach');
    expect(last.role).toBe('user');
    const parts = last.content as Array<{ type: string; mediaType?: string; data?: unknown }>;
    expect(parts.map((p) => p.type)).toEqual(['text', 'file']);
    expect(messageText(last)).toContain('<tool_response>');
    expect(parts[1]).toMatchObject({ type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } });
    expect(reports).toEqual([]);
  });

  it('a wrong value is refused when the middleware is made', () => {
    expect(() =>
      createToolMiddleware({ protocol: hermesProtocol(), toolResultFiles: 'inline' as unknown as 'attach' }),
    ).toThrow(/toolResultFiles.*'placeholder' or 'attach'/);
  });
});
