/// <reference types="node" />
/**
 * The command line of `toolshim`: a command, then flags. Kept free of I/O so
 * the tests can feed it any argv; cli.ts turns a UsageError into the usage
 * text on stderr and exit code 2.
 */

/** Each flag, and the variable that also sets it (the Worker's name, so one `.env` serves both). */
export const FLAG_VARIABLES = {
  upstream: 'UPSTREAM_BASE_URL',
  protocol: 'PROTOCOL',
  mode: 'TOOL_MODE',
  model: 'UPSTREAM_MODEL',
  port: 'PORT',
  host: undefined,
  token: 'PROXY_TOKEN',
  'no-token': undefined,
  'allowed-hosts': 'ALLOWED_HOSTS',
  'api-key': 'UPSTREAM_API_KEY',
  context: 'TOOLSHIM_CONTEXT_TOKENS',
} as const;

/** Flags that take no value: present or not (their value in Flags is "true"). */
const SWITCHES: ReadonlySet<FlagName> = new Set(['no-token']);

export type FlagName = keyof typeof FLAG_VARIABLES;
export type Flags = Partial<Record<FlagName, string>>;
export type ClientName = 'claude' | 'codex';

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'serve'; flags: Flags }
  | { kind: 'client'; client: ClientName; flags: Flags; clientArgs: string[] };

/** A mistake on the command line: cli.ts prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage:
  toolshim serve  [flags]                 run the proxy (OpenAI chat completions, Responses, Anthropic Messages)
  toolshim claude [flags] [--] [args...]  run Claude Code on the proxy (args go to claude)
  toolshim codex  [flags] [--] [args...]  run Codex CLI on the proxy (args go to codex)
  toolshim --help | --version

Flags (each also read from the variable in brackets; a flag wins):
  --upstream URL|NAME   OpenAI-compatible base URL, or ollama, llamacpp, lmstudio, vllm [UPSTREAM_BASE_URL]
                        (none: the embedded offline sample model)
  --model NAME          the model id sent upstream [UPSTREAM_MODEL]
  --protocol NAME|auto  the tool-call format; default: from the model name, else auto [PROTOCOL]
  --mode emulated|native  emulated (default) teaches and parses tools; native forwards them [TOOL_MODE]
  --port N              default 8787 for serve, a free port for claude/codex; 0 picks a free one [PORT]
  --host H              default 127.0.0.1; beyond loopback (0.0.0.0, a LAN address) serve needs --token
  --token T             clients must send it as a bearer token [PROXY_TOKEN]; claude/codex make one per run
  --no-token            serve beyond loopback without a token: anyone who reaches the port uses the upstream
  --allowed-hosts H,..  host names answered besides localhost and IP addresses; on loopback the others get
                        403, which keeps web pages that rebind their name to 127.0.0.1 out [ALLOWED_HOSTS]
  --api-key K           sent upstream as a bearer token [UPSTREAM_API_KEY]
  --context N           claude/codex: the model's context window in tokens, so the client compacts
                        before the upstream refuses a long prompt [TOOLSHIM_CONTEXT_TOKENS]
Other variables of the Worker (MAX_BODY_BYTES, UPSTREAM_TIMEOUT_MS, KEEPALIVE_MS, ...) and the server's limits
(HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, MAX_CONNECTIONS) are read from the environment.
Docs: node_modules/toolshim/worker/README.md, section "One command: toolshim".`;

const FLAG_NAMES = Object.keys(FLAG_VARIABLES) as FlagName[];

/**
 * Reads `--name value` and `--name=value` flags from the front of `args`.
 * `stopAtUnknown` (claude, codex): the first argument that is not one of our
 * flags, and everything after it, is the client's; `--` ends our flags
 * explicitly. Otherwise (serve) an unknown argument is an error.
 */
function readFlags(args: string[], stopAtUnknown: boolean): { flags: Flags; rest: string[] } {
  const flags: Flags = {};
  let i = 0;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === '--') return { flags, rest: args.slice(i + 1) };
    const match = /^--([a-z-]+)(?:=([\s\S]*))?$/.exec(arg);
    const name = match?.[1] as FlagName | undefined;
    if (name === undefined || !FLAG_NAMES.includes(name)) {
      if (stopAtUnknown) return { flags, rest: args.slice(i) };
      throw new UsageError(`Unknown argument: ${arg}`);
    }
    let value = match?.[2];
    if (SWITCHES.has(name)) {
      if (value !== undefined) throw new UsageError(`--${name} takes no value.`);
      value = 'true';
    } else if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
      i += 1;
    }
    // `--token ""` or `--token=` (an unset shell variable, say) must not quietly mean "no token".
    if (value.trim() === '') throw new UsageError(`--${name} is empty: give it a value, or leave the flag out.`);
    flags[name] = value;
    i += 1;
  }
  return { flags, rest: [] };
}

/** `argv` without node and the script: `['serve', '--port', '0']`. Throws UsageError. */
export function parseArgs(argv: readonly string[]): Command {
  const [command, ...args] = argv;
  if (command === undefined) throw new UsageError('Name a command: serve, claude or codex.');
  if (command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command === '--version' || command === '-v' || command === '-V') return { kind: 'version' };
  if (command === 'serve') {
    if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
    return { kind: 'serve', flags: readFlags(args, false).flags };
  }
  if (command === 'claude' || command === 'codex') {
    const { flags, rest } = readFlags(args, true);
    return { kind: 'client', client: command, flags, clientArgs: rest };
  }
  throw new UsageError(
    command.startsWith('-') ? `Unknown flag: ${command} (flags go after the command)` : `Unknown command: ${command}`,
  );
}
