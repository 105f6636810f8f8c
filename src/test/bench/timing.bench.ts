/**
 * Timed runs of one workload: the floor, toolshim and (where it can finish)
 * the reference, alternating, after a warm-up, GC before each run.
 */
import { type Implementation, type ProviderHooks, type RunResult, runOnce, timeCap } from './drive.bench.ts';
import { checkResult } from './measure.bench.ts';
import { canCollectGarbage, collectGarbage, cpuMs, heapUsed } from './node-host.bench.ts';
import { Shape, type Workload } from './workloads.bench.ts';

export interface ImplementationResult {
  runs: number[];
  /** Median wall-clock time. */
  medianMs?: number;
  /** Median CPU time of the process (all threads): less sensitive to other processes on a shared machine. */
  medianCpuMs?: number;
  /**
   * toolshim only: the median over repetitions of (toolshim / floor) within the same repetition.
   * The two run back to back, so load from other processes mostly cancels out.
   */
  pairedFloorRatio?: number;
  pairedFloorCpuRatio?: number;
  /** MB (2^20 bytes of model text) per second at the median. */
  mbPerSecond?: number;
  calls?: number;
  /** Argument workloads: peak live heap during the run minus before it (see heapRun). */
  peakHeapDeltaMB?: number;
  /** Median time to the first text-delta, when the workload has text. */
  firstTextMs?: number;
  /** Why it was not run or not finished. */
  skipped?: string;
  stoppedAfterMs?: number;
}

export interface WorkloadResult {
  workload: string;
  format: string;
  shape: string;
  size: number;
  textLength: number;
  chunks: number;
  expectedCalls: number;
  implementations: Record<string, ImplementationResult>;
  failures: string[];
}

export interface WorkloadPlan {
  floor: Implementation;
  ours: Implementation;
  theirs: Implementation | undefined;
  /** The reference's median on the previous size of this shape. */
  previous: { size: number; ms: number } | undefined;
  capMs: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** More runs where runs are short and noisy. */
function repetitions(textLength: number): number {
  if (textLength <= 20_000) return 15;
  if (textLength <= 200_000) return 7;
  return 3;
}

interface Sample {
  result: RunResult;
  cpuMs: number;
}

async function timedRun(implementation: Implementation, chunks: string[], capMs?: number): Promise<Sample> {
  // No forced GC here: on Node 24 a full GC before each run made the next run slower
  // (10 KB floor: median 12 ms with it, 9 ms without), so GC cost stays part of each run.
  const hooks: ProviderHooks | undefined = capMs === undefined ? undefined : timeCap(capMs);
  const cpuBefore = cpuMs();
  const result = await runOnce(implementation, chunks, hooks);
  return { result, cpuMs: cpuMs() - cpuBefore };
}

/**
 * Peak live heap during a run, in a separate untimed run: a full GC every
 * 8192 chunks, then the heap in use, minus the heap after a GC before the run.
 * It shows what the implementation keeps (buffers, parts), not transient garbage.
 */
async function heapRun(implementation: Implementation, chunks: string[]): Promise<number | undefined> {
  if (!canCollectGarbage()) return undefined;
  collectGarbage();
  const base = heapUsed();
  let peak = base;
  const hooks: ProviderHooks = {
    onChunk(index) {
      if ((index & 8191) === 0 || index === chunks.length) {
        collectGarbage();
        peak = Math.max(peak, heapUsed());
      }
      return undefined;
    },
  };
  await runOnce(implementation, chunks, hooks);
  return (peak - base) / 1024 / 1024;
}

export async function runWorkload(workload: Workload, plan: WorkloadPlan): Promise<WorkloadResult> {
  const failures: string[] = [];
  const implementations: Record<string, ImplementationResult> = {};
  const samples = new Map<string, Sample[]>();
  const reps = repetitions(workload.textLength);

  // The reference re-scans as its buffer grows, so predict its time from the last size (assuming
  // quadratic growth, the pessimistic case) and run it only where it can finish under the cap.
  let theirs = plan.theirs;
  let theirsReps = reps;
  if (theirs !== undefined && plan.previous !== undefined) {
    const predicted = plan.previous.ms * (workload.size / plan.previous.size) ** 2;
    if (predicted > 10 * plan.capMs) {
      implementations[theirs.name] = {
        runs: [],
        skipped: `not run: predicted ~${Math.round(predicted / 60_000)} min from ${Math.round(plan.previous.ms)} ms at ${plan.previous.size / 1024} KB`,
      };
      theirs = undefined;
    } else if (predicted > 3_000) theirsReps = 1;
  }

  const lineup = [plan.floor, plan.ours, ...(theirs ? [theirs] : [])];

  /** One run, checked (warm-ups too: a wrong answer is a failure wherever it shows), kept if it counts. */
  async function run(implementation: Implementation, counts: boolean): Promise<Sample> {
    const sample = await timedRun(implementation, workload.chunks, implementation === theirs ? plan.capMs : undefined);
    if (implementation !== plan.floor) {
      const problem = checkResult(workload, sample.result);
      if (problem !== undefined && !failures.some((f) => f.startsWith(`${implementation.name} `))) {
        failures.push(`${implementation.name} ${workload.name}: ${problem}`);
      }
    }
    if (counts) keep(implementation, sample);
    return sample;
  }

  function keep(implementation: Implementation, sample: Sample): void {
    samples.set(implementation.name, [...(samples.get(implementation.name) ?? []), sample]);
  }

  // Warm-up (not counted): lets the JIT settle on each implementation's code for this input.
  // The 1 MB workloads come after smaller ones of the same code, so they skip it (it would cost ~10 s a format).
  const warmUp = workload.textLength <= 200_000;
  for (const implementation of lineup) {
    if (implementation !== theirs) {
      if (warmUp) await run(implementation, false);
      continue;
    }
    if (theirsReps === 1) continue;
    // The reference always gets a first run, to size its repetitions. Where one run takes longer
    // than 200 ms, JIT warm-up is noise, so that run counts: 3 runs in all, or 1 if it took over 3 s.
    const first = await run(implementation, false);
    if (first.result.stopped || first.result.ms > 200) {
      keep(implementation, first);
      theirsReps = first.result.stopped || first.result.ms > 3_000 ? 0 : Math.min(reps, 3) - 1;
    }
  }
  for (let rep = 0; rep < reps; rep++) {
    // Rotate the order so no implementation always runs right after the same other one.
    const order = lineup.map((_, i) => lineup[(i + rep) % lineup.length] as Implementation);
    for (const implementation of order) {
      if (implementation === theirs && rep >= theirsReps) continue;
      await run(implementation, true);
    }
  }

  for (const [name, list] of samples) {
    const stopped = list.find((s) => s.result.stopped);
    if (stopped) {
      implementations[name] = { runs: [], stoppedAfterMs: plan.capMs, skipped: `stopped after ${plan.capMs / 1000} s` };
      continue;
    }
    const runs = list.map((s) => s.result.ms);
    const medianMs = median(runs);
    const firstText = list.map((s) => s.result.firstTextMs).filter((x): x is number => x !== undefined);
    implementations[name] = {
      runs: runs.map((ms) => Math.round(ms * 100) / 100),
      medianMs,
      medianCpuMs: median(list.map((s) => s.cpuMs)),
      mbPerSecond: workload.textLength / 1024 / 1024 / (medianMs / 1000),
      calls: list[0]?.result.toolCalls.length ?? 0,
      ...(firstText.length > 0 ? { firstTextMs: median(firstText) } : {}),
    };
  }
  const floorSamples = samples.get(plan.floor.name) ?? [];
  const ourSamples = samples.get(plan.ours.name) ?? [];
  const ours = implementations[plan.ours.name];
  if (ours !== undefined && floorSamples.length === ourSamples.length && ourSamples.length > 0) {
    ours.pairedFloorRatio = median(ourSamples.map((s, i) => s.result.ms / (floorSamples[i] as Sample).result.ms));
    ours.pairedFloorCpuRatio = median(ourSamples.map((s, i) => s.cpuMs / (floorSamples[i] as Sample).cpuMs));
  }
  if (workload.shape === Shape.BigArgument) {
    for (const implementation of lineup) {
      const result = implementations[implementation.name];
      // The reference runs again only where that is quick.
      if (result?.medianMs === undefined || (implementation === theirs && result.medianMs > 3_000)) continue;
      const peak = await heapRun(implementation, workload.chunks);
      if (peak !== undefined) result.peakHeapDeltaMB = peak;
    }
  }
  return {
    workload: workload.name,
    format: workload.format,
    shape: workload.shape,
    size: workload.size,
    textLength: workload.textLength,
    chunks: workload.chunks.length,
    expectedCalls: workload.expectedCalls,
    implementations,
    failures,
  };
}
