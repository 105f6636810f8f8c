/**
 * What transformParams learns and the stream/generate wrappers need. It is
 * kept in a WeakMap keyed by the params object the AI SDK hands from one to the
 * other, so nothing (functions least of all) is serialised into providerOptions.
 */
import type { SharedV4Warning } from '@ai-sdk/provider';
import type { ReasoningOption } from '../parse/events.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import type { DebugLevel, DebugStyle, OnToolshimError, ToolSpec } from '../types.ts';
import type { CoalesceToolInputOptions } from './delta-coalescer.ts';

/** The tool-choice mode in force for one call. */
export type ToolChoiceMode =
  | { type: 'auto' }
  | { type: 'none' }
  | { type: 'required' }
  | { type: 'tool'; toolName: string };

export interface CallState {
  protocol: ToolCallProtocol;
  tools: ToolSpec[];
  toolChoice: ToolChoiceMode;
  onError: OnToolshimError;
  warnings: SharedV4Warning[];
  debug: DebugLevel;
  debugStyle: DebugStyle;
  reasoning: ReasoningOption | undefined;
  /** How tool-input deltas are grouped; undefined sends each piece as it comes. */
  coalescing: Required<CoalesceToolInputOptions> | undefined;
  droppedCalls: 'text' | 'invalid-tool-call';
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
