/**
 * Grouping of `tool-input-delta`s (coalesceToolInput): through
 * wrapLanguageModel in every chunking, the deltas still join to the input,
 * the first ones go out at once, and a big argument goes out in a number of
 * deltas that grows with the logarithm of its size. The time rule is
 * checked on the coalescer itself with a hand-driven clock.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware, hermesProtocol } from '../index.ts';
import { chunkings, functionTool, randomChunks, streamParts } from '../test/harness.ts';
import { createDeltaCoalescer, DEFAULT_COALESCING, resolveCoalescing } from './delta-coalescer.ts';

const tools = [
  functionTool('write_file', {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
  }),
];

function callText(size: number): { text: string; content: string } {
  const content = Array.from({ length: size }, (_, i) => 'abcdefghij\n"'[i % 12]).join('');
  return {
    text: `<tool_call>{"name": "write_file", "arguments": {"path": "a.txt", "content": ${JSON.stringify(content)}}}</tool_call>`,
    content,
  };
}

const deltasOf = (parts: LanguageModelV4StreamPart[]) =>
  parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));

describe('coalesceToolInput', () => {
  const grouped = createToolMiddleware({ protocol: hermesProtocol() });
  const ungrouped = createToolMiddleware({ protocol: hermesProtocol(), coalesceToolInput: false });

  it.each(chunkings(callText(20_000).text))(
    '$name: the deltas join to the input',
    async ({ chunks }) => {
      const parts = await streamParts({ middleware: grouped, tools }, chunks);
      const call = parts.find((p) => p.type === 'tool-call');
      expect(call?.type === 'tool-call' && JSON.parse(call.input).content).toBe(callText(20_000).content);
      expect(deltasOf(parts).join('')).toBe(call?.type === 'tool-call' ? call.input : undefined);
    },
    30_000,
  );

  it('a big argument in 4-character chunks goes out in a few dozen deltas, each a growing share', async () => {
    const { text } = callText(80_000);
    const chunks = text.match(/[\s\S]{1,4}/g) ?? [];
    // No time rule here (a slow machine would add deltas): only the size rule is measured.
    const sizeOnly = createToolMiddleware({
      protocol: hermesProtocol(),
      coalesceToolInput: { maxDelayMs: Number.POSITIVE_INFINITY },
    });
    const few = deltasOf(await streamParts({ middleware: sizeOnly, tools }, chunks));
    const many = deltasOf(await streamParts({ middleware: ungrouped, tools }, chunks));
    expect(many.length).toBeGreaterThan(15_000);
    // Piece by piece up to 1 KB (at most 256 chunks), then about log(80 KB / 1 KB) / log(1.25) = 20 more.
    expect(few.length).toBeLessThan(300);
    let sent = 0;
    for (const [i, delta] of few.entries()) {
      // After the first KB every delta but the last is at least a quarter of what went before.
      if (sent >= 1024 && i < few.length - 1) expect(delta.length).toBeGreaterThanOrEqual(sent * 0.25);
      sent += delta.length;
    }
    expect(few.join('')).toBe(many.join(''));
  }, 30_000);

  it('a short call streams exactly as without grouping', async () => {
    const text = '<tool_call>{"name": "write_file", "arguments": {"path": "a.txt", "content": "hi"}}</tool_call>';
    for (const chunks of [Array.from(text), randomChunks(text, 7)]) {
      const a = deltasOf(await streamParts({ middleware: grouped, tools }, chunks));
      const b = deltasOf(await streamParts({ middleware: ungrouped, tools }, chunks));
      expect(a).toEqual(b);
    }
  });

  it('the first piece goes out before the model sends the next chunk', async () => {
    const { text } = callText(50_000);
    const chunks = text.match(/[\s\S]{1,4}/g) ?? [];
    const parts = await streamParts({ middleware: grouped, tools }, chunks);
    const start = parts.findIndex((p) => p.type === 'tool-input-start');
    expect(parts[start + 1]?.type).toBe('tool-input-delta');
  });

  it('rejects settings that would never send', () => {
    expect(() => createToolMiddleware({ protocol: hermesProtocol(), coalesceToolInput: { ratio: 0 } })).toThrow(
      /ratio > 0/,
    );
    expect(resolveCoalescing(undefined)).toEqual(DEFAULT_COALESCING);
    expect(resolveCoalescing({ ratio: 1 })).toEqual({ ...DEFAULT_COALESCING, ratio: 1 });
    expect(resolveCoalescing(false)).toBeUndefined();
  });
});

describe('the coalescer with a clock', () => {
  it('held text goes out once maxDelayMs passed since the last delta, whatever its size', () => {
    let now = 0;
    const sent: string[] = [];
    const coalescer = createDeltaCoalescer(
      { immediateChars: 4, ratio: 10, maxDelayMs: 100 },
      (_id, delta) => sent.push(delta),
      () => now,
    );
    coalescer.push('c1', 'abcd');
    coalescer.push('c1', 'e');
    now = 50;
    coalescer.push('c1', 'f');
    expect(sent).toEqual(['abcd']);
    now = 120;
    coalescer.push('c1', 'g');
    expect(sent).toEqual(['abcd', 'efg']);
    coalescer.push('c1', 'h');
    coalescer.flush();
    expect(sent).toEqual(['abcd', 'efg', 'h']);
  });

  it('a new call flushes what the last one held', () => {
    const sent: Array<[string, string]> = [];
    const coalescer = createDeltaCoalescer(
      { immediateChars: 0, ratio: 100, maxDelayMs: 1e9 },
      (id, delta) => sent.push([id, delta]),
      () => 0,
    );
    coalescer.push('c1', 'ab');
    coalescer.push('c1', 'cd');
    coalescer.push('c2', 'x');
    expect(sent).toEqual([
      ['c1', 'ab'],
      ['c1', 'cd'],
      ['c2', 'x'],
    ]);
  });
});
