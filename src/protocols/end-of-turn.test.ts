/**
 * End-of-turn tokens an engine leaves at the end of the text are removed by
 * the family's preset and by auto; anywhere else they are text. The tokens
 * are those the official chat templates end an assistant turn with (ChatML
 * `<|im_end|>`, Llama 3 `<|eot_id|>`, Gemma `<end_of_turn>`, Gemma 4
 * `<turn|>`, Phi-4 `<|end|>`, gpt-oss `<|return|>`, Mistral `</s>`, DeepSeek
 * `<｜end▁of▁sentence｜>`, MiniMax-M2 `[e~[`).
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, streamParts, summarize } from '../test/harness.ts';
import { fixtureTools } from '../test/protocol-fixtures.ts';
import { autoProtocol } from './auto/auto.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { findFormat } from './registry.ts';

const cases: Array<{ preset: string; text: string; prose: string; calls?: number }> = [
  { preset: 'hermes', text: 'It is sunny.<|im_end|>', prose: 'It is sunny.' },
  { preset: 'hermes', text: 'It is sunny.<|im_end|>\n<|endoftext|>\n', prose: 'It is sunny.' },
  {
    preset: 'hermes',
    text: '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call><|im_end|>',
    prose: '',
    calls: 1,
  },
  { preset: 'llama3-json', text: 'It is sunny.<|eot_id|>', prose: 'It is sunny.' },
  {
    preset: 'llama3-json',
    text: '{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|>',
    prose: '',
    calls: 1,
  },
  { preset: 'gemma', text: 'It is sunny.<end_of_turn>', prose: 'It is sunny.' },
  { preset: 'function-gemma', text: 'It is sunny.<end_of_turn>\n', prose: 'It is sunny.' },
  { preset: 'gemma4', text: 'It is sunny.<turn|>', prose: 'It is sunny.' },
  { preset: 'phi4-mini', text: 'It is sunny.<|end|>', prose: 'It is sunny.' },
  { preset: 'harmony', text: '<|channel|>final<|message|>It is sunny.<|return|>', prose: 'It is sunny.' },
  { preset: 'mistral', text: 'It is sunny.</s>', prose: 'It is sunny.' },
  { preset: 'deepseek', text: 'It is sunny.<｜end▁of▁sentence｜>', prose: 'It is sunny.' },
  { preset: 'minimax-m2', text: 'It is sunny.[e~[', prose: 'It is sunny.' },
  { preset: 'kimi-k2', text: 'It is sunny.<|im_end|>', prose: 'It is sunny.' },
  { preset: 'qwen3-coder', text: 'It is sunny.<|im_end|>', prose: 'It is sunny.' },
  { preset: 'pythonic', text: '[get_weather(city="Oslo")]<|eot|>', prose: '', calls: 1 },
  // Not at the end: the token is text (the answer went on), and so is HTML that looks like Mistral's.
  { preset: 'hermes', text: 'Before<|im_end|>after', prose: 'Before<|im_end|>after' },
  { preset: 'mistral', text: 'Use <s>old</s> markup.', prose: 'Use <s>old</s> markup.' },
];

describe('end-of-turn tokens at the end of the text are removed', () => {
  for (const c of cases) {
    it(`${c.preset}: ${JSON.stringify(c.text)}`, async () => {
      for (const protocol of [findFormat(c.preset)?.create() as ToolCallProtocol, autoProtocol()]) {
        for (const { name, chunks } of chunkings(c.text)) {
          const errors: string[] = [];
          const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
          const summary = summarize(await streamParts({ middleware, tools: fixtureTools }, chunks));
          const at = `${protocol.name}, ${name}`;
          expect(summary.text, at).toBe(c.prose);
          expect(summary.calls.length, at).toBe(c.calls ?? 0);
          expect(errors, at).toEqual([]);
        }
      }
    });
  }
});
