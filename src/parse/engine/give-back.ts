/**
 * A call that goes back as text (malformed, cut off, or never a call), and
 * what that means for the end marker after it (issue 27). For the families
 * whose every call is a section of its own (FunctionGemma's
 * `<end_function_call>`, Gemma 4's `<tool_call|>`, Harmony's `<|call|>`), the
 * end marker is a special token: met alone it is markup and leaves no text
 * (a doubled one after a call, or one in prose), except right after a call
 * that went back as text, which ended there and whose text keeps it.
 */
import type { ToolshimErrorCode } from '../../types.ts';
import type { CallSink } from './call-sink.ts';
import type { ParserCallbacks } from './events.ts';
import { keepMarkerAsText, openSilentMarker } from './marker-sections.ts';
import type { RawBlock } from './raw-block.ts';
import type { Section, SectionEnv } from './section.ts';

/** Per parse (keyed by its callbacks): the last call went back as text. */
const gaveBack = /* @__PURE__ */ new WeakMap<ParserCallbacks, true>();

/** A call section opens: the end marker of the call before it is behind. */
export function callOpens(callbacks: ParserCallbacks): void {
  gaveBack.delete(callbacks);
}

/**
 * Gives a call back as text: aborts it, and gives the raw text read since
 * the last settled call back as prose, but for the last `handBack`
 * characters, which the scanner reads again; reports `reason` unless it is
 * undefined (the text was never meant as a call).
 */
export type GiveBack = (reason: string | undefined, code?: ToolshimErrorCode, handBack?: number) => void;

export function giveBackWith(callbacks: ParserCallbacks, sink: CallSink, raw: RawBlock): GiveBack {
  return (reason, code = 'malformed-tool-call', handBack = 0) => {
    gaveBack.set(callbacks, true);
    sink.abort();
    raw.giveBack(reason, code, undefined, handBack);
  };
}

/** The end marker met alone: dropped, or kept as the end of the call that went back as text. */
export function openLoneEnd(env: SectionEnv, marker: string): Section {
  return gaveBack.delete(env.callbacks) ? keepMarkerAsText(env, marker) : openSilentMarker(env, marker);
}
