/// <reference types="node" />
/**
 * No memory kept per client that leaves: 2,000 clients
 * each read the first frame of a stream whose upstream then goes quiet, and
 * leave. After GC the live heap must not have grown by more than noise
 * (about 13 MiB per 1,000 disconnects was measured before the fix).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, stuckBody } from '../test/fake-upstream.ts';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

async function disconnects(handler: (request: Request) => Promise<Response>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const client = new AbortController();
    const response = await handler(
      chatRequest({ messages: [{ role: 'user', content: 'hi' }], stream: true }, { signal: client.signal }),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    client.abort();
    await reader.cancel();
  }
}

// Collected AbortSignal.any dependents leave weak cells that a FinalizationRegistry clears in a later
// task, so GC runs three times with a turn of the event loop between.
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
  }
};

it.each(['emulated', 'native'] as const)(
  '%s mode: 2,000 disconnects mid-stream leave no memory behind',
  async (toolMode) => {
    const handler = createProxyHandler({
      toolMode,
      upstream: { baseURL: 'http://upstream.test/v1', fetch: (async () => stuckBody('Hel').response) as typeof fetch },
    });
    await disconnects(handler, 200); // warm-up: JIT, lazily built state
    await settle();
    const before = process.memoryUsage().heapUsed;
    await disconnects(handler, 2000);
    await settle();
    const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    expect(grown, `heap grew ${grown.toFixed(2)} MB`).toBeLessThan(3);
  },
  60_000,
);
