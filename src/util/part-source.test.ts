import { describe, expect, it } from 'vitest';
import { abortableSource, type PartSource, sourceOf, sourceStream } from './part-source.ts';

/** A source giving `parts` one pull at a time, the last pull also saying it is over; it records cancels. */
function countingSource(parts: string[]) {
  const log = { pulls: 0, cancelled: [] as unknown[] };
  let next = 0;
  const source: PartSource<string> = {
    async pull(enqueue) {
      log.pulls++;
      const part = parts[next++];
      if (part !== undefined) enqueue(part);
      return next >= parts.length;
    },
    cancel: (reason) => {
      log.cancelled.push(reason);
    },
  };
  return { source, log };
}

async function drain<T>(source: PartSource<T>): Promise<T[]> {
  const parts: T[] = [];
  while (!(await source.pull((part) => parts.push(part)))) {}
  return parts;
}

describe('sourceStream and sourceOf', () => {
  it('a stream read through its reader gives every part, the last one from the pull that ends it', async () => {
    const { source } = countingSource(['a', 'b', 'c']);
    const parts: string[] = [];
    for await (const part of sourceStream(source)) parts.push(part);
    expect(parts).toEqual(['a', 'b', 'c']);
  });

  it('takes over the source behind a sourceStream: no reader in between, and the stream is locked for anyone else', async () => {
    const { source, log } = countingSource(['a', 'b']);
    const stream = sourceStream(source);
    const taken = sourceOf(stream);
    expect(taken).toBe(source);
    expect(stream.locked).toBe(true);
    expect(await drain(taken)).toEqual(['a', 'b']);
    expect(log.pulls).toBe(2);
  });

  it('reads any other stream through a reader, with the same contract', async () => {
    const stream = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('x');
        controller.enqueue('y');
        controller.close();
      },
    });
    const source = sourceOf(stream);
    expect(await drain(source)).toEqual(['x', 'y']);
  });

  it('a sourceStream that someone already reads is not taken over', async () => {
    const { source } = countingSource(['a', 'b']);
    const stream = sourceStream(source);
    const reader = stream.getReader();
    expect(() => sourceOf(stream)).toThrow(TypeError);
    reader.releaseLock();
  });

  it('cancelling the stream cancels its source', async () => {
    const { source, log } = countingSource(['a', 'b']);
    await sourceStream(source).cancel('gone');
    expect(log.cancelled).toEqual(['gone']);
  });
});

describe('abortableSource', () => {
  it('a pull pending on a source that never answers rejects at once on abort, and the source is cancelled', async () => {
    const cancelled: unknown[] = [];
    const stuck = sourceStream<string>({
      pull: () => new Promise(() => {}),
      cancel: (reason) => cancelled.push(reason),
    });
    const stop = new AbortController();
    const source = abortableSource(stuck, stop.signal);
    const pending = source.pull(() => {});
    stop.abort('client left');
    await expect(pending).rejects.toBe('client left');
    expect(cancelled).toEqual(['client left']);
    await expect(source.pull(() => {})).rejects.toBe('client left');
  });

  it('a source read to its end is not cancelled afterwards', async () => {
    const { source: inner, log } = countingSource(['a']);
    const stop = new AbortController();
    const source = abortableSource(sourceStream(inner), stop.signal);
    expect(await drain(source)).toEqual(['a']);
    source.cancel('late');
    source.release();
    stop.abort();
    expect(log.cancelled).toEqual([]);
  });
});
