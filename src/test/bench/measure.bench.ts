/**
 * What the benchmark checks besides time: that the calls found are right,
 * and how many chunks late the output is (measured in a separate, untimed
 * pass that lets each chunk settle before the next one is sent).
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { type Implementation, type RunResult, runOnce } from './drive.bench.ts';
import { CHUNK_SIZE, Format, Shape, type Workload } from './workloads.bench.ts';

/** Why the run's output is wrong, or undefined when it is right. A wrong count is a failure, not a number. */
export function checkResult(workload: Workload, result: RunResult): string | undefined {
  if (result.stopped) return undefined; // reported as stopped, not checked
  const found = result.toolCalls.length;
  if (found !== workload.expectedCalls) return `found ${found} tool calls, expected ${workload.expectedCalls}`;
  if (workload.expectedContent !== undefined) {
    const call = result.toolCalls[0];
    let content: unknown;
    try {
      content = (JSON.parse(call?.input ?? '') as { content?: unknown }).content;
    } catch {
      return `the tool-call input is not JSON: ${(call?.input ?? '').slice(0, 80)}`;
    }
    // XML formats put the value on its own lines; both packages may trim that newline.
    const expected = workload.format === Format.Hermes ? workload.expectedContent : workload.expectedContent.trim();
    const got = typeof content === 'string' && workload.format !== Format.Hermes ? content.trim() : content;
    if (got !== expected) {
      const length = typeof content === 'string' ? content.length : typeof content;
      return `the content argument differs from what was streamed (${length} vs ${expected.length} characters)`;
    }
  }
  return undefined;
}

export interface Latency {
  /** Argument workloads: chunks from the first byte of the value to the first tool-input-delta carrying it. */
  firstDeltaLag?: number;
  /** Argument workloads: chunks inside the value after which no tool-input-delta went out. */
  silentArgumentChunks?: number;
  argumentChunks?: number;
  /** Chunk index of the first text-delta. */
  firstTextChunk?: number;
  /** Prose workloads: chunks of pure prose (outside any call) after which no text-delta went out. */
  silentProseChunks?: number;
  proseChunks?: number;
  calls: number;
}

/** Matches the start of the big value in the deltas of either package, with or without a leading newline. */
const contentStarted = /"content"\s*:\s*"(\\n)?f/;

/**
 * Sends one chunk per macrotask turn, so all stream work a chunk causes is
 * done (and read) before the next chunk goes in; every part out is then
 * attributed to the chunk that caused it.
 */
export async function measureLatency(
  implementation: Implementation,
  workload: Workload,
  nextMacrotask: () => Promise<void>,
): Promise<Latency> {
  const n = workload.chunks.length;
  let current = -1;
  const deltaChunks = new Uint8Array(n + 1);
  const textChunks = new Uint8Array(n + 1);
  let deltas = '';
  let contentChunk: number | undefined;
  const onPart = (part: LanguageModelV4StreamPart) => {
    if (part.type === 'tool-input-delta') {
      deltaChunks[current] = 1;
      if (contentChunk === undefined) {
        deltas += part.delta;
        if (contentStarted.test(deltas)) contentChunk = current;
      }
    } else if (part.type === 'text-delta') {
      textChunks[current] = 1;
    }
  };
  const hooks = {
    onChunk: async (index: number) => {
      await nextMacrotask();
      current = index;
    },
  };
  const result = await runOnce(implementation, workload.chunks, hooks, onPart);
  const latency: Latency = { calls: result.toolCalls.length };

  const firstText = textChunks.indexOf(1);
  if (firstText >= 0) latency.firstTextChunk = firstText;

  if (workload.contentStart !== undefined && workload.contentEnd !== undefined) {
    const first = Math.floor(workload.contentStart / CHUNK_SIZE);
    const last = Math.floor((workload.contentEnd - 1) / CHUNK_SIZE);
    latency.firstDeltaLag = Math.max(0, (contentChunk ?? n) - first);
    let silent = 0;
    for (let i = first; i <= last; i++) if (deltaChunks[i] === 0) silent++;
    latency.silentArgumentChunks = silent;
    latency.argumentChunks = last - first + 1;
  }

  if (workload.shape !== Shape.BigArgument) {
    const spans = workload.callSpans ?? [];
    let span = 0;
    let prose = 0;
    let silent = 0;
    for (let i = 0; i < n; i++) {
      const from = i * CHUNK_SIZE;
      const to = from + (workload.chunks[i] as string).length;
      while (span < spans.length && (spans[span] as [number, number])[1] <= from) span++;
      const overlapsCall = span < spans.length && (spans[span] as [number, number])[0] < to;
      if (overlapsCall || (workload.chunks[i] as string).trim() === '') continue;
      prose++;
      if (textChunks[i] === 0) silent++;
    }
    latency.proseChunks = prose;
    latency.silentProseChunks = silent;
  }
  return latency;
}
