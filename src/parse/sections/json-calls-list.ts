/**
 * One broken element of a JSON list of calls, skipped so the calls after it
 * are still read (issue 37, item 2): `[A, {"name": 5}, C]` runs A and C and
 * keeps `{"name": 5}` as text. The skipper (element-skipper.ts) reads on from
 * where the element broke to where the list goes on, ends, or the block's
 * end marker comes. JSON that broke mid-token (`{"month": 15:30}`) is skipped
 * the same way, as the servers' list parsers skip a bad element.
 */

import { createElementSkipper } from './element-skipper.ts';
import { type BrokenElements, createBrokenElements } from './json-calls-broken.ts';
import {
  DOUBLED_VALUE,
  ELEMENT,
  ENDED_INSIDE,
  GAP,
  type ListBlock,
  type ListRecovery,
  SKIP,
  type Step,
} from './json-calls-shared.ts';

/** Where the separators (commas, blanks) between two elements end in `text`, from `i`. */
function afterSeparators(text: string, i: number): number {
  let j = i;
  while (j < text.length && (text.charAt(j) === ',' || /\s/.test(text.charAt(j)))) j++;
  return j;
}

/** After an element read alone took `text` up to `i`: the next step; `breakElement` skips it when it broke. */
function afterElement(
  block: ListBlock,
  called: boolean,
  text: string,
  i: number,
  breakElement: (i: number, why: string) => number,
): number {
  const { reader, calls } = block.readers();
  if (!reader.done && i < text.length) {
    const why = reader.problem ?? 'the JSON is not valid';
    // No value begins here: the list ended without its `]`, as after a whole list.
    if (reader.depth === 0 && reader.quote === '') return called ? block.readAfter(i) : block.giveBack(i, why);
    return breakElement(i, why);
  }
  if (!reader.done) return i;
  if (calls.completed > 0) return block.move(GAP, reader.index + 1);
  return breakElement(reader.index + 1, 'expected a tool-call object');
}

/** ListRecovery.endInside; `inOpenList`: the reader is inside the list, or reads one of its elements. */
function endInside(block: ListBlock, broken: BrokenElements, state: number, inOpenList: boolean): boolean {
  const { raw, sink } = block;
  const { reader, calls } = block.readers();
  if (state === ELEMENT && reader.end() && calls.completed > 0) raw.commit();
  else if (state !== SKIP && state !== GAP && !(state === ELEMENT || (broken.called && inOpenList))) return false;
  else {
    const inElement = state !== SKIP && state !== GAP;
    if (inElement) broken.broke(ENDED_INSIDE);
    sink.abort();
    if (state !== GAP) broken.ended(raw.length, inElement ? 'unclosed-tool-call' : 'malformed-tool-call');
    if (broken.called) raw.commit();
    else block.giveBack(0, broken.firstReason, 'unclosed-tool-call');
  }
  return true;
}

/**
 * The block's handling of broken list elements: where each element starts
 * (the JSON reader's onListItem), skipping one that broke, the separators
 * after it, and reading the rest one element at a time.
 */
export function createListRecovery(block: ListBlock): ListRecovery {
  const inOpenList = () => perElement || (inList && block.readers().reader.depth >= 1);
  const { raw, sink, end } = block;
  const broken = createBrokenElements(raw, block.callbacks.onError);
  /** A top-level list is open; its elements are being read one at a time (one broke). */
  let inList = false;
  let perElement = false;
  const skipper = createElementSkipper(end);

  /** The list's `]` at `i`: the block goes on after it, or, with no call in it, all of it is text. */
  function listEnd(i: number): number {
    return broken.called ? block.readAfter(i + 1) : block.giveBack(i + 1, broken.firstReason);
  }

  function nextElement(i: number): number {
    raw.keepTo(i);
    broken.markStart();
    perElement = true;
    block.freshReaders();
    return block.move(ELEMENT, i);
  }

  /** An element read alone: its JSON (its reader is no first value's, so never prose), then what follows it. */
  function element(text: string, at: number): number {
    const { reader, calls } = block.readers();
    const i = reader.write(text, at);
    return calls.failure !== undefined
      ? breakElement(i, calls.failure)
      : afterElement(block, broken.called, text, i, breakElement);
  }

  /** The element being read broke at `i`, `why`: it is skipped to where the list goes on. */
  function breakElement(i: number, why: string): number {
    sink.abort();
    broken.broke(why);
    const { reader } = block.readers();
    skipper.reset(Math.max(reader.depth - (perElement ? 0 : 1), 0), reader.quote);
    return block.move(SKIP, i);
  }

  /** The block's end marker at `at`, inside an element: the list was never closed. */
  function markerInside(at: number): number {
    if (!broken.called) return block.giveBack(at, broken.firstReason);
    broken.ended(raw.length - end.length);
    raw.commit();
    return block.finish(at);
  }

  /** Skips the broken element from `i` (the skipper), then the list goes on, ends, or the block does. */
  function skip(text: string, i: number): number {
    const found = skipper.scan(text, i);
    if (found === undefined) return text.length;
    raw.keepTo(found.at);
    if (found.by === 'marker') return markerInside(found.at);
    broken.ended(raw.length);
    return found.by === 'list-end' ? listEnd(found.at) : block.move(GAP, found.at + 1);
  }

  /** Between elements: separators, the list's end, or the next element, read alone. */
  function gap(text: string, i: number): number {
    const j = afterSeparators(text, i);
    if (j === text.length) return j;
    return text.charAt(j) === ']' ? listEnd(j) : nextElement(j);
  }

  return {
    /** What a value's JSON reader is told (json-reader.ts's onListItem): where each element of its list begins. */
    listening: {
      onListItem(index: number): void {
        inList = true;
        raw.keepTo(index);
        broken.markStart();
      },
    },
    onCallEnd: () => broken.callEnded(),
    /** Another value of the block begins (`repeat`): no list is open. */
    reset(): void {
      inList = false;
      perElement = false;
    },
    /**
     * The block's value broke at `i`, `why` (its call reader or its JSON
     * stopped): inside an element of a list of calls, it alone is skipped;
     * `}{` (no comma before the next call object, which Cohere's servers
     * read) goes on with it. Undefined leaves it to the block, which gives it
     * all back: JSON that is prose, a doubled brace's value, no list open,
     * junk between elements (which ends the block as before).
     */
    broke(text: string, i: number, why: string | undefined): number | undefined {
      const { reader, calls, state, prose } = block.readers();
      if (!inOpenList() || prose || state === DOUBLED_VALUE) return undefined;
      if (calls.failure !== undefined || reader.depth !== 1 || reader.quote !== '') return breakElement(i, why ?? '');
      return text.charAt(i) === '{' && calls.completed > 0 ? nextElement(i) : undefined;
    },
    /** The steps of the list's own states, which the block takes. */
    steps: { [SKIP]: skip, [GAP]: gap, [ELEMENT]: element } as Record<number, Step>,
    /**
     * The output ended in `state` (VALUE or one of the list's): true when it
     * was inside a list after a call, or in the list read one element at a
     * time, which is then settled (what broke is text, the calls before it
     * stand); false leaves the end to the block.
     */
    endInside: (state: number) => endInside(block, broken, state, inOpenList()),
  };
}
