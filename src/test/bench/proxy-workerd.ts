/**
 * The workerd side of `npm run bench:proxy`: the bench Worker under
 * miniflare, workerd's own CPU from /proc, and a keep-alive HTTP client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { startWorkerd } from '../../../worker/e2e/heap.ts';

/** workerd's pid: the `workerd` process among this process's descendants. */
export function workerdPid(): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops++) {
      at = parents.get(at) ?? 0;
      if (at === process.pid) return true;
    }
    return false;
  };
  const found = [...names].filter(([pid, name]) => name.includes('workerd') && descends(pid));
  if (found.length !== 1) throw new Error(`expected one workerd child, found ${found.length}`);
  return found[0]?.[0] ?? 0;
}

/**
 * CPU the isolate's own thread has run, in ms: workerd runs the Worker's
 * JavaScript on its main thread (the process's first task), while V8's
 * helper threads ("V8 DefaultWorke", about a tenth of the process's CPU here)
 * mark and sweep in the background. Cloudflare's per-request CPU limit counts
 * the time the isolate spends executing, so this is the figure to hold against
 * it; processCpuMs is the whole bill.
 */
export function isolateCpuMs(pid: number): () => number {
  return () => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** CPU the process has run, all threads, in ms (schedstat: nanoseconds on the CPU). */
export function processCpuMs(pid: number): () => number {
  return () => {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended between the listing and the read
      }
    }
    return ns / 1e6;
  };
}

export async function startBenchWorker(): Promise<{ base: URL; stop: () => Promise<void> }> {
  // Bundled and started as worker/e2e starts the shipped Worker, without the inspector.
  const entry = new URL('./proxy-worker.ts', import.meta.url).pathname;
  const { base, stop } = await startWorkerd({}, { entry, inspect: false });
  return { base: new URL(base), stop };
}

export function httpRequester(base: URL, agent: http.Agent) {
  return (path: string, method: string, headers: Record<string, string>, body: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.request(new URL(path, base), {
        method,
        agent,
        headers: { 'content-length': Buffer.byteLength(body), ...headers },
      });
      request.on('response', (response) => {
        const parts: Buffer[] = [];
        response.on('data', (data: Buffer) => parts.push(data));
        response.on('end', () => resolve(Buffer.concat(parts).toString()));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
}
