/**
 * What transformParams learns and the stream/generate wrappers need. It is
 * kept in a WeakMap keyed by the params object the AI SDK hands from one to the
 * other, so nothing (functions least of all) is serialised into providerOptions.
 */
import type { SharedV4Warning } from '@ai-sdk/provider';
import type { ReasoningOption } from '../parse/engine/events.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import type { DebugLevel, OnToolshimError, ToolSpec } from '../types.ts';
import type { attachedFiles } from './convert-prompt.ts';
import type { CoalesceToolInputOptions } from './delta-coalescer.ts';
import type { routeDroppedCalls } from './dropped-calls.ts';
import type { leadChoiceParser } from './forced-lead.ts';
import type { nativeHistory } from './native-history.ts';
import type { ToolMiddlewareOptions } from './options.ts';
import type { cachedToolPrompt, joinedSystem } from './tool-prompt.ts';

/** The tool-choice mode in force for one call. */
export type ToolChoiceMode =
  | { type: 'auto' }
  | { type: 'none' }
  | { type: 'required' }
  | { type: 'tool'; toolName: string };

/**
 * What a middleware fixes when it is made. The features only an option turns
 * on are functions here, present when the option asks for them: a preset,
 * which has no options, never references them.
 */
export interface CallSetup {
  protocol: ToolCallProtocol;
  options: ToolMiddlewareOptions;
  /** How tool-input deltas are grouped; undefined sends each piece as it comes. */
  coalescing: Required<CoalesceToolInputOptions> | undefined;
  /** `droppedCalls: 'invalid-tool-call'`. */
  routeDrops?: typeof routeDroppedCalls;
  /** `toolResultFiles: 'attach'`. */
  attachFiles?: typeof attachedFiles;
  /** A forced answer read with a custom protocol (one with no triggers): createToolMiddleware's, never a preset's. */
  readLead?: typeof leadChoiceParser;
  /** `history: 'native'`: the history stays structured messages (else convertPrompt writes it as text). */
  nativeHistory?: typeof nativeHistory;
  /** cachingToolMiddleware's (the proxy's): the tool prompt rendered once per tool set; the others render per call. */
  cachePrompt?: typeof cachedToolPrompt;
  /** cachingToolMiddleware's too: the system text joined once for a system prompt the client sends again. */
  joinSystem?: typeof joinedSystem;
}

/** The setup, and what one call adds to it. */
export interface CallState extends CallSetup {
  tools: ToolSpec[];
  /** How thinking is read in this call: the per-call provider option, else the middleware's `reasoning`. */
  reasoning: ReasoningOption | undefined;
  toolChoice: ToolChoiceMode;
  onError: OnToolshimError;
  warnings: SharedV4Warning[];
  debug: DebugLevel;
}

const states = new WeakMap<object, CallState>();

/**
 * Keyed by the params object and by its prompt array: the AI SDK hands the
 * very same params to the wrappers, but a middleware composed in between may
 * shallow-copy them, and the prompt array transformParams made survives that.
 */
export function rememberCallState(params: { prompt: object }, state: CallState): void {
  states.set(params, state);
  states.set(params.prompt, state);
}

export function recallCallState(params: { prompt: object }): CallState | undefined {
  return states.get(params) ?? states.get(params.prompt);
}
