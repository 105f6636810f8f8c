/**
 * A call's end marker that the scanner meets on its own (issue 27), for the
 * families whose every call is a section of its own (FunctionGemma's
 * `<end_function_call>`, Gemma 4's `<tool_call|>`, Harmony's `<|call|>`).
 * The marker is a special token, so it is markup and leaves no text (a
 * doubled one after a call, or one in prose), except right after a call
 * that went back as text: that call ended there, and its text keeps it.
 */
import type { ParserCallbacks } from '../events.ts';
import type { Section, SectionEnv } from '../section.ts';
import { keepMarkerAsText, openSilentMarker } from './basic.ts';

/** Per parse (keyed by its callbacks): the last call went back as text. */
const gaveBack = /* @__PURE__ */ new WeakMap<ParserCallbacks, true>();

/** A call section opens (`asText` false) or gives its call back as text (true). */
export function noteCallText(callbacks: ParserCallbacks, asText: boolean): void {
  if (asText) gaveBack.set(callbacks, true);
  else gaveBack.delete(callbacks);
}

/** The end marker met alone: dropped, or kept as the end of the call that went back as text. */
export function openLoneEnd(env: SectionEnv, marker: string): Section {
  return gaveBack.delete(env.callbacks) ? keepMarkerAsText(env, marker) : openSilentMarker(env, marker);
}
