/**
 * Vitest's `expect` and `vi` read a per-worker state object that the vitest
 * command normally installs before any test code runs. The Deno and edge
 * runners have no vitest command, so this module installs a minimal one; it
 * must be imported before vitest itself is evaluated (see vitest-shim.ts).
 * It exports a value the shim reads, because the package is `sideEffects:
 * false` and bundlers would drop a bare side-effect import.
 */
const key = '__vitest_worker__';
export const workerStateInstalled = !(key in globalThis);
if (workerStateInstalled) {
  Object.defineProperty(globalThis, key, {
    configurable: true,
    writable: true,
    value: {
      filepath: '',
      config: { fakeTimers: { loopLimit: 10_000, shouldClearNativeTimers: true }, expect: {} },
      current: undefined,
      environment: { name: 'node' },
      onCleanup: () => {},
    },
  });
}
