/// <reference types="node" />
/** What a client's launcher is told, and what it gives back to start the client with. */

export interface LaunchRequest {
  /** The proxy, without /v1. */
  url: string;
  token: string;
  /** The model the client is to ask for. */
  model: string;
  /** The client's own arguments, as typed after ours. */
  args: string[];
  /** The model's context window (--context; SAMPLE_CONTEXT_TOKENS on the sample model), when known. */
  context?: number;
  /** The model is the embedded scripted sample model (no --upstream): its metadata is ours to give. */
  scripted?: boolean;
  /** The user's environment (for where the client keeps its configuration). */
  environment: Record<string, string | undefined>;
}

export interface Launch {
  args: string[];
  /** Variables to set in the child's environment; `undefined` removes one. */
  env: Record<string, string | undefined>;
  /** Removes what the launch made for this run (Gemini CLI's home for the run), once the client exited. */
  cleanup?: () => void;
}

/**
 * The window the clients are told for the embedded sample model, which has
 * none of its own: without one, Claude Code and Codex print a warning about a
 * model they do not know on every run.
 */
export const SAMPLE_CONTEXT_TOKENS = 131_072;
