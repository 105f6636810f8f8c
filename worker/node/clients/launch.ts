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
  /** The model's context window (--context), when known. */
  context?: number;
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
