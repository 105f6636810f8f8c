/// <reference types="node" />
/**
 * `toolshim claude` and `toolshim codex`: how each client is found and pointed
 * at the proxy. Everything goes through the child's environment and argv, so
 * the user's own configuration (~/.claude, ~/.codex/config.toml) is never
 * written to, and their real API keys are never sent to the proxy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { SECRET_VARIABLES } from '../../src/server.ts';
import type { ClientName } from './args.ts';

interface ClientInfo {
  binary: string;
  title: string;
  install: string;
}

export const CLIENTS: Readonly<Record<ClientName, ClientInfo>> = {
  claude: { binary: 'claude', title: 'Claude Code', install: 'npm install -g @anthropic-ai/claude-code' },
  codex: { binary: 'codex', title: 'Codex CLI', install: 'npm install -g @openai/codex' },
};

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The client's executable: the project's own node_modules/.bin first (cwd,
 * then toolshim's package, then the folder toolshim is installed in), then
 * PATH. `undefined` when none is found.
 */
export function findClient(
  name: ClientName,
  { cwd, packageRoot, path }: { cwd: string; packageRoot: string; path: string },
): string | undefined {
  const { binary } = CLIENTS[name];
  const local = [join(cwd, 'node_modules', '.bin'), join(packageRoot, 'node_modules', '.bin')];
  // Installed as a dependency, toolshim sits in <app>/node_modules/toolshim: its neighbours' bins are one up.
  if (basename(dirname(packageRoot)) === 'node_modules') local.push(join(dirname(packageRoot), '.bin'));
  const onPath = path.split(delimiter).filter((dir) => dir !== '');
  return [...local, ...onPath].map((dir) => join(dir, binary)).find(executable);
}

export function notInstalledMessage(name: ClientName): string {
  const { title, install, binary } = CLIENTS[name];
  return `${title} is not installed: ${install} (or npx toolshim ${binary} after installing it)`;
}

export interface Launch {
  args: string[];
  /** Variables to set in the child's environment; `undefined` removes one. */
  env: Record<string, string | undefined>;
}

/**
 * The window, and for a small one a smaller output reserve: Claude Code keeps
 * room for a whole answer (32k tokens by default) beside a prompt that is
 * about 14k tokens before any work, so with `--context 24000` it refused
 * every request ("Prompt is too long") until CLAUDE_CODE_MAX_OUTPUT_TOKENS
 * was 4096 (checked with 2.1.328 on the sample model). A sixth of the window,
 * at least 4096, below 128k.
 */
function claudeWindow(context: number): Record<string, string> {
  const env: Record<string, string> = { CLAUDE_CODE_MAX_CONTEXT_TOKENS: String(context) };
  if (context < 131_072) env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(Math.max(4096, Math.floor(context / 6)));
  return env;
}

/**
 * Claude Code speaks Messages to ANTHROPIC_BASE_URL (without /v1). The token
 * goes as ANTHROPIC_AUTH_TOKEN (a bearer token); ANTHROPIC_API_KEY is
 * withheld (WITHHELD_VARIABLES), so the user's real key is not sent to the
 * proxy, and Claude Code does not ask which of the two credentials to use.
 * `context`: the model's window, as
 * CLAUDE_CODE_MAX_CONTEXT_TOKENS; a model name it does not know is otherwise
 * taken to hold far more than a local model does, so it would compact only
 * after the upstream refused a prompt. (Its other knob,
 * CLAUDE_CODE_AUTO_COMPACT_WINDOW, refuses values under 100k, as Claude Code
 * 2.1.328 says when given 32768.)
 */
export function claudeLaunch(url: string, token: string, model: string, args: string[], context?: number): Launch {
  return {
    args,
    env: {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_AUTH_TOKEN: token,
      ANTHROPIC_MODEL: model,
      // Claude Code's model for small background requests (titles, summaries): the same local model.
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      ...(context !== undefined ? claudeWindow(context) : {}),
    },
  };
}

/** A TOML string for a `-c key=value` override: a JSON string is a valid TOML basic string. */
const toml = (value: string) => JSON.stringify(value);

/**
 * Codex CLI speaks Responses to a model provider. `-c` overrides define a
 * provider for this run only, leaving ~/.codex/config.toml as it is; its
 * `env_key` names the variable that carries the token. Codex declares a hosted
 * web_search tool by default, which a local model cannot run: it is disabled.
 */
export function codexLaunch(url: string, token: string, model: string, args: string[], context?: number): Launch {
  const overrides = [
    'model_provider="toolshim"',
    'model_providers.toolshim.name="toolshim"',
    `model_providers.toolshim.base_url=${toml(`${url}/v1`)}`,
    'model_providers.toolshim.wire_api="responses"',
    'model_providers.toolshim.env_key="TOOLSHIM_PROXY_TOKEN"',
    `model=${toml(model)}`,
    'web_search="disabled"',
  ];
  if (context !== undefined) {
    // Codex's own keys for a model it has no metadata for; it compacts at the limit, here 85% of the window.
    overrides.push(`model_context_window=${context}`, `model_auto_compact_token_limit=${Math.floor(context * 0.85)}`);
  }
  return { args: [...overrides.flatMap((value) => ['-c', value]), ...args], env: { TOOLSHIM_PROXY_TOKEN: token } };
}

/**
 * What the client is not given: the proxy's own secrets (the upstream key,
 * the token from the user's environment) and the credentials of hosted
 * providers, which the client would otherwise send elsewhere or hand to the
 * model's shell tool. It gets its token for this run from the launch instead.
 */
export const WITHHELD_VARIABLES: readonly string[] = [
  ...SECRET_VARIABLES,
  'OPENAI_API_KEY',
  'CODEX_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
];

/** The child's environment: ours without the withheld variables, with the launch's changes. */
export function childEnvironment(
  base: Record<string, string | undefined>,
  changes: Record<string, string | undefined>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !WITHHELD_VARIABLES.includes(name)) env[name] = value;
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * Runs the client on the terminal and resolves with the exit code to pass on
 * (128 + the signal's number when it was killed by one, as shells report it).
 * Ctrl-C reaches the client directly (same process group): it decides what
 * an interrupt means, so ours is ignored while it runs.
 */
export function runClient(binary: string, launch: Launch, base: Record<string, string | undefined>): Promise<number> {
  const child: ChildProcess = spawn(binary, launch.args, {
    stdio: 'inherit',
    env: childEnvironment(base, launch.env),
  });
  const ignore = () => {};
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward('SIGTERM');
  const onHup = forward('SIGHUP');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onHup);
  return new Promise((resolve) => {
    const finish = (code: number) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', onHup);
      resolve(code);
    };
    child.once('error', (error) => {
      console.error(`toolshim: could not start ${binary}: ${error.message}`);
      finish(127);
    });
    child.once('exit', (code, signal) => {
      finish(code ?? 128 + (signal ? osConstants.signals[signal] : 0));
    });
  });
}
