/**
 * `npm run bench:proxy -- --profile emulated-chat-agent` (or native-messages-small, …):
 * where the isolate's time goes for one case of the bench load, from V8's
 * own CPU profile of the bench Worker inside workerd, taken through its
 * inspector. The bundle is not minified, so the functions keep their names.
 * Writes `.cache/bench/proxy-<case>.cpuprofile` (open it in Chrome DevTools'
 * Performance panel) and prints the functions with the most self time.
 */
import http from 'node:http';
import { inspector, startWorkerd } from '../../../worker/e2e/heap.ts';
import { writeJson } from './node-host.bench.ts';
import {
  BENCH_APIS,
  BENCH_HEADER,
  BENCH_REQUESTS,
  type BenchApi,
  type BenchMode,
  type BenchSize,
  benchCase,
} from './proxy-load.ts';
import { httpRequester } from './proxy-workerd.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, largest first, as shares of every sample (idle included). */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = `${frame?.functionName || '(anonymous)'}${frame?.url ? ` :${(frame.lineNumber ?? 0) + 1}` : ''}`;
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...self].map(([name, time]): [string, number] => [name, time / total]).sort((a, b) => b[1] - a[1]);
}

export async function profileCase(name: string, requests: number): Promise<void> {
  const [mode, api, size] = name.split('-') as [BenchMode, BenchApi, BenchSize];
  if (!['emulated', 'native'].includes(mode) || !BENCH_APIS.includes(api) || !['small', 'agent'].includes(size)) {
    throw new Error(`--profile takes a case such as emulated-chat-agent or native-messages-small, not "${name}"`);
  }
  const entry = new URL('./proxy-worker.ts', import.meta.url).pathname;
  const worker = await startWorkerd({}, { entry, minify: false });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const session = await inspector(worker.inspectorPort, worker.base);
  try {
    const send = httpRequester(new URL(worker.base), agent);
    const { path, headers, body } = BENCH_REQUESTS[api][size];
    const all = { 'content-type': 'application/json', [BENCH_HEADER]: benchCase(mode, size), ...headers };
    const pass = async (n: number) => {
      for (let i = 0; i < n; i++) await send(path, 'POST', all, body);
    };
    await pass(100); // warm-up: the JIT's tiers, the tool prompt cache
    const profile = (await session.cpuProfile(() => pass(requests))) as Profile;
    const file = writeJson('.cache/bench', `proxy-${name}.cpuprofile`, profile);
    console.log(`${name}, ${requests} requests in workerd: the most self time (the bundle's line numbers)\n`);
    for (const [fn, share] of selfTimes(profile).slice(0, 20))
      console.log(`${(share * 100).toFixed(1).padStart(6)}%  ${fn}`);
    console.log(`\nProfile: ${file}`);
  } finally {
    session.close();
    agent.destroy();
    await worker.stop();
  }
}
