/**
 * The SSE response's waits on its frame source, in isolation: a frame that
 * arrives while no pull waits (the client has not asked for more since the
 * last liveness comment) is kept for the next pull, a pull's frames go out as
 * one chunk, and one timer paces the comments of a quiet source.
 */
import { describe, expect, it } from 'vitest';
import { iterableSource, type PartSource } from '../../util/part-source.ts';
import type { Frame } from './front-door.ts';
import { sseResponse } from './sse-response.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const decoder = new TextDecoder();

function respond(frames: AsyncIterable<Frame> | PartSource<Frame>, livenessMs: number, keepAliveMs = 60_000) {
  const response = sseResponse(
    'pull' in frames ? frames : iterableSource(frames),
    new AbortController(),
    {},
    {
      open: ': open\n\n',
      keepAlive: ': ping\n\n',
      keepAliveMs,
      livenessMs,
    },
  );
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  return async () => {
    const { done, value } = await reader.read();
    return done ? undefined : decoder.decode(value);
  };
}

/** A promise the test resolves: the source waits on it, so no timing decides what the test sees. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('sseResponse', () => {
  it('keeps a frame that arrives while no pull waits, for the next pull', async () => {
    const source = gate();
    async function* late(): AsyncGenerator<Frame> {
      await source.opened;
      yield 'data: late\n\n';
      yield 'data: last\n\n';
    }
    const read = respond(late(), 10);
    expect(await read()).toBe(': open\n\n');
    expect(await read()).toBe(':\n\n'); // the source is quiet: a liveness comment, and no pull is asked for
    source.open();
    await sleep(20); // the first frame arrives now, with no pull waiting
    expect(await read()).toBe('data: late\n\n');
    expect(await read()).toBe('data: last\n\n');
    expect(await read()).toBeUndefined();
  });

  it("writes a pull's frames as one chunk, text and bytes alike, then ends", async () => {
    const pulls: Frame[][] = [['data: a\n\n', new TextEncoder().encode('data: b\n\n'), 'data: c\n\n'], ['data: d\n\n']];
    const source: PartSource<Frame> = {
      async pull(enqueue) {
        for (const frame of pulls.shift() ?? []) enqueue(frame);
        return pulls.length === 0;
      },
      cancel() {},
    };
    const read = respond(source, 1000);
    expect(await read()).toBe(': open\n\n');
    expect(await read()).toBe('data: a\n\ndata: b\n\ndata: c\n\n');
    expect(await read()).toBe('data: d\n\n');
    expect(await read()).toBeUndefined();
  });

  it('a quiet source gets a liveness comment per livenessMs and the keep-alive once quiet for keepAliveMs', async () => {
    const source = gate();
    async function* slow(): AsyncGenerator<Frame> {
      yield 'data: a\n\n';
      await source.opened;
      yield 'data: b\n\n';
    }
    const read = respond(slow(), 20, 50);
    expect([await read(), await read()]).toEqual([': open\n\n', 'data: a\n\n']);
    // Waits of 20, 20 and 10 ms: two liveness comments, then the keep-alive at 50 ms of quiet.
    expect([await read(), await read(), await read()]).toEqual([':\n\n', ':\n\n', ': ping\n\n']);
    source.open();
    expect(await read()).toBe('data: b\n\n');
    expect(await read()).toBeUndefined();
  });
});
