/**
 * The broken elements of a JSON list of calls (json-calls-list.ts) as text:
 * where each lies in the block's kept text (raw-block.ts), why it broke, and
 * its give-back, which drops the markup around it as a call's text is.
 */
import type { ToolshimErrorCode } from '../../types.ts';
import type { ParserCallbacks } from '../engine/events.ts';
import type { RawBlock } from '../engine/raw-block.ts';

/** A stretch of the block's kept text that is no call, and why. */
export interface BrokenPiece {
  start: number;
  end: number;
  reason: string;
  code: ToolshimErrorCode;
}

/**
 * Gives back the kept text of each piece, `[start, end)` of the block's kept
 * text, as prose with its reason (one element of a call list that was no
 * call), and forgets the kept text: what is not given back is markup (the
 * block's marker, separators), dropped as a call's text is.
 */
function giveBackPieces(raw: RawBlock, onError: ParserCallbacks['onError'], pieces: readonly BrokenPiece[]): void {
  const whole = raw.take();
  let at = 0;
  for (const { start, end, reason, code } of pieces) {
    const text = whole.slice(start, end).trimEnd();
    raw.markup(whole.slice(at, start));
    if (text !== '') raw.text(text);
    onError(`Kept a malformed element of a tool-call list as text: ${reason}.`, { code, text });
    at = start + text.length;
  }
  raw.markup(whole.slice(at));
}

/** The broken elements of one block (createBrokenElements). */
export type BrokenElements = ReturnType<typeof createBrokenElements>;

/**
 * The broken elements' text: each one's place in the block's kept text and
 * why it broke. Before the block's first call they are kept back: once a
 * call completes they are text (after that call, whose events are out
 * already); with no call at all the whole block is, as before.
 */
export function createBrokenElements(raw: RawBlock, onError: ParserCallbacks['onError']) {
  let pending: BrokenPiece[] = [];
  /** Where the element being read began, in the kept text; why the one being skipped broke. */
  let start = 0;
  let reason = '';
  let called = false;
  return {
    get called(): boolean {
      return called;
    },
    /** The reason the block is given back for when no call came. */
    get firstReason(): string {
      return pending[0]?.reason ?? reason;
    },
    markStart(): void {
      start = raw.length;
    },
    broke(why: string): void {
      reason = why;
    },
    /** The broken element ended at `endAt` of the kept text: text now, or kept back until a call comes. */
    ended(endAt: number, code: BrokenPiece['code'] = 'malformed-tool-call'): void {
      const piece = { start, end: endAt, reason, code };
      if (called) giveBackPieces(raw, onError, [piece]);
      else pending.push(piece);
    },
    /** A call completed, its text kept: the broken elements kept back are text now; the rest is final. */
    callEnded(): void {
      called = true;
      if (pending.length > 0) giveBackPieces(raw, onError, pending);
      else raw.settle();
      pending = [];
      start = 0;
    },
  };
}
