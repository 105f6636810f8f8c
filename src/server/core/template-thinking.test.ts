/**
 * The proxy reads an answer from inside the thinking block its template
 * opened, per model and request (FormatEntry.templateOpensThinking): DeepSeek-R1
 * always (its generation prompt ends with `<think>\n`), V3.1 only when the
 * request turns thinking on. A scripted upstream answers with the raw text a
 * server without a reasoning parser returns; one that took the thinking out
 * itself (`reasoning_content`) gets its answer kept as the answer.
 */
import { describe, expect, it } from 'vitest';
import { findFormat } from '../../protocols/registry.ts';
import { chunk, proxyOver, readSse, sseResponse, textChunks } from '../test/fake-upstream.ts';

const R1_TEXT =
  'The user wants Oslo.\n</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Oslo"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
const tools = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

async function ask(
  model: string,
  text: string,
  body: Record<string, unknown> = {},
  reasoningFirst = false,
  protocol = 'deepseek',
) {
  const frames = textChunks(text, 7);
  if (reasoningFirst) frames.splice(1, 0, chunk({ reasoning_content: 'Server-side thinking.' }));
  const { handler } = proxyOver(() => sseResponse(frames), { protocol, modelId: model }, { model });
  const request = new Request('http://proxy.test/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'Weather?' }], tools, ...body }),
  });
  const events = (await readSse(await handler(request))) as Array<{
    choices: Array<{ delta: { content?: string; reasoning_content?: string; tool_calls?: unknown[] } }>;
  }>;
  const join = (key: 'content' | 'reasoning_content') => events.map((e) => e.choices?.[0]?.delta?.[key] ?? '').join('');
  const calls = events.flatMap((e) => e.choices?.[0]?.delta?.tool_calls ?? []);
  return { content: join('content'), reasoning: join('reasoning_content'), calls };
}

describe('the thinking block a template opened, through the proxy', () => {
  it('DeepSeek-R1: the thinking before </think> is reasoning, the call a call', async () => {
    const out = await ask('deepseek-r1:7b', R1_TEXT);
    expect(out.reasoning.trim()).toBe('The user wants Oslo.');
    expect(out.content.trim()).toBe('');
    expect(out.calls).toHaveLength(1);
  });

  it('DeepSeek V3.1 without thinking: read as it stands, so its lone </think> stays text', async () => {
    const out = await ask('deepseek-v3.1', R1_TEXT);
    expect(out.reasoning).toBe('');
    expect(out.content).toContain('The user wants Oslo.\n</think>');
  });

  it('DeepSeek V3.1 with reasoning_effort: read from inside the block', async () => {
    const out = await ask('deepseek-v3.1', R1_TEXT, { reasoning_effort: 'high' });
    expect(out.reasoning.trim()).toBe('The user wants Oslo.');
    expect(out.calls).toHaveLength(1);
  });

  it('MiniMax-M2, whose template always opens the block', async () => {
    const text =
      'Need Oslo.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</minimax:tool_call>';
    const out = await ask('MiniMaxAI/MiniMax-M2', text, {}, false, 'minimax-m2');
    expect(out.reasoning.trim()).toBe('Need Oslo.');
    expect(out.calls).toHaveLength(1);
  });

  it('Qwen3 Thinking-2507, whose template always opens the block; the hybrid Qwen3 does not', async () => {
    const text =
      'Need Oslo.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>';
    const thinking = await ask('Qwen/Qwen3-4B-Thinking-2507', text, {}, false, 'hermes');
    expect(thinking.reasoning.trim()).toBe('Need Oslo.');
    expect(thinking.calls).toHaveLength(1);
    const hybrid = await ask('qwen3:8b', text, {}, false, 'hermes');
    expect(hybrid.reasoning).toBe('');
    expect(hybrid.content).toContain('Need Oslo.\n</think>');
  });

  it('an upstream that took the thinking out itself keeps its answer an answer', async () => {
    const out = await ask('deepseek-r1:7b', 'It is sunny in Oslo.', {}, true);
    expect(out.reasoning).toBe('Server-side thinking.');
    expect(out.content).toBe('It is sunny in Oslo.');
  });
});

describe("which models' templates open the block, by the format's declaration", () => {
  it("hermes: Qwen3's thinking-only models, not the hybrid ones", () => {
    const opens = findFormat('hermes')?.templateOpensThinking;
    for (const model of [
      'Qwen/Qwen3-4B-Thinking-2507',
      'qwen3:30b-a3b-thinking-2507-q4_K_M',
      'Qwen/Qwen3-Next-80B-A3B-Thinking',
      'Qwen/Qwen3-VL-8B-Thinking',
    ]) {
      expect(opens?.(model, undefined), model).toBe(true);
    }
    for (const model of [
      'Qwen/Qwen3-8B',
      'qwen3:8b',
      'Qwen/Qwen3-4B-Instruct-2507',
      'NousResearch/Hermes-3-Llama-3.1-8B',
    ]) {
      expect(opens?.(model, true), model).toBe(false);
    }
  });
});
