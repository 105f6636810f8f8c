/**
 * A reasoning model used for a plain chat turn (no tools, or tool choice
 * `none`) gets the same reasoning parts as with tools: the format's thinking
 * markup is still read, its end-of-turn tokens dropped, and nothing becomes a
 * call. Fed whole, one character at a time and at random splits.
 */
import { describe, expect, it } from 'vitest';
import { defineProtocol } from '../protocols/define-protocol.ts';
import { chunkings, functionTool, type RunOptions, streamParts, summarize } from '../test/harness.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';
import { gemma4ToolMiddleware, harmonyToolMiddleware, hermesToolMiddleware, mistralToolMiddleware } from './presets.ts';

const weather = functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } });

const cases = [
  { name: 'Qwen3 <think>', middleware: hermesToolMiddleware, text: '<think>hmm</think>Hello<|im_end|>' },
  { name: 'Magistral [THINK]', middleware: mistralToolMiddleware, text: '[THINK]hmm[/THINK]Hello</s>' },
  { name: 'Gemma 4 thought channel', middleware: gemma4ToolMiddleware, text: '<|channel>thought\nhmm<channel|>Hello' },
  {
    name: 'Harmony analysis, then final',
    middleware: harmonyToolMiddleware,
    text: '<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|channel|>final<|message|>Hello<|return|>',
  },
];

describe('thinking is read without tools and under tool choice none', () => {
  for (const { name, middleware, text } of cases) {
    const runs: Array<[string, RunOptions]> = [
      ['no tools', { middleware, tools: [] }],
      ['tool choice none', { middleware, tools: [weather], toolChoice: { type: 'none' } }],
    ];
    for (const [label, options] of runs) {
      it(`${name}: ${label}`, async () => {
        for (const { chunks } of chunkings(text)) {
          const summary = summarize(await streamParts(options, chunks));
          expect(summary.reasoning).toBe('hmm');
          expect(summary.text).toBe('Hello');
          expect(summary.calls).toEqual([]);
        }
      });
    }
  }

  it('makes no call of a call the model writes anyway, and keeps its text', async () => {
    const text = '<think>hmm</think><tool_call>\n{"name": "get_weather", "arguments": {}}\n</tool_call>';
    const options = { middleware: hermesToolMiddleware, tools: [weather], toolChoice: { type: 'none' as const } };
    for (const { chunks } of chunkings(text)) {
      const summary = summarize(await streamParts(options, chunks));
      expect(summary.calls).toEqual([]);
      expect(summary.reasoning).toBe('hmm');
      expect(summary.text).toBe('<tool_call>\n{"name": "get_weather", "arguments": {}}\n</tool_call>');
    }
  });

  it('passes a custom protocol’s text through untouched', async () => {
    const middleware = createToolMiddleware({ protocol: customProtocol() });
    const summary = summarize(await streamParts({ middleware, tools: [] }, ['<think>hmm</think>Hello']));
    expect(summary.text).toBe('<think>hmm</think>Hello');
    expect(summary.reasoning).toBe('');
  });
});

/** A protocol of the user's own: it has no built-in triggers, so nothing is read without tools. */
function customProtocol() {
  return defineProtocol({
    name: 'custom',
    formatTools: () => '',
    formatToolCall: () => '',
    formatToolResponse: () => '',
    createParser: () => ({ feed() {}, flush() {} }),
  });
}
