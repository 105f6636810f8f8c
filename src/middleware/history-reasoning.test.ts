/**
 * Thinking in earlier assistant turns, written back as each family's chat
 * template writes it (the expected strings follow the templates named beside
 * each case; llama.cpp keeps them under models/templates/). The templates
 * that keep thinking keep it only for the turns after the last user message
 * (the current tool loop); the others drop it.
 */
import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { protocolByName } from '../protocols/registry.ts';
import { functionTool, mockModel } from '../test/harness.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';

const weather = functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } });
const thought = '\nThe user wants Paris; the tool gives live weather.\n';

function loop(text?: string): LanguageModelV4Prompt {
  const content: Extract<LanguageModelV4Message, { role: 'assistant' }>['content'] = [
    { type: 'reasoning', text: thought },
    ...(text ? [{ type: 'text' as const, text }] : []),
    { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } },
  ];
  return [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    { role: 'assistant', content },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', output: { type: 'json', value: { c: 14 } } },
      ],
    },
  ];
}

/** The text of the assistant turn the inner model received. */
async function assistantText(format: string, prompt: LanguageModelV4Prompt, at = 1): Promise<string> {
  const inner = mockModel(['ok']);
  const model = wrapLanguageModel({
    model: inner,
    middleware: createToolMiddleware({ protocol: protocolByName(format) }),
  });
  await model.doGenerate({ prompt, tools: [weather] });
  const assistant = (inner.doGenerateCalls[0]?.prompt ?? []).filter((m) => m.role === 'assistant')[at - 1];
  const parts = assistant?.content as Array<{ type: string; text?: string }>;
  expect(parts.every((p) => p.type === 'text')).toBe(true);
  return parts.map((p) => p.text).join('');
}

const call = (format: string) =>
  protocolByName(format).formatToolCall({ toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } });
/** MiniMax-M2's template writes '\n' before a turn's calls block even when the turn has no text. */
const lead = (format: string) => (format === 'minimax-m2' ? '\n' : '');
const reasoning = thought.replace(/^\n+|\n+$/g, '');

describe('thinking in the current tool loop is written as the template writes it', () => {
  it("hermes (Qwen3: '<think>\\n' + r.strip('\\n') + '\\n</think>\\n\\n' + content, then '\\n' + each call)", async () => {
    expect(await assistantText('hermes', loop())).toBe(`<think>\n${reasoning}\n</think>\n\n${call('hermes')}`);
    expect(await assistantText('hermes', loop('Checking.'))).toBe(
      `<think>\n${reasoning}\n</think>\n\nChecking.\n${call('hermes')}`,
    );
    expect(call('hermes')).toBe('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>');
  });

  it('auto with the Hermes prompt writes history as hermes does', async () => {
    expect(await assistantText('auto', loop())).toBe(await assistantText('hermes', loop()));
  });

  it("glm (GLM-4.6: '<think>' + r.strip() + '</think>', then '\\n' + content and calls)", async () => {
    expect(await assistantText('glm', loop())).toBe(`<think>${thought.trim()}</think>\n${call('glm')}`);
  });

  it("minimax-m2 (MiniMax-M2: '<think>\\n' + r + '\\n</think>\\n\\n', interleaved thinking)", async () => {
    expect(await assistantText('minimax-m2', loop())).toBe(
      `<think>\n${thought}\n</think>\n\n${lead('minimax-m2')}${call('minimax-m2')}`,
    );
  });

  it.each(['mistral', 'deepseek', 'llama3-json', 'kimi-k2', 'pythonic'])(
    '%s: the template drops earlier thinking, and so does toolshim',
    async (format) => {
      expect(await assistantText(format, loop())).toBe(call(format));
    },
  );
});

describe('thinking before the last user message is dropped (Qwen3, GLM-4.6 and MiniMax-M2 alike)', () => {
  it.each(['hermes', 'glm', 'minimax-m2'])('%s', async (format) => {
    const prompt: LanguageModelV4Prompt = [
      ...loop(),
      { role: 'assistant', content: [{ type: 'text', text: 'It is 14°C.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
    ];
    expect(await assistantText(format, prompt)).toBe(lead(format) + call(format));
  });
});
