/**
 * `npm run bench:proxy`: what the proxy itself costs per request, emulated
 * against native, for a small request and an agent-sized one on each API
 * (chat completions, Responses, Messages: proxy-load.ts), with an upstream
 * stub inside the serving process, on both hosts users run:
 *
 * - workerd: the bench Worker (proxy-worker.ts, bundled with esbuild as
 *   worker/e2e/heap.ts bundles the shipped one) under miniflare, nothing in
 *   between but miniflare's entry worker; `isolate p99` is the thread that
 *   runs the Worker's JavaScript, the time Cloudflare's CPU limit counts.
 * - Node: the same handlers behind `toolshim serve`'s node:http bridge
 *   (proxy-node.ts), a child process.
 *
 * CPU is each server process's own, from /proc (every thread's `schedstat`,
 * nanoseconds) read around each request of a sequential pass over a real
 * socket, so it carries GC and the HTTP work; `floor` is a request answered
 * at once. Throughput: 10 keep-alive connections, fixed count. Modes
 * alternate round by round; medians of the rounds' means. Loopback only,
 * bounded loops. `-- --quick` runs a short pass and writes nothing;
 * `-- --rounds N` runs N rounds instead of 3; `-- --node-only` or
 * `-- --workerd-only` one host; `-- --api chat` one API;
 * `-- --profile emulated-chat-agent` (any mode-api-size case) profiles that
 * case in workerd instead and prints where the isolate's time goes
 * (proxy-profile.ts).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { writeResults } from '../results-file.ts';
import { argv, loadAverage, machine, writeJson } from './node-host.bench.ts';
import {
  BENCH_APIS,
  BENCH_HEADER,
  BENCH_REQUESTS,
  type BenchApi,
  type BenchMode,
  type BenchSize,
  benchCase,
} from './proxy-load.ts';
import { profileCase } from './proxy-profile.ts';
import { httpRequester, isolateCpuMs, processCpuMs, startBenchWorker, workerdPid } from './proxy-workerd.ts';

const args = argv();
const flagValue = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const profiled = flagValue('--profile');
if (profiled !== undefined) {
  await profileCase(profiled, 400);
  process.exit(0);
}
const quick = args.includes('--quick');
const nodeOnly = args.includes('--node-only');
const workerdOnly = args.includes('--workerd-only');
/** `-- --rounds N`: more rounds for steadier medians on a noisy machine (the default 3 takes a few minutes). */
const ROUNDS = Math.max(1, Number(flagValue('--rounds')) || (quick ? 1 : 3));
const onlyApi = flagValue('--api') as BenchApi | undefined;
const APIS = onlyApi ? [onlyApi] : BENCH_APIS;
/** Requests per mode and round: the sequential CPU pass, then the throughput pass. */
const COUNTS: Record<BenchSize, { cpu: number; load: number }> = quick
  ? { small: { cpu: 100, load: 200 }, agent: { cpu: 50, load: 100 } }
  : { small: { cpu: 300, load: 1000 }, agent: { cpu: 150, load: 400 } };
const CONNECTIONS = 10;
const MODES: BenchMode[] = ['emulated', 'native'];
const SIZES: BenchSize[] = ['small', 'agent'];
const caseName = (mode: BenchMode, api: BenchApi, size: BenchSize) => `${mode}-${api}-${size}`;

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

function checkAnswer(api: BenchApi, size: BenchSize, text: string): void {
  const { done, call } = BENCH_REQUESTS[api][size];
  if (!text.includes(done) || !text.includes(call)) {
    throw new Error(`${api} ${size}: unexpected answer: ${text.slice(-400)}`);
  }
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

type Requester = (mode: BenchMode, api: BenchApi, size: BenchSize) => () => Promise<void>;

/** Rounds of every (api, size, mode), modes alternating; each cell the median of its rounds. */
async function measure(
  host: string,
  requester: Requester,
  cpuMs: () => number,
  isolateMs?: () => number,
): Promise<Map<string, Pass>> {
  const rounds = new Map<string, Pass[]>();
  for (const api of APIS) {
    for (const size of SIZES) {
      for (const mode of MODES) {
        const once = requester(mode, api, size);
        for (let i = 0; i < 30; i++) await once(); // warm-up: JIT, first-call caches
      }
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? MODES : [...MODES].reverse();
        for (const mode of order) {
          const pass = await runPasses(size, requester(mode, api, size), cpuMs, isolateMs);
          const key = caseName(mode, api, size);
          rounds.set(key, [...(rounds.get(key) ?? []), pass]);
          console.log(
            `${host} ${key} round ${round + 1}: ${pass.mean.toFixed(2)} ms CPU/req (p99 ${pass.p99.toFixed(2)}), ${pass.rps.toFixed(0)} req/s`,
          );
        }
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

/** Requests to a server at `base`, each case picked by BENCH_HEADER, each answer checked. */
function socketRequester(base: URL, agent: http.Agent): Requester {
  const send = httpRequester(base, agent);
  return (mode, api, size) => {
    const { path, headers, body } = BENCH_REQUESTS[api][size];
    const all = { 'content-type': 'application/json', [BENCH_HEADER]: benchCase(mode, size), ...headers };
    return async () => checkAnswer(api, size, await send(path, 'POST', all, body));
  };
}

/** proxy-node.ts as a child on Node 24 (this process's binary), once it listens. */
async function startBenchNode(): Promise<{ base: URL; pid: number; stop: () => Promise<void> }> {
  const entry = new URL('./proxy-node.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      const found = /listening (\d+)/.exec(out);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`proxy-node.ts exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base: new URL(`http://127.0.0.1:${port}`), pid: child.pid ?? 0, stop };
}

/** One host's passes: the floor, then every case. */
async function measureHost(
  host: string,
  base: URL,
  cpuMs: () => number,
  isolateMs?: () => number,
): Promise<{ cases: Map<string, Pass>; floor: Pass }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const send = httpRequester(base, agent);
    const floorOnce = async () => {
      await send('/floor', 'GET', {}, '');
    };
    for (let i = 0; i < 30; i++) await floorOnce();
    const floor = await runPasses('small', floorOnce, cpuMs, isolateMs);
    const cases = await measure(host, socketRequester(base, agent), cpuMs, isolateMs);
    return { cases, floor };
  } finally {
    agent.destroy();
  }
}

// ---- the run ----

const loadAtStart = loadAverage();
const started = performance.now();
let workerd: { cases: Map<string, Pass>; floor: Pass } | undefined;
let node: { cases: Map<string, Pass>; floor: Pass } | undefined;
if (!nodeOnly) {
  const worker = await startBenchWorker();
  try {
    const pid = workerdPid();
    workerd = await measureHost('workerd', worker.base, processCpuMs(pid), isolateCpuMs(pid));
  } finally {
    await worker.stop();
  }
}
if (!workerdOnly) {
  const server = await startBenchNode();
  try {
    node = await measureHost('node', server.base, processCpuMs(server.pid));
  } finally {
    await server.stop();
  }
}

// ---- the table ----

const ms = (value: number) => `${value.toFixed(2)} ms`;
const API_TITLES: Record<BenchApi, string> = { chat: 'chat', responses: 'Responses', messages: 'Messages' };
const rows: string[] = [];
const verdicts: string[] = [];
const cells = (pass: Pass | undefined, isolate: boolean) =>
  pass
    ? [ms(pass.mean), ms(pass.p99), ...(isolate ? [ms(pass.isolateP99 ?? 0)] : []), pass.rps.toFixed(0)]
    : isolate
      ? ['–', '–', '–', '–']
      : ['–', '–', '–'];
for (const api of APIS) {
  for (const size of SIZES) {
    const bytes = `${(BENCH_REQUESTS[api][size].body.length / 1024).toFixed(1)} KB`;
    for (const mode of MODES) {
      const key = caseName(mode, api, size);
      const row = [...cells(workerd?.cases.get(key), true), ...cells(node?.cases.get(key), false)];
      rows.push(`| ${API_TITLES[api]} ${size} (${bytes}) | ${mode} | ${row.join(' | ')} |`);
    }
    for (const [hostName, host] of [
      ['workerd', workerd],
      ['Node', node],
    ] as const) {
      const e = host?.cases.get(caseName('emulated', api, size));
      const v = host?.cases.get(caseName('native', api, size));
      if (e === undefined || v === undefined) continue;
      const cpu = e.mean / v.mean;
      const rps = e.rps / v.rps;
      const ok = cpu <= 1.3 && rps >= 0.8 ? 'within' : 'OUTSIDE';
      verdicts.push(
        `- ${API_TITLES[api]} ${size}, ${hostName}: emulated/native CPU ${cpu.toFixed(2)}x, throughput ${rps.toFixed(2)}x: ${ok} the targets (<= 1.3x, >= 0.8x).`,
      );
    }
  }
}
const floorRow = `| floor (GET, answered at once) | – | ${cells(workerd?.floor, true).join(' | ')} | ${cells(node?.floor, false).join(' | ')} |`;
const table = [
  `CPU per request of the serving process (sequential, over a socket; every thread, GC and HTTP included; "isolate p99": workerd's thread that runs the Worker's JavaScript alone, the time Cloudflare's CPU limit counts) and requests per second (${CONNECTIONS} connections), upstream stubbed inside the process. ${ROUNDS} rounds, medians.`,
  '',
  '| request | mode | workerd CPU/req | p99 | isolate p99 | req/s | Node CPU/req | p99 | req/s |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  floorRow,
  '',
  ...verdicts,
  '',
  `Load average ${loadAtStart.toFixed(2)} at start, ${loadAverage().toFixed(2)} at end; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
].join('\n');
console.log(`\nThe proxy's cost (npm run bench:proxy${quick ? ' -- --quick' : ''}).\n${table}`);
if (!quick && !nodeOnly && !workerdOnly && onlyApi === undefined) {
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
  workerd: workerd ? { floor: workerd.floor, ...Object.fromEntries(workerd.cases) } : undefined,
  node: node ? { floor: node.floor, ...Object.fromEntries(node.cases) } : undefined,
});
