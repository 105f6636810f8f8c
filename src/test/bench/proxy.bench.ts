/**
 * `npm run bench:proxy`: what the proxy itself costs per request, emulated
 * against native, for a small request and an agent-sized one
 * (proxy-load.ts), with an upstream stub inside the isolate.
 *
 * - workerd: the bench Worker (proxy-worker.ts, bundled with esbuild as
 *   worker/e2e/heap.ts bundles the shipped one) under miniflare, nothing in
 *   between but miniflare's entry worker. CPU is the workerd process's own,
 *   from /proc (every thread's `schedstat`, nanoseconds) read around each
 *   request of a sequential pass, so it carries GC and workerd's HTTP work
 *   as a deployed Worker's CPU time does; `floor` is a request the Worker
 *   answers at once. Throughput: 10 keep-alive connections, fixed count.
 * - Node: the same handlers called in-process; CPU per request from
 *   process.cpuUsage around each call (the response read to its end).
 *
 * Modes alternate round by round; medians of the rounds' means. Loopback
 * only, bounded loops. `-- --quick` runs a short pass and writes nothing;
 * `-- --rounds N` runs N rounds instead of 3;
 * `-- --node-only` skips workerd (for `node --cpu-prof`);
 * `-- --profile emulated-agent` (any mode-size case) profiles that case in
 * workerd instead and prints where the isolate's time goes (proxy-profile.ts).
 */
import http from 'node:http';
import { writeResults } from '../results-file.ts';
import { argv, loadAverage, machine, writeJson } from './node-host.bench.ts';
import { BENCH_HEADER, BENCH_REQUESTS, type BenchMode, type BenchSize, benchCase, benchHandler } from './proxy-load.ts';
import { profileCase } from './proxy-profile.ts';
import { httpRequester, isolateCpuMs, processCpuMs, startBenchWorker, workerdPid } from './proxy-workerd.ts';

const args = argv();
const profileAt = args.indexOf('--profile');
if (profileAt >= 0) {
  await profileCase(args[profileAt + 1] ?? 'emulated-agent', 400);
  process.exit(0);
}
const quick = args.includes('--quick');
const nodeOnly = args.includes('--node-only');
const workerdOnly = args.includes('--workerd-only');
/** `-- --rounds N`: more rounds for steadier medians on a noisy machine (the default 3 takes about a minute). */
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Math.max(1, Number(args[roundsAt + 1]) || 3) : quick ? 1 : 3;
/** Requests per mode and round: the sequential CPU pass, then the throughput pass. */
const COUNTS: Record<BenchSize, { cpu: number; load: number }> = quick
  ? { small: { cpu: 100, load: 200 }, agent: { cpu: 50, load: 100 } }
  : { small: { cpu: 300, load: 1000 }, agent: { cpu: 150, load: 400 } };
const CONNECTIONS = 10;
const MODES: BenchMode[] = ['emulated', 'native'];
const SIZES: BenchSize[] = ['small', 'agent'];

interface Pass {
  /** CPU per request, ms: mean, median, 99th percentile (sequential pass). */
  mean: number;
  p50: number;
  p99: number;
  /** workerd only: the isolate thread's CPU per request, 99th percentile (isolateCpuMs). */
  isolateP99?: number;
  /** Requests per second with CONNECTIONS at a time. */
  rps: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

function summarize(perRequestMs: number[], rps: number): Pass {
  const sorted = [...perRequestMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return { mean, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), rps };
}

function checkAnswer(size: BenchSize, text: string): void {
  const { done, call } = BENCH_REQUESTS[size];
  if (!text.includes(done) || !text.includes(call)) throw new Error(`${size}: unexpected answer: ${text.slice(-400)}`);
}

async function runPasses(
  size: BenchSize,
  once: () => Promise<void>,
  cpuMs: () => number,
  isolateMs?: () => number,
): Promise<Pass> {
  const { cpu, load } = COUNTS[size];
  const perRequest: number[] = [];
  const perRequestIsolate: number[] = [];
  for (let i = 0; i < cpu; i++) {
    const before = cpuMs();
    const isolateBefore = isolateMs?.() ?? 0;
    await once();
    perRequest.push(cpuMs() - before);
    if (isolateMs) perRequestIsolate.push(isolateMs() - isolateBefore);
  }
  let started = 0;
  const from = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (started < load) {
        started++;
        await once();
      }
    }),
  );
  const rps = load / ((performance.now() - from) / 1000);
  const pass = summarize(perRequest, rps);
  if (isolateMs)
    pass.isolateP99 = quantile(
      perRequestIsolate.sort((a, b) => a - b),
      0.99,
    );
  return pass;
}

/** Rounds of every (size, mode), modes alternating; each cell the median of its rounds. */
async function measure(
  host: string,
  requester: (mode: BenchMode, size: BenchSize) => () => Promise<void>,
  cpuMs: () => number,
  isolateMs?: () => number,
): Promise<Map<string, Pass>> {
  const rounds = new Map<string, Pass[]>();
  for (const size of SIZES) {
    for (const mode of MODES) {
      const once = requester(mode, size);
      for (let i = 0; i < 30; i++) await once(); // warm-up: JIT, first-call caches
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? MODES : [...MODES].reverse();
      for (const mode of order) {
        const pass = await runPasses(size, requester(mode, size), cpuMs, isolateMs);
        const key = benchCase(mode, size);
        rounds.set(key, [...(rounds.get(key) ?? []), pass]);
        console.log(
          `${host} ${key} round ${round + 1}: ${pass.mean.toFixed(2)} ms CPU/req (p99 ${pass.p99.toFixed(2)}), ${pass.rps.toFixed(0)} req/s`,
        );
      }
    }
  }
  const result = new Map<string, Pass>();
  for (const [key, passes] of rounds) {
    result.set(key, {
      mean: median(passes.map((p) => p.mean)),
      p50: median(passes.map((p) => p.p50)),
      p99: median(passes.map((p) => p.p99)),
      ...(isolateMs ? { isolateP99: median(passes.map((p) => p.isolateP99 ?? 0)) } : {}),
      rps: median(passes.map((p) => p.rps)),
    });
  }
  return result;
}

// ---- Node, in-process ----

function nodeCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function nodeRequester(mode: BenchMode, size: BenchSize): () => Promise<void> {
  const handler = cachedHandler(mode, size);
  const { path, headers, body } = BENCH_REQUESTS[size];
  return async () => {
    const response = await handler(
      new Request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }),
    );
    checkAnswer(size, await response.text());
  };
}

const handlers = new Map<string, ReturnType<typeof benchHandler>>();
function cachedHandler(mode: BenchMode, size: BenchSize) {
  const key = benchCase(mode, size);
  let handler = handlers.get(key);
  if (handler === undefined) {
    handler = benchHandler(mode, size);
    handlers.set(key, handler);
  }
  return handler;
}

// ---- the run ----

const loadAtStart = loadAverage();
const started = performance.now();
let workerd: Map<string, Pass> | undefined;
let floor: Pass | undefined;
if (!nodeOnly) {
  const worker = await startBenchWorker();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const send = httpRequester(worker.base, agent);
    const pid = workerdPid();
    const cpuMs = processCpuMs(pid);
    const isolateMs = isolateCpuMs(pid);
    const requester = (mode: BenchMode, size: BenchSize) => {
      const { path, headers, body } = BENCH_REQUESTS[size];
      const all = { 'content-type': 'application/json', [BENCH_HEADER]: benchCase(mode, size), ...headers };
      return async () => checkAnswer(size, await send(path, 'POST', all, body));
    };
    const floorOnce = async () => {
      await send('/floor', 'GET', {}, '');
    };
    for (let i = 0; i < 30; i++) await floorOnce();
    floor = await runPasses('small', floorOnce, cpuMs, isolateMs);
    workerd = await measure('workerd', requester, cpuMs, isolateMs);
  } finally {
    agent.destroy();
    await worker.stop();
  }
}
const node = workerdOnly ? new Map<string, Pass>() : await measure('node', nodeRequester, nodeCpuMs);

// ---- the table ----

const ms = (value: number) => `${value.toFixed(2)} ms`;
const rows: string[] = [];
const verdicts: string[] = [];
for (const size of SIZES) {
  const bytes = `${(BENCH_REQUESTS[size].body.length / 1024).toFixed(1)} KB`;
  for (const mode of MODES) {
    const key = benchCase(mode, size);
    const w = workerd?.get(key);
    const n = node.get(key);
    const workerdCells = w
      ? [ms(w.mean), ms(w.p50), ms(w.p99), ms(w.isolateP99 ?? 0), w.rps.toFixed(0)]
      : ['–', '–', '–', '–', '–'];
    const nodeCells = n ? [ms(n.mean), ms(n.p99), n.rps.toFixed(0)] : ['–', '–', '–'];
    rows.push(`| ${size} (${bytes}) | ${mode} | ${workerdCells.join(' | ')} | ${nodeCells.join(' | ')} |`);
  }
  const ratios = (hostName: string, cells: Map<string, Pass> | undefined) => {
    const e = cells?.get(benchCase('emulated', size));
    const v = cells?.get(benchCase('native', size));
    if (e === undefined || v === undefined) return;
    const cpu = e.mean / v.mean;
    const rps = e.rps / v.rps;
    const p99 =
      size === 'agent' && hostName === 'workerd'
        ? `, emulated p99 ${ms(e.isolateP99 ?? 0)} on the isolate thread (target < 10 ms; ${ms(e.p99)} with V8's helper threads)`
        : '';
    verdicts.push(
      `- ${size}, ${hostName}: emulated/native CPU ${cpu.toFixed(2)}x (target <= 1.3x), throughput ${rps.toFixed(2)}x (target >= 0.8x)${p99}.`,
    );
  };
  ratios('workerd', workerd);
  ratios('Node', node);
}
const table = [
  `CPU per request (sequential; workerd: the process's CPU, every thread, GC and HTTP included; "isolate p99": the thread that runs the Worker's JavaScript alone, the time Cloudflare's CPU limit counts) and requests per second (${CONNECTIONS} connections), upstream stubbed inside the isolate. ${ROUNDS} rounds, medians.`,
  '',
  '| request | mode | workerd CPU/req | p50 | p99 | isolate p99 | workerd req/s | Node CPU/req | Node p99 | Node req/s |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  ...(floor
    ? [
        `| floor (GET, answered at once) | – | ${ms(floor.mean)} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${ms(floor.isolateP99 ?? 0)} | ${floor.rps.toFixed(0)} | – | – | – |`,
      ]
    : []),
  '',
  ...verdicts,
  '',
  `Load average ${loadAtStart.toFixed(2)} at start, ${loadAverage().toFixed(2)} at end; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
].join('\n');
console.log(`\nThe proxy's cost (npm run bench:proxy${quick ? ' -- --quick' : ''}).\n${table}`);
if (!quick && !nodeOnly && !workerdOnly) {
  const file = writeResults({
    file: 'src/test/bench/RESULTS.md',
    fileTitle: 'Benchmark results',
    id: 'proxy',
    heading: "The proxy's own cost: emulated against native, in workerd and Node",
    command: 'npm run bench:proxy',
    body: table,
  });
  console.log(`Results: ${file}`);
}
writeJson('.cache/bench', `proxy${quick ? '-quick' : ''}-latest.json`, {
  date: new Date().toISOString(),
  machine: machine(),
  workerd: workerd ? Object.fromEntries(workerd) : undefined,
  floor,
  node: Object.fromEntries(node),
});
