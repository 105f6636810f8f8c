/**
 * One broken element of a pythonic call list, skipped so the calls around it
 * still run (issue 37, item 2): `[f(a=1), 42, g()]` runs f and g and gives
 * `42` back as text, reported. The element's nesting is followed while its
 * call is read, so wherever it breaks (a positional argument, a value that is
 * no literal, no call at all) it is skipped from there to the `,` or `]` at
 * the list's own level (element-skipper.ts). What broke goes back after the
 * list's calls (json-calls-broken.ts), which are final at its `]`.
 */
import type { ToolshimErrorCode } from '../../types.ts';
import type { CallSink } from '../engine/call-sink.ts';
import type { ParserCallbacks } from '../engine/events.ts';
import type { RawBlock } from '../engine/raw-block.ts';
import { createElementSkipper } from './element-skipper.ts';
import { createBrokenElements } from './json-calls-broken.ts';
import type { CallStep } from './pythonic-arguments.ts';

/** Where the list goes after a skipped element: its next element at `i`, or its end (`]` read up to `i`; 0: the output's end). */
interface ListMoves {
  next(i: number): number;
  close(i: number): number;
}

export function createPythonicList(raw: RawBlock, onError: ParserCallbacks['onError'], moves: ListMoves) {
  const broken = createBrokenElements(raw, onError);
  const skipper = createElementSkipper('');
  let skipping = false;
  let code: ToolshimErrorCode = 'malformed-tool-call';
  /** The chunk being read, and where the element's nesting is followed up to in it. */
  let chunk = '';
  let followed = 0;

  /** Skips the broken element from `i` of `text` ('': the output ended in it). */
  function skip(text: string, i: number): number {
    const found = text === '' ? { at: 0, by: 'list-end' } : skipper.scan(text, i);
    if (found === undefined) return text.length;
    raw.keepTo(found.at);
    broken.ended(raw.length, code);
    skipping = false;
    return found.by === 'comma' ? moves.next(found.at + 1) : moves.close(text === '' ? 0 : found.at + 1);
  }

  return {
    /** Why the first element broke, while no call of the list has gone out ('' when none broke). */
    get failure(): string {
      return broken.firstReason;
    },
    /** An element begins at `i` of the chunk being written: its call reader, wrapped to follow its nesting and skip it once it broke. */
    start(i: number, read: CallStep): CallStep {
      raw.keepTo(i);
      broken.markStart();
      skipper.reset(0, '');
      return (text, from) => {
        if (skipping) return skip(text, from);
        chunk = text;
        followed = from;
        const end = read(text, from);
        if (!skipping) skipper.scan(text, followed, end);
        return skipping ? skip(text, end) : end;
      };
    },
    /** The element's call broke at `at` of the chunk being read: it is skipped from there. */
    broke(reason: string, at: number, why: ToolshimErrorCode = 'malformed-tool-call', sink: CallSink): number {
      skipper.scan(chunk, followed, at);
      sink.abort();
      skipping = true;
      broken.broke(reason);
      code = why;
      return at;
    },
    /** The list's calls are out: the broken elements' text follows them. */
    callsOut: () => broken.callEnded(),
  };
}

type HeldCall = Parameters<ParserCallbacks['onToolCallEnd']>[0];

/** A block's complete calls, held until they are final (a list's at its `]`): then out, or taken back. */
export function createHeldCalls(callbacks: ParserCallbacks) {
  let held: HeldCall[] = [];
  return {
    hold: (call: HeldCall) => void held.push(call),
    get count(): number {
      return held.length;
    },
    release(): void {
      for (const call of held) callbacks.onToolCallEnd(call);
      held = [];
    },
    abort(): void {
      for (const call of held) callbacks.onToolCallAbort(call);
      held = [];
    },
  };
}
