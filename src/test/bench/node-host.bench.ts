/**
 * The benchmark's only contact with Node: heap figures, forced GC, writing
 * the JSON report, argv and the exit code. The library itself stays free of
 * Node APIs, and `tsconfig.json` has no Node types, so the few Node
 * functions used are typed here by hand and reached through `globalThis`.
 */

interface NodeFs {
  mkdirSync(path: string, options: { recursive: boolean }): void;
  writeFileSync(path: string, data: string): void;
}

interface NodeProcess {
  argv: string[];
  exitCode: number | undefined;
  version: string;
  platform: string;
  arch: string;
  memoryUsage(): { heapUsed: number };
  cpuUsage(): { user: number; system: number };
  getBuiltinModule(name: 'node:fs'): NodeFs;
  getBuiltinModule(name: 'node:os'): { cpus(): Array<{ model: string }>; loadavg(): number[] };
}

function nodeProcess(): NodeProcess {
  const process = (globalThis as { process?: NodeProcess }).process;
  if (process === undefined || typeof process.getBuiltinModule !== 'function') {
    throw new Error('The benchmark runs on Node 22.3 or newer: `npm run bench` (uses the node devDependency).');
  }
  return process;
}

export function argv(): string[] {
  return nodeProcess().argv.slice(2);
}

export function setExitCode(code: number): void {
  nodeProcess().exitCode = code;
}

export function heapUsed(): number {
  return nodeProcess().memoryUsage().heapUsed;
}

/** CPU time this process has used (all its threads, GC helpers included), in ms. */
export function cpuMs(): number {
  const { user, system } = nodeProcess().cpuUsage();
  return (user + system) / 1000;
}

/** The 1-minute load average: above the core count, other processes compete for the CPU and wall times inflate. */
export function loadAverage(): number {
  return nodeProcess().getBuiltinModule('node:os').loadavg()[0] ?? 0;
}

/** Forces a full GC when Node runs with --expose-gc; otherwise does nothing. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

export function canCollectGarbage(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

export function machine(): { node: string; platform: string; cpu: string; cores: number } {
  const process = nodeProcess();
  const cpus = process.getBuiltinModule('node:os').cpus();
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
  };
}

export function writeJson(directory: string, name: string, data: unknown): string {
  const fs = nodeProcess().getBuiltinModule('node:fs');
  fs.mkdirSync(directory, { recursive: true });
  const path = `${directory}/${name}`;
  fs.writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** Lets every pending microtask (all web-stream work) run: one macrotask turn. */
export function nextMacrotask(): Promise<void> {
  const setImmediate = (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate;
  return new Promise((resolve) => (setImmediate ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
