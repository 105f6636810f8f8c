/**
 * The one driver of every door's stream writer: it reads the model's parts
 * and hands each to the writer, so the frames come from one generator between
 * the model's stream and the SSE response, whatever the door.
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
import { abortableSource } from '../../util/part-source.ts';
import { httpErrorOf } from './faults.ts';
import type { Frame, StreamWriter } from './front-door.ts';
import { announcesCall } from './whole-calls.ts';

export function driveWriter(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  writer: StreamWriter,
  signal: AbortSignal,
  modelAbort: AbortController,
): AsyncIterable<Frame> {
  return frames(abortableSource(stream, signal), writer, modelAbort);
}

type PartSource = ReturnType<typeof abortableSource<LanguageModelV4StreamPart>>;

async function* frames(source: PartSource, writer: StreamWriter, modelAbort: AbortController): AsyncGenerator<Frame> {
  let finished = false;
  /** The parts of one pull, handed to the writer one by one before the next pull. */
  const parts: LanguageModelV4StreamPart[] = [];
  const take = (part: LanguageModelV4StreamPart) => {
    parts.push(part);
  };
  try {
    yield* writer.start();
    try {
      let over = false;
      while (!over) {
        parts.length = 0;
        over = await source.pull(take);
        for (const part of parts) {
          if (part.type === 'error') throw errorOf(part.error);
          if (announcesCall(part)) continue;
          // `finish` is the model's last part: a writer that is done with it has not cut the model short,
          // so nothing is aborted (an abort builds a DOMException and cancels the stream chain per request).
          if (part.type === 'finish') finished = true;
          yield* writer.write(part);
          if (writer.done === true) return;
        }
      }
      finished = true;
    } catch (error) {
      if (writer.fail === undefined) throw error;
      yield* writer.fail(httpErrorOf(error));
      return;
    }
    yield* writer.end();
  } finally {
    if (!finished) {
      modelAbort.abort(new DOMException('The answer ended before the model did.', 'AbortError'));
      source.cancel();
    }
    source.release();
  }
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
