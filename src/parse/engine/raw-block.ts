/**
 * The raw text of the call block being read, kept so that a call that proves
 * malformed is given back to the answer verbatim (nothing lost), with the
 * reason in `onError`. Once the block's calls are final it is forgotten.
 *
 * Pieces are slices of the model's chunks, so keeping them costs little
 * beyond the chunks themselves.
 */
import type { ToolshimErrorCode } from '../../types.ts';
import type { ParserCallbacks } from './events.ts';
import { createTextParts, type TextParts } from './text-parts.ts';

export interface RawBlock {
  /**
   * A section's `write` begins: the block follows this chunk from `from` on,
   * so `keepTo` can keep what the section has read of it.
   */
  from(text: string, from: number): void;
  /** Keeps the chunk's text from where the last keep stopped up to `to` (the section has read it). */
  keepTo(to: number): void;
  /** Moves past the chunk's text up to `to` without keeping it (the section holds it elsewhere). */
  skipTo(to: number): void;
  /** Appends raw text of the block that is not the current chunk's. */
  keep(text: string): void;
  /**
   * Gives the text kept since the last `settle` back as prose, and reports
   * `reason` (undefined: it was never meant as a call, nothing to report).
   */
  giveBack(reason: string | undefined, code?: ToolshimErrorCode, toolName?: string, handBack?: number): void;
  /**
   * A call in the block is final: its text can no longer be given back (no
   * character twice), though the block goes on (more calls, a closing marker).
   */
  settle(): void;
  /**
   * The block is over and its calls are final: forget it (debug output hears
   * of it). The last `handBack` characters were matched speculatively and go
   * back to the scanner instead (see Section.leftover).
   */
  commit(handBack?: number): void;
  /** How many characters are kept since the last `settle`: a place in the block (json-calls-list.ts). */
  readonly length: number;
  /**
   * Takes the text kept since the last `settle`, now forgotten, for a
   * section that gives back only parts of it (json-calls-list.ts) through
   * `markup` and `text`.
   */
  take(): string;
  /** Taken text that is the block's markup, dropped as a call's text is (debug output still hears of it). */
  markup(text: string): void;
  /** Taken text that goes back to the answer as prose (non-empty). */
  text(text: string): void;
}

export function createRawBlock(callbacks: ParserCallbacks, first = ''): RawBlock {
  let parts: TextParts = createTextParts();
  let empty = true;
  let kept = 0;
  /** The chunk being written and where its text not yet kept starts. */
  let chunk = '';
  let start = 0;
  /** Settled text of the block, kept only for debug output's call highlighting. */
  let segment: string[] = [];
  const debugging = callbacks.onCallSegment !== undefined;

  function keep(text: string): void {
    if (text === '') return;
    parts.push(text);
    empty = false;
    kept += text.length;
  }
  keep(first);

  function take(): string {
    const text = empty ? '' : parts.join();
    parts = createTextParts();
    empty = true;
    kept = 0;
    return text;
  }

  /** Settled text, kept only for debug output's call highlighting. */
  function markup(text: string): void {
    if (debugging && text !== '') segment.push(text);
  }

  function settle(handBack = 0): void {
    const whole = take();
    markup(handBack > 0 ? whole.slice(0, whole.length - handBack) : whole);
  }

  function flushSegment(): void {
    if (segment.length > 0) callbacks.onCallSegment?.(segment.join(''));
    segment = [];
  }

  return {
    from(text, from) {
      chunk = text;
      start = from;
    },
    keepTo(to) {
      if (to > start) keep(chunk.slice(start, to));
      start = to;
    },
    skipTo(to) {
      start = to;
    },
    keep,
    settle: () => settle(),
    giveBack(reason, code = 'malformed-tool-call', toolName, handBack = 0) {
      flushSegment();
      const whole = take();
      const text = handBack > 0 ? whole.slice(0, whole.length - handBack) : whole;
      if (text !== '') callbacks.onText(text);
      if (reason === undefined) return;
      const call = toolName ? `call to "${toolName}"` : 'tool call';
      callbacks.onError(`Kept a malformed ${call} as text: ${reason}.`, {
        code,
        text,
        ...(toolName ? { toolName } : {}),
      });
    },
    commit(handBack = 0) {
      settle(handBack);
      flushSegment();
    },
    get length() {
      return kept;
    },
    take,
    markup,
    text(text) {
      flushSegment();
      callbacks.onText(text);
    },
  };
}
