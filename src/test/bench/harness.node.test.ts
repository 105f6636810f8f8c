/**
 * Keeps the benchmark harness honest without timing anything: the workloads
 * contain the calls they claim, the harness drives the middleware to the
 * right answer, the checks catch a wrong answer, and the latency pass
 * attributes output to the chunk that caused it.
 */
import { setImmediate } from 'node:timers';
import { describe, expect, it } from 'vitest';
import {
  createToolMiddleware,
  hermesProtocol,
  hermesToolMiddleware,
  morphXmlToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../../index.ts';
import { middlewareImplementation, passThrough, runOnce, timeCap } from './drive.bench.ts';
import { checkResult, measureLatency } from './measure.bench.ts';
import { bigArgumentWorkload, Format, formats, proseWithCallsWorkload, proseWorkload } from './workloads.bench.ts';

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
const toolshim = middlewareImplementation('toolshim', hermesToolMiddleware);
const presets = {
  [Format.Hermes]: toolshim,
  [Format.MorphXml]: middlewareImplementation('toolshim', morphXmlToolMiddleware),
  [Format.Qwen3Coder]: middlewareImplementation('toolshim', qwen3CoderToolMiddleware),
};

describe('benchmark workloads', () => {
  it.each(formats)('%s: a big argument sits in the text exactly once, where the workload says', (format) => {
    const workload = bigArgumentWorkload(format, 2048);
    const text = workload.chunks.join('');
    expect(text.length).toBe(workload.textLength);
    expect(workload.chunks.every((c, i) => c.length === 4 || i === workload.chunks.length - 1)).toBe(true);
    const written = text.slice(workload.contentStart, workload.contentEnd);
    const expected =
      format === Format.Hermes
        ? JSON.stringify(workload.expectedContent).slice(1, -1)
        : (workload.expectedContent as string);
    expect(written).toBe(expected);
  });

  it.each(formats)('%s: prose with calls has one call span per expected call', (format) => {
    const workload = proseWithCallsWorkload(format, 5000);
    const text = workload.chunks.join('');
    expect(workload.callSpans).toHaveLength(workload.expectedCalls);
    for (const [start, end] of workload.callSpans ?? []) {
      expect(text.slice(start, end)).toContain('get_weather');
    }
    expect(workload.expectedCalls).toBeGreaterThan(5);
  });
});

describe('benchmark harness (tiny sizes)', () => {
  it.each(formats)('%s: finds the one big call and its whole argument', async (format) => {
    const workload = bigArgumentWorkload(format, 3000);
    const result = await runOnce(presets[format], workload.chunks);
    expect(result.toolCalls).toHaveLength(1);
    expect(checkResult(workload, result)).toBeUndefined();
  });

  it.each(formats)('%s: finds every small call in prose', async (format) => {
    const workload = proseWithCallsWorkload(format, 8000);
    const result = await runOnce(presets[format], workload.chunks);
    expect(result.toolCalls.map((c) => c.toolName)).toEqual(Array(workload.expectedCalls).fill('get_weather'));
    expect(checkResult(workload, result)).toBeUndefined();
  });

  it('the check catches a lost argument byte', async () => {
    const workload = bigArgumentWorkload(Format.Hermes, 3000);
    const result = await runOnce(toolshim, workload.chunks);
    const call = result.toolCalls[0] as { toolName: string; input: string };
    const input = JSON.parse(call.input) as { path: string; content: string };
    const truncated = {
      ...result,
      toolCalls: [{ ...call, input: JSON.stringify({ ...input, content: input.content.slice(1) }) }],
    };
    expect(checkResult(workload, truncated)).toMatch(/content argument differs/);
  });

  it('the pass-through floor passes every part and finds no calls, which the check reports', async () => {
    const workload = proseWithCallsWorkload(Format.Hermes, 2000);
    const result = await runOnce(passThrough, workload.chunks);
    expect(result.textLength).toBe(workload.textLength);
    expect(result.parts).toBe(workload.chunks.length + 4);
    expect(checkResult(workload, result)).toBe(`found 0 tool calls, expected ${workload.expectedCalls}`);
  });

  it('the latency pass sees toolshim stream the argument and prose without delay', async () => {
    // The parser's latency: deltas ungrouped, as stream.bench.ts measures it.
    const parser = middlewareImplementation(
      'toolshim',
      createToolMiddleware({ protocol: hermesProtocol(), coalesceToolInput: false }),
    );
    const argument = await measureLatency(parser, bigArgumentWorkload(Format.Hermes, 1000), nextMacrotask);
    expect(argument).toMatchObject({ calls: 1, firstDeltaLag: 0, silentArgumentChunks: 0 });
    const prose = await measureLatency(toolshim, proseWithCallsWorkload(Format.Hermes, 3000), nextMacrotask);
    expect(prose).toMatchObject({ firstTextChunk: 0, silentProseChunks: 0 });
    expect(prose.proseChunks).toBeGreaterThan(100);
  });

  it('the latency pass reports a lag when the output only comes at the end', async () => {
    // Buffers everything and lets it out on flush: the worst case the metric must catch.
    const buffering = {
      name: 'buffering',
      async open(provider: () => ReadableStream<import('@ai-sdk/provider').LanguageModelV4StreamPart>) {
        const held: import('@ai-sdk/provider').LanguageModelV4StreamPart[] = [];
        return provider().pipeThrough(
          new TransformStream({
            transform(part) {
              held.push(part);
            },
            flush(controller) {
              for (const part of held) controller.enqueue(part);
            },
          }),
        );
      },
    };
    const workload = proseWorkload(Format.Hermes, 400);
    const latency = await measureLatency(buffering, workload, nextMacrotask);
    expect(latency.firstTextChunk).toBe(workload.chunks.length);
    expect(latency.silentProseChunks).toBe(latency.proseChunks);
  });

  it('the time cap stops a run and marks it stopped', async () => {
    const workload = proseWorkload(Format.Hermes, 8000);
    const result = await runOnce(passThrough, workload.chunks, timeCap(-1));
    expect(result.stopped).toBe(true);
    expect(checkResult(workload, result)).toBeUndefined();
  });
});
