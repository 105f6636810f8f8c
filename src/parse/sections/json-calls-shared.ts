/**
 * What the steps of a block of JSON calls share (json-calls.ts and the files
 * of its steps: json-calls-before.ts, json-calls-after.ts,
 * json-calls-close.ts): the block's options, a step's signature, the
 * give-back, and the value's states, which the step before the value moves
 * to. Kept apart so the steps import only this, and none imports another's
 * importer.
 */
import type { ListBlock, ListRecovery } from './json-calls-list.ts';

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
