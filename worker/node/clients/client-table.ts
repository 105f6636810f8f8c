/// <reference types="node" />
/**
 * The clients `toolshim <client>` runs: one row each, from which the command
 * line (args.ts), its usage text and the not-installed message are made.
 */
import { claudeLaunch } from './claude.ts';
import { codexLaunch } from './codex.ts';
import { geminiLaunch } from './gemini.ts';
import type { Launch, LaunchRequest } from './launch.ts';

export interface ClientInfo {
  binary: string;
  title: string;
  install: string;
  /** The API it speaks to the proxy, for the usage text. */
  speaks: string;
  launch(request: LaunchRequest): Launch;
}

export const CLIENTS = {
  claude: {
    binary: 'claude',
    title: 'Claude Code',
    install: 'npm install -g @anthropic-ai/claude-code',
    speaks: 'Anthropic Messages',
    launch: claudeLaunch,
  },
  codex: {
    binary: 'codex',
    title: 'Codex CLI',
    install: 'npm install -g @openai/codex',
    speaks: 'OpenAI Responses',
    launch: codexLaunch,
  },
  gemini: {
    binary: 'gemini',
    title: 'Gemini CLI',
    install: 'npm install -g @google/gemini-cli',
    speaks: 'the Gemini API',
    launch: (request) => geminiLaunch(request),
  },
} as const satisfies Record<string, ClientInfo>;

export type ClientName = keyof typeof CLIENTS;

export const CLIENT_NAMES = Object.keys(CLIENTS) as ClientName[];

export function isClientName(name: string): name is ClientName {
  return Object.hasOwn(CLIENTS, name);
}
