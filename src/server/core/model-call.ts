/**
 * One model call through a front door: read the request, check the tool
 * choice, call the model (or forward natively) with the client's abort wired
 * in, and answer with the door's JSON or SSE frames.
 */
import { raceAbort } from '../../util/abort.ts';
import { iterableSource, type PartSource } from '../../util/part-source.ts';
import { driveWriter } from './drive-writer.ts';
import { httpErrorOf } from './faults.ts';
import type { DoorContext, Frame, ModelFrontDoor, WriteContext } from './front-door.ts';
import type { ResolvedModels } from './models.ts';
import { linkedAbort, sseResponse } from './sse-response.ts';
import { checkToolChoice } from './tool-choice.ts';

export interface StreamSettings {
  streamHeadersWithinMs: number;
  keepAliveMs: number;
}

const OPEN = ': connected\n\n';
const KEEP_ALIVE = ': ping\n\n';
/**
 * While the model is quiet, a write this often: workerd notices a client
 * that left only when something is written, wrangler dev only at the second
 * write, and the upstream generates (and bills) until then. 500 ms keeps
 * even wrangler dev's two writes under 2 s; the table is in worker/e2e/RESULTS.md.
 */
const LIVENESS_MS = 500;

export async function answerModelCall(
  door: ModelFrontDoor,
  json: unknown,
  ctx: DoorContext,
  models: ResolvedModels,
  headers: Record<string, string>,
  settings: StreamSettings,
): Promise<Response> {
  const call = await door.readRequest(json, ctx);
  // An impossible tool choice is refused before anything is sent upstream.
  checkToolChoice(call.callOptions, door.toolChoiceWords);
  const write: WriteContext = { ...ctx, model: call.model ?? ctx.modelId };
  const abort = linkedAbort(ctx.request.signal);
  const { engine } = models;
  if (models.toolMode === 'native' && door.forwardNative !== undefined && engine !== undefined) {
    const forwarded = door.forwardNative(json as Record<string, unknown>, call, {
      ...write,
      engine,
      signal: abort.signal,
    });
    if (!call.stream) {
      const answer = await raceAbort(forwarded, abort.signal);
      if (!('body' in answer))
        throw new TypeError('forwardNative answered a whole request with frames; return { body }.');
      return Response.json(answer.body, { headers });
    }
    const frames = forwarded.then((answer) => {
      if ('frames' in answer) return iterableSource(answer.frames);
      throw new TypeError('forwardNative answered a streamed request with a JSON body; return { frames }.');
    });
    return streamAnswer(door, frames, abort, headers, settings);
  }
  const model = models.modelFor(call.model);
  // The model's own abort: the client leaving fires it, and so does a writer that stops reading early (a
  // stop sequence): cancelling the parts stream alone does not reach an upstream read that is parked.
  const modelAbort = linkedAbort(abort.signal);
  // Rendered once, here: the writers count what the upstream sees from the same params the model gets.
  const sent = await models.upstreamView(
    { ...call.callOptions, abortSignal: modelAbort.signal },
    call.stream ? 'stream' : 'generate',
  );
  const written: WriteContext = { ...write, sent };
  if (!call.stream) {
    const result = await raceAbort(model.doGenerate(sent), abort.signal);
    return Response.json(door.writeResult(result, call, written), { headers });
  }
  const frames = Promise.resolve(model.doStream(sent)).then(({ stream }) =>
    driveWriter(stream, door.streamWriter(call, written), abort.signal, modelAbort),
  );
  return streamAnswer(door, frames, abort, headers, settings);
}

/**
 * A streamed answer. The headers wait up to `streamHeadersWithinMs` for the
 * model's stream to start, so an early upstream failure is still an HTTP
 * status; then the stream opens whatever the upstream does, and a later
 * failure is the door's error event.
 */
async function streamAnswer(
  door: ModelFrontDoor,
  source: Promise<PartSource<Frame>>,
  abort: AbortController,
  headers: Record<string, string>,
  settings: StreamSettings,
): Promise<Response> {
  source.catch(() => {}); // handled below, after the wait or inside the stream
  try {
    if (settings.streamHeadersWithinMs > 0) await settledWithin(source, settings.streamHeadersWithinMs);
  } catch (error) {
    // An early failure is a status, unless the door's clients read this one only as a stream event.
    if (door.failsInStream?.(httpErrorOf(error)) !== true) throw error;
  }
  return sseResponse(framesOf(door, source, abort.signal), abort, headers, {
    open: door.streamOpen ?? OPEN,
    keepAlive: door.keepAlive ?? KEEP_ALIVE,
    keepAliveMs: settings.keepAliveMs,
    livenessMs: LIVENESS_MS,
    ...(door.liveness !== undefined ? { liveness: door.liveness } : {}),
  });
}

/** Waits until `promise` settles or `ms` pass; rethrows its failure when it fails in time. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise, elapsed]);
  } finally {
    clearTimeout(timer);
  }
}

/** The door's frames, or its error event for a failure; nothing once the client has gone. */
function framesOf(door: ModelFrontDoor, pending: Promise<PartSource<Frame>>, signal: AbortSignal): PartSource<Frame> {
  let source: PartSource<Frame> | undefined;
  let over = false;
  return {
    async pull(enqueue) {
      if (over) return true;
      try {
        source ??= await raceAbort(pending, signal);
        over = await source.pull(enqueue);
      } catch (error) {
        over = true;
        if (!signal.aborted) enqueue(door.errorEvent(httpErrorOf(error)));
      }
      return over;
    },
    cancel(reason) {
      over = true;
      if (source !== undefined) source.cancel(reason);
      else pending.then((late) => late.cancel(reason)).catch(() => {});
    },
  };
}
