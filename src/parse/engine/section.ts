/**
 * The shapes every format is built from: a trigger (the marker that opens a
 * call block) and the section it opens (which reads the block and hands
 * control back to the scanner). Types only, so the scanner and the sections
 * both import them and neither imports the other's module for them.
 */
import type { ParserCallbacks, ParserContext } from './events.ts';

/** A section reads the text after its trigger until its call block is over. */
export interface Section {
  /**
   * Consumes `text` from `from` and returns where it stopped: `text.length`
   * when it took everything, or the first index that is not its own once it
   * is `done` (that text goes back to the prose loop, which reads it again).
   */
  write(text: string, from: number): number;
  readonly done: boolean;
  /** The output ended inside the section: finish the call or give the text back. */
  end(): void;
  /** Read once `done`: what follows counts as the start of the answer again (after `</think>`). */
  readonly restartsAnswer?: boolean;
  /**
   * Read once `done`: text from earlier chunks that the section matched
   * speculatively and does not own (a partial closing marker that turned out
   * to be the next call's opener). The scanner reads it again, before the
   * rest of the chunk. At most a marker's length.
   */
  readonly leftover?: string;
}

export interface SectionEnv {
  context: ParserContext;
  callbacks: ParserCallbacks;
  /** Nothing but whitespace came before this trigger in the answer. */
  atStart: boolean;
}

export interface Trigger {
  /** The text that opens the section; it is consumed before `open` runs. */
  marker: string;
  /**
   * Only at the start of the answer (after whitespace), e.g. a bare `{` or
   * `[`: such characters are everywhere in prose, so they only count as a
   * call when the whole answer begins with one.
   */
  atStart?: boolean;
  /**
   * This trigger only applies when the first non-space character after the
   * marker passes this test. Formats that share a marker are told apart this
   * way: `<tool_call>{` is Hermes JSON, `<tool_call><function=` Qwen3-Coder,
   * `<tool_call>get_weather` GLM.
   */
  firstChar?: (c: string) => boolean;
  /** The marker is ordinary text (a `[` in prose): when no call follows it, that is no error. */
  quiet?: boolean;
  /** An `atStart` trigger that also counts right after a completed call (interleaved thinking). */
  afterCall?: boolean;
  /**
   * An end-of-turn token (`<|im_end|>`, `<|eot_id|>`, `</s>`): dropped when
   * nothing but blanks and other such tokens follows it to the end of the
   * output (engines often leave it there), kept as text otherwise. It opens
   * no section.
   */
  endOfTurn?: boolean;
  /**
   * The marker starts a new message (Harmony's `<|start|>`): an end-of-turn
   * token right before it ended the message before, so it is dropped as
   * markup rather than kept as text.
   */
  opensMessage?: boolean;
  /**
   * Part of the thinking markup (a block's start or end marker, Harmony's
   * message headers): still read when no tool can be called (no tools, or
   * tool choice `none`), so a reasoning model's plain answer gets its
   * reasoning parts too.
   */
  thinking?: boolean;
  /**
   * Opens a thinking block. Left out when the context's `reasoning` is
   * `'text'`; with `{ startInside: true }` the answer starts inside the block
   * it opens (inside one that ends at any `closesReasoning` marker, when the
   * triggers are several families').
   */
  reasoning?: boolean;
  /** A thinking block's end marker, met with no block open. */
  closesReasoning?: boolean;
  /**
   * Builds a lookup for a long list of markers that share a first character
   * (trigger-index.ts): set on the triggers a format makes one per declared
   * tool (`<get_weather`), which an agent's request has by the thousand. Only
   * the formats that make such triggers carry its code.
   */
  indexWith?: MarkerIndexer;
  open(env: SectionEnv, marker: string): Section;
}

/** The trigger whose marker starts at `i` of `text`; `partial` when the text ends inside a possible marker. */
export type MarkerLookup = (text: string, i: number) => Trigger | 'partial' | undefined;

/** Makes a lookup over `triggers` (one first character, longest marker first). */
export type MarkerIndexer = (triggers: readonly Trigger[]) => MarkerLookup;

/** Opens a section after its marker; `rawPrefix` is the marker text (and what else was read before the choice). */
export type SectionOpener = (env: SectionEnv, rawPrefix: string) => Section;
