/**
 * JSON tool calls after a trigger: `{"name": …, "arguments": …}` objects or
 * lists of them, as Hermes/Qwen (`<tool_call>…</tool_call>`), Gemma prompted
 * with a ```tool_call fence, Granite, Phi-4-mini, xLAM, Llama 3.x and the
 * older Mistral write them.
 *
 * - `end`: the closing marker, consumed when present; a missing one does not
 *   cost a complete call. Between the value and it: a ```json fence closer,
 *   a stray `}` (small models add one), further calls, or junk on the same
 *   line, which is kept as text after the call.
 * - `repeat`: several values separated by `;`, `,` or newlines (Llama 3.x). Without it, values separated
 *   by `,` are read too (`<tool_call>{…}, {…}</tool_call>`), and with an `end`, by blanks.
 * - `declaredOnly`: the trigger is ordinary text (a bare `{` or `[` opening
 *   the answer), so the JSON only counts when it calls a declared tool;
 *   anything else goes back as prose, silently.
 * - `defaultToolName`: a forced tool; a bare arguments object counts as its call.
 *
 * A value that breaks gives back the raw text since the last completed call
 * (never a completed call's text: no character twice) and the scanner reads
 * the rest as prose. What comes before a value (blanks, a ```json line, a
 * doubled brace) is read by json-calls-before.ts, what follows it
 * (separators, junk, the closing marker) by json-calls-after.ts.
 */
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import type { CallObjectOptions } from '../engine/call-fields.ts';
import { type CallObjectReader, createCallObjectReader } from '../engine/call-object.ts';
import { type CallSink, createCallSink } from '../engine/call-sink.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { afterValueStep } from './json-calls-after.ts';
import { beforeValueStep } from './json-calls-before.ts';
import { DOUBLED_VALUE, ENDED_INSIDE, type JsonCallsOptions, SKIP, type Step, VALUE } from './json-calls-shared.ts';

export type { JsonCallsOptions };

// The states, each read by its own step (VALUE and DOUBLED_VALUE by the same).
/** Up to the value (json-calls-before.ts). */
const BEFORE_VALUE = 0;
/** What follows a value, read by the step afterValueStep makes for it (json-calls-after.ts). */
const AFTER_VALUE = 3;
const DONE = 4;

type GiveBackCode = 'malformed-tool-call' | 'unclosed-tool-call';

/** The reader of one value's call objects: `first`, the block's first value (only it may be prose). */
function createCallReader(
  env: SectionEnv,
  sink: CallSink,
  options: JsonCallsOptions,
  first: boolean,
  hooks: Pick<CallObjectOptions, 'onCallStart' | 'onCallEnd'>,
): CallObjectReader {
  return createCallObjectReader({
    context: env.context,
    sink,
    ...hooks,
    declaredOnly: first && options.declaredOnly,
    defaultToolName: options.defaultToolName,
    wrapperKey: options.wrapperKey,
    nameKeyed: options.nameKeyed,
  });
}

/** Why a value the output ended in is no call. */
function endedReason(calls: CallObjectReader, reader: JsonReader): string {
  return calls.failure ?? `${ENDED_INSIDE}${reader.quote !== '' ? ' (in a string)' : ''}`;
}

/** The call reader knows first when the JSON stops being calls; the JSON reader stops there too. */
const stopped = (calls: CallObjectReader) => calls.failure !== undefined || calls.rejected;

export function openJsonCalls(env: SectionEnv, marker: string, options: JsonCallsOptions = {}): Section {
  const { context, callbacks } = env;
  const end = options.end ?? '';
  const sink = createCallSink(context, callbacks, true);
  const raw = createRawBlock(callbacks, marker);
  let state = BEFORE_VALUE;
  /** A call has been announced in this section. */
  let started = false;
  let leftover: string | undefined;

  const hooks = {
    onCallStart: () => {
      started = true;
    },
    // A completed call's text is final: a later failure cannot give it back (json-calls-list.ts).
    onCallEnd: () => {
      raw.keepTo(reader.index + 1);
      if (list) list.onCallEnd();
      else raw.settle();
    },
  };
  const callReader = (first: boolean) => createCallReader(env, sink, options, first, hooks);
  const halted = () => stopped(calls);
  /** A bare `{` or `[` that never became a call was prose all along: nothing to report, no list to recover. */
  const prose = () => calls.rejected || (options.declaredOnly === true && !started);
  const readers = () => ({ reader, calls, state, prose: prose() });
  const list = options.lists?.({ raw, callbacks, sink, end, readers, freshReaders, move, giveBack, readAfter, finish });
  /** What the JSON reader of a value of its own hears: with a list recovery, where a list's elements begin. */
  const valueOptions = { halted, ...list?.listening };
  let calls = callReader(true);
  let reader: JsonReader = createJsonReader(calls, valueOptions);

  function move(next: number, i: number): number {
    state = next;
    return i;
  }

  /** Readers for the next value; `topLevel`: a value of its own (a list there is heard of), not a list's element. */
  function freshReaders(topLevel = false): void {
    calls = callReader(false);
    reader = createJsonReader(calls, topLevel ? valueOptions : { halted });
  }

  /** Another value of the block begins at `i`. */
  function nextValue(i: number): number {
    list?.reset();
    freshReaders(true);
    return move(VALUE, i);
  }

  /** The block is over at `i`; `rest`, matched in earlier chunks, goes back to the scanner. */
  function finish(i: number, rest?: string): number {
    leftover = rest;
    return move(DONE, i);
  }

  /** The text up to `i` is no call: it goes back as prose, with the reason; `rest` is read again (see finish). */
  function giveBack(i: number, reason?: string, code: GiveBackCode = 'malformed-tool-call', rest = ''): number {
    raw.keepTo(i);
    sink.abort();
    raw.giveBack(prose() ? undefined : reason, code, undefined, rest.length);
    return finish(i, rest);
  }

  /** What follows the value is read from `i` (json-calls-after.ts); `noValue`: blanks alone came, an empty block? */
  function readAfter(i: number, noValue?: typeof giveBack): number {
    const doubled = state === DOUBLED_VALUE;
    steps[AFTER_VALUE] = afterValueStep(callbacks, raw, end, options.repeat, doubled, nextValue, finish, noValue);
    return move(AFTER_VALUE, i);
  }

  /** The value broke at `i` (`why`): all of the block is text, unless a list's recovery skips only the element. */
  function broke(text: string, i: number, why: string | undefined): number {
    return list?.broke(text, i, why) ?? giveBack(i, why);
  }

  function value(text: string, at: number): number {
    const i = reader.write(text, at);
    if (stopped(calls)) return broke(text, i, calls.failure);
    // `functools[]`, `<tool_call>[]`: a call list with nothing in it is no call; its text stays.
    if (reader.done && calls.completed === 0 && !started && !options.emptyList)
      return giveBack(i, 'the tool-call list is empty');
    // Right after the closing bracket: the reader also skips the blanks after a value, but
    // whether a line break follows it must not depend on the chunking.
    if (reader.done) return readAfter(reader.index + 1);
    if (i === text.length) return i;
    return broke(text, i, reader.problem ?? 'the JSON is not valid');
  }

  /** Each state's step, in the states' order (AFTER_VALUE's is made for each value; a list recovery brings its own). */
  const steps: Step[] = [beforeValueStep(marker, options, end, reader, giveBack, readAfter, move), value, value];
  Object.assign(steps, list?.steps);

  return {
    write(text, from) {
      let i = from;
      raw.from(text, from);
      while (i < text.length && state !== DONE) i = (steps[state] as Step)(text, i, from);
      if (state !== DONE) raw.keepTo(i);
      return i;
    },
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if ((state === VALUE || state >= SKIP) && list?.endInside(state)) {
        // a list's end, settled by the recovery
      } else if (state === VALUE || state === DOUBLED_VALUE) {
        if (reader.end() && !stopped(calls)) raw.commit();
        else giveBack(0, endedReason(calls, reader), 'unclosed-tool-call');
      } else if (state !== DONE) (steps[state] as Step)('', 0, 0); // the other steps hear of the end as no text
      state = DONE;
    },
  };
}
