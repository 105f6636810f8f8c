/**
 * What the steps of a block of JSON calls share (json-calls.ts and the files
 * of its steps: json-calls-before.ts, json-calls-after.ts,
 * json-calls-close.ts): the block's options, a step's signature, the
 * give-back, and the value's states, which the step before the value moves
 * to. Kept apart so the steps import only this, and none imports another's
 * importer.
 */
import type { JsonReader } from '../../json/json-reader.ts';
import type { CallObjectReader } from '../engine/call-object.ts';
import type { CallSink } from '../engine/call-sink.ts';
import type { ParserCallbacks } from '../engine/events.ts';
import type { RawBlock } from '../engine/raw-block.ts';
import type { BrokenPiece } from './json-calls-broken.ts';

export interface JsonCallsOptions {
  /** The marker ends with the `{` or `[` that opens the value (`{`, `[`, `functools[`). */
  markerIsValue?: boolean;
  end?: string;
  repeat?: boolean;
  declaredOnly?: boolean;
  defaultToolName?: string | undefined;
  /** The marker opened a ``` fence: its info string (`json`) and line break come before the value. */
  fenced?: boolean;
  /** Only a list of calls counts (xLAM's form); a lone object is, say, an example in a fence. */
  listOnly?: boolean;
  /** See CallObjectOptions.wrapperKey: `{"tool_calls": […]}` (xLAM v1). */
  wrapperKey?: string;
  /** See CallObjectOptions.nameKeyed: `{"get_weather": {…}}` (Apertus). */
  nameKeyed?: boolean;
  /**
   * An empty list (`<TOOLCALL>[]</TOOLCALL>`) is the family's way of calling
   * nothing: its markup is dropped, silently, instead of staying as text. So is
   * a block holding only blanks (`<TOOLCALL> </TOOLCALL>`): its markers are tokens.
   */
  emptyList?: boolean;
  /**
   * The format writes its calls as one JSON list: a broken element costs only
   * itself (json-calls-list.ts's createListRecovery). Passed by the list
   * formats alone, so a preset that does not read lists ships none of it.
   */
  lists?: ListRecoveryFactory;
}

/** What the recovery needs of its block of JSON calls (json-calls.ts). */
export interface ListBlock {
  raw: RawBlock;
  /** The section's callbacks, which hear of each broken element. */
  callbacks: ParserCallbacks;
  sink: CallSink;
  end: string;
  /**
   * The value's readers now (fresh ones for each element read alone), the
   * block's state, and whether its JSON is prose, not calls (a bare `{` that
   * calls no declared tool): nothing in that is recovered.
   */
  readers(): { reader: JsonReader; calls: CallObjectReader; state: number; prose: boolean };
  /** Makes fresh readers for an element read alone. */
  freshReaders(): void;
  move(next: number, i: number): number;
  giveBack(i: number, reason?: string, code?: BrokenPiece['code']): number;
  readAfter(i: number): number;
  finish(i: number): number;
}

/** What json-calls-list.ts's createListRecovery gives its block. */
export interface ListRecovery {
  /** What a value's JSON reader is told (json-reader.ts's onListItem): where each element of its list begins. */
  listening: { onListItem(index: number): void };
  onCallEnd(): void;
  /** Another value of the block begins (`repeat`): no list is open. */
  reset(): void;
  /**
   * The block's value broke at `i`, `why`: where reading goes on when the
   * recovery takes it, or undefined to leave it to the block.
   */
  broke(text: string, i: number, why: string | undefined): number | undefined;
  /** The steps of the list's own states, which the block takes. */
  steps: Record<number, Step>;
  /** The output ended in `state`: true when the recovery settled the block. */
  endInside(state: number): boolean;
}

/** What json-calls-list.ts's createListRecovery is, as the options carry it. */
export type ListRecoveryFactory = (block: ListBlock) => ListRecovery;

/**
 * Reads the text being written from `i` in one state and returns where it
 * stopped; `from` is where the section's write began in that text.
 */
export type Step = (text: string, i: number, from: number) => number;

/** Gives the block back as text, reported, and `rest` to the scanner (json-calls.ts's giveBack). */
export type GiveBack = (i: number, reason: string, code?: 'unclosed-tool-call', rest?: string) => number;

/** The reason given back for a block the output ended in. */
export const ENDED_INSIDE = 'the output ended inside the tool call';

// json-calls.ts's states for the value, which the step before it moves to.
export const VALUE = 1;
/** A value whose braces are doubled: its outer `}` is dropped after it. */
export const DOUBLED_VALUE = 2;
// Its states while a list is read one element at a time (json-calls-list.ts): skipping one, between two, reading one.
export const SKIP = 5;
export const GAP = 6;
export const ELEMENT = 7;
