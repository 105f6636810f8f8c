/**
 * The one driver of every door's stream writer: it reads the model's parts
 * and hands each to the writer, so the frames come from one source between
 * the model's stream and the SSE response, whatever the door. The source is
 * pulled (util/part-source.ts), a batch of frames per pull, not an async
 * generator: a generator and the core's generator around it cost two awaited
 * yields per frame (together 3% of what an agent request allocated).
 *
 * - A door hears of a call only once it is whole (whole-calls.ts): the parts
 *   that announce one are not passed on.
 * - The reader is taken at once, not when the first frame is asked for: a
 *   client that leaves before then must still cancel the model's stream. When
 *   the client goes, the stream is cancelled and a pending read rejects at
 *   once, so the driver finishes without waiting for the model.
 * - A writer that is `done` early (a stop sequence), or a fault, stops the
 *   reading and aborts the model's call (`modelAbort`): cancelling the parts
 *   stream alone does not reach an upstream read that is parked.
 * - A fault (an `error` part, a failing stream, a writer that throws) ends
 *   the stream with the writer's `fail` frames; a writer without `fail` lets
 *   it go to the core, which sends the door's `errorEvent`. So no writer
 *   handles `error` parts.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { abortableSource, type PartSource } from '../../util/part-source.ts';
import { httpErrorOf } from './faults.ts';
import type { Frame, StreamWriter } from './front-door.ts';
import { announcesCall } from './whole-calls.ts';

export function driveWriter(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  writer: StreamWriter,
  signal: AbortSignal,
  modelAbort: AbortController,
): PartSource<Frame> {
  const source = abortableSource(stream, signal);
  let started = false;
  /** The model's parts were read to their end or to its `finish` part: nothing to abort. */
  let finished = false;
  let over = false;
  /** The parts of one pull of the model's stream, handed to the writer one by one before the next pull. */
  const parts: LanguageModelV4StreamPart[] = [];
  const take = (part: LanguageModelV4StreamPart) => {
    parts.push(part);
  };
  /** The reading is over: a model that was cut short is aborted. */
  const close = () => {
    if (over) return;
    over = true;
    if (!finished) {
      modelAbort.abort(new DOMException('The answer ended before the model did.', 'AbortError'));
      source.cancel();
    }
    source.release();
  };

  /**
   * Hands the parts of source pulls to the writer until it gave a frame:
   * `more` then, `done` when the writer is done early, `ended` at the model's end.
   */
  async function writeParts(enqueue: (frame: Frame) => void): Promise<'more' | 'done' | 'ended'> {
    let gave = false;
    while (!gave) {
      parts.length = 0;
      const end = await source.pull(take);
      for (const part of parts) {
        if (part.type === 'error') throw errorOf(part.error);
        if (announcesCall(part)) continue;
        // `finish` is the model's last part: a writer that is done with it has not cut the model short,
        // so nothing is aborted (an abort builds a DOMException and cancels the stream chain per request).
        if (part.type === 'finish') finished = true;
        for (const frame of writer.write(part)) {
          enqueue(frame);
          gave = true;
        }
        if (writer.done === true) return 'done';
      }
      if (end) {
        finished = true;
        return 'ended';
      }
    }
    return 'more';
  }

  return {
    async pull(enqueue) {
      if (over) return true;
      try {
        if (!started) {
          started = true;
          const opening = writer.start();
          for (const frame of opening) enqueue(frame);
          if (opening.length > 0) return false;
        }
        let reading: 'more' | 'done' | 'ended';
        try {
          reading = await writeParts(enqueue);
        } catch (error) {
          // A fault ends the stream with the writer's `fail` frames; without `fail` it goes to the core.
          if (writer.fail === undefined) throw error;
          for (const frame of writer.fail(httpErrorOf(error))) enqueue(frame);
          reading = 'done';
        }
        if (reading === 'more') return false;
        if (reading === 'ended') for (const frame of writer.end()) enqueue(frame);
        close();
        return true;
      } catch (error) {
        close();
        throw error;
      }
    },
    cancel: close,
  };
}

/** An `error` part's error as an Error, so its message reaches the client (httpErrorOf maps it). */
function errorOf(error: unknown): Error {
  if (error instanceof Error) return error;
  if (typeof error === 'string') return new Error(error);
  try {
    return new Error(JSON.stringify(error));
  } catch {
    return new Error(String(error));
  }
}
