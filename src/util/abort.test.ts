import { describe, expect, it } from 'vitest';
import { abortableReader, followSignals, raceAbort } from './abort.ts';

describe('followSignals', () => {
  it('aborts when any source aborts, with its reason, and stops listening then', () => {
    const a = new AbortController();
    const b = new AbortController();
    const { controller } = followSignals(a.signal, undefined, b.signal);
    expect(controller.signal.aborted).toBe(false);
    b.abort('because');
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe('because');
    a.abort('later');
    expect(controller.signal.reason).toBe('because');
  });

  it('is aborted at once when a source already is', () => {
    const a = new AbortController();
    a.abort('early');
    expect(followSignals(new AbortController().signal, a.signal).controller.signal.reason).toBe('early');
  });

  it('unlink() stops following', () => {
    const a = new AbortController();
    const { controller, unlink } = followSignals(a.signal);
    unlink();
    a.abort();
    expect(controller.signal.aborted).toBe(false);
  });
});

describe('raceAbort', () => {
  it('settles with the promise, or rejects with the reason as soon as the signal aborts', async () => {
    await expect(raceAbort(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
    const stop = new AbortController();
    const never = raceAbort(new Promise(() => {}), stop.signal);
    stop.abort('gone');
    await expect(never).rejects.toBe('gone');
  });
});

describe('abortableReader', () => {
  it('an abort cancels the stream and ends a read that would never settle', async () => {
    let cancelled: unknown;
    const stream = new ReadableStream({
      pull: () => new Promise(() => {}),
      cancel(reason) {
        cancelled = reason;
      },
    });
    const stop = new AbortController();
    const reader = abortableReader(stream, stop.signal);
    const pending = reader.read();
    stop.abort('client left');
    // The cancel happened inside the abort's dispatch, before any await.
    expect(cancelled).toBe('client left');
    await expect(pending).rejects.toBe('client left');
    reader.release();
  });
});
