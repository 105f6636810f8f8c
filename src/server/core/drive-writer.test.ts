/**
 * The one driver of the doors' stream writers: what a writer is handed and
 * how a fault, an early end and the model's own end reach it.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { driveWriter } from './drive-writer.ts';
import type { StreamWriter } from './front-door.ts';

const text = (delta: string): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta });

function streamOf(parts: LanguageModelV4StreamPart[], keepOpen = false): ReadableStream<LanguageModelV4StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      if (!keepOpen) controller.close();
    },
  });
}

/** A writer that writes each part's type, and says what it was handed. */
function recorder(extra: Partial<StreamWriter> = {}): StreamWriter & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    start: () => ['start'],
    write: (part) => {
      seen.push(part.type);
      return [part.type];
    },
    end: () => ['end'],
    ...extra,
  };
}

async function run(stream: ReadableStream<LanguageModelV4StreamPart>, writer: StreamWriter) {
  const modelAbort = new AbortController();
  const frames: unknown[] = [];
  let thrown: unknown;
  try {
    const source = driveWriter(stream, writer, new AbortController().signal, modelAbort);
    while (!(await source.pull((frame) => frames.push(frame)))) {}
  } catch (error) {
    thrown = error;
  }
  return { frames, thrown, modelAborted: modelAbort.signal.aborted };
}

describe('driveWriter', () => {
  it('start, every part but the ones announcing a call, end; the model is not aborted', async () => {
    const writer = recorder();
    const { frames, modelAborted } = await run(
      streamOf([
        text('a'),
        { type: 'tool-input-start', id: 'c', toolName: 'f' },
        { type: 'tool-input-delta', id: 'c', delta: '{}' },
        { type: 'tool-input-end', id: 'c' },
        { type: 'tool-call', toolCallId: 'c', toolName: 'f', input: '{}' },
      ]),
      writer,
    );
    expect(frames).toEqual(['start', 'text-delta', 'tool-call', 'end']);
    expect(modelAborted).toBe(false);
  });

  it("an error part ends the stream with the writer's fail frames, its error as an Error", async () => {
    const failed: string[] = [];
    const writer = recorder({
      fail: (error) => {
        failed.push(error.message);
        return ['failed'];
      },
    });
    const { frames, thrown } = await run(streamOf([text('a'), { type: 'error', error: { reason: 'gone' } }]), writer);
    expect(frames).toEqual(['start', 'text-delta', 'failed']);
    expect(thrown).toBeUndefined();
    expect(failed[0]).toMatch(/\{"reason":"gone"\}/);
  });

  it('without fail, the error goes to the core (which sends the door’s errorEvent)', async () => {
    const { frames, thrown } = await run(streamOf([{ type: 'error', error: 'boom' }]), recorder());
    expect(frames).toEqual(['start']);
    expect((thrown as Error).message).toBe('boom');
  });

  it('a writer that is done stops reading and aborts the model, with no end frames', async () => {
    let done = false;
    const writer = {
      ...recorder(),
      write: () => {
        done = true;
        return ['last'];
      },
      get done() {
        return done;
      },
    };
    const { frames, modelAborted } = await run(streamOf([text('a'), text('b')], true), writer);
    expect(frames).toEqual(['start', 'last']);
    expect(modelAborted).toBe(true);
  });

  it("a writer done at the model's finish part has not cut the model short: nothing is aborted", async () => {
    let done = false;
    const writer = {
      ...recorder(),
      write: (part: LanguageModelV4StreamPart) => {
        done = part.type === 'finish';
        return [part.type];
      },
      get done() {
        return done;
      },
    };
    const finish: LanguageModelV4StreamPart = {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
    };
    // Left open after finish, as the middleware's stream is until its next pull.
    const { frames, modelAborted } = await run(streamOf([text('a'), finish], true), writer);
    expect(frames).toEqual(['start', 'text-delta', 'finish']);
    expect(modelAborted).toBe(false);
  });
});
