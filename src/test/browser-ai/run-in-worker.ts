/// <reference types="node" />
/**
 * Runs provider-worker.ts runs with a time limit: a run that does not answer
 * in time is reported as stalled and its thread terminated (the provider's
 * parser spins synchronously, so nothing inside the thread could stop it).
 * The thread is reused between runs and replaced after a stall.
 */
import { Worker } from 'node:worker_threads';
import type { RunRequest, RunResult } from './provider-worker.ts';

export type Outcome = { stalled: true } | { stalled: false; result: RunResult } | { stalled: false; error: string };

export function createWorkerRunner() {
  let worker: Worker | undefined;
  return {
    run(request: RunRequest, limitMs: number): Promise<Outcome> {
      worker ??= new Worker(new URL('./provider-worker.ts', import.meta.url));
      const current = worker;
      return new Promise<Outcome>((resolve) => {
        const done = (outcome: Outcome) => {
          clearTimeout(timer);
          current.off('message', onMessage);
          current.off('error', onError);
          resolve(outcome);
        };
        const timer = setTimeout(() => {
          worker = undefined;
          void current.terminate();
          done({ stalled: true });
        }, limitMs);
        const onMessage = (message: { ok: true; result: RunResult } | { ok: false; error: string }) =>
          done(message.ok ? { stalled: false, result: message.result } : { stalled: false, error: message.error });
        const onError = (error: unknown) => {
          worker = undefined;
          done({ stalled: false, error: String(error) });
        };
        current.on('message', onMessage);
        current.on('error', onError);
        current.postMessage(request);
      });
    },
    close(): Promise<number> | undefined {
      const last = worker;
      worker = undefined;
      return last?.terminate();
    },
  };
}
