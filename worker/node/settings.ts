/// <reference types="node" />
/**
 * Flags and environment → the variables `proxyOptionsFromEnv` reads, plus
 * what the startup banner shows. The proxy is configured only through those
 * variables, so `toolshim serve` behaves as the Worker does with the same
 * values; the CLI adds defaults that suit a local agent client.
 */
import { type Flags, UsageError } from './args.ts';
import { protocolForModel, upstreamURL } from './presets.ts';
import { describeLimits, type ServerLimits, serverLimits } from './server-limits.ts';

/**
 * Agent clients send the whole conversation with every request: a Claude Code
 * or Codex session passes the Worker's 1 MB default within minutes.
 */
export const CLI_MAX_BODY_BYTES = '16777216';

export interface Settings {
  /** The variables for `proxyOptionsFromEnv`: the environment with the flags applied. */
  env: Record<string, string>;
  host: string;
  port: number;
  upstream?: { url: string; preset?: string; from: string };
  model?: string;
  mode: string;
  protocol: string;
  /** Where the protocol came from: a flag, the variable, the model-name table, or the default. */
  protocolSource: string;
  tokenSet: boolean;
  apiKeySet: boolean;
  limits: ServerLimits;
}

type Environment = Record<string, string | undefined>;

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** An address only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * The token rule and the Host allow-list. Beyond loopback anyone on the
 * network reaches the port, so a token is required unless `--no-token` says
 * that is meant. Without a token, only localhost and IP addresses are
 * answered unless more names are listed: a web page that points its own name
 * at this machine (DNS rebinding) gets 403. With a token such a page gets
 * 401 anyway, so any host name is answered.
 */
function exposure(host: string, token: string | undefined, flags: Flags, allowedHosts: string | undefined) {
  const loopback = isLoopbackHost(host);
  if (!loopback && token === undefined && flags['no-token'] === undefined) {
    throw new UsageError(
      `--host ${host} listens beyond this machine, and without a token anyone who reaches the port uses the upstream (and its key): set --token T (clients send it as a bearer token), or pass --no-token if that is what you want.`,
    );
  }
  if (token !== undefined && flags['no-token'] !== undefined) {
    throw new UsageError('--no-token and a token (--token or PROXY_TOKEN) contradict each other: keep one.');
  }
  return allowedHosts ?? (token === undefined ? 'localhost' : undefined);
}

/** A TCP port: a whole number 0-65535 (0: the system picks a free one). */
export function parsePort(value: string, from: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) throw new UsageError(`${from} must be a port number 0-65535.`);
  return port;
}

/**
 * `defaultPort`: serve uses 8787 (the Worker's dev port) and reads PORT;
 * claude and codex pass 0 and ignore PORT, which often belongs to something else.
 */
export function resolveSettings(
  flags: Flags,
  environment: Environment,
  { defaultPort, readPortVariable }: { defaultPort: number; readPortVariable: boolean },
): Settings {
  const pick = (flag: keyof Flags, variable: string) =>
    nonEmpty(flags[flag]) ?? nonEmpty(environment[variable]) ?? undefined;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) if (value !== undefined) env[name] = value;

  const upstreamValue = pick('upstream', 'UPSTREAM_BASE_URL');
  const upstream = upstreamValue === undefined ? undefined : upstreamURL(upstreamValue);
  const model = pick('model', 'UPSTREAM_MODEL');
  const mode = (pick('mode', 'TOOL_MODE') ?? 'emulated').toLowerCase();

  let protocol = nonEmpty(flags.protocol);
  let protocolSource = '--protocol';
  if (protocol === undefined && nonEmpty(environment.PROTOCOL) !== undefined) {
    protocol = nonEmpty(environment.PROTOCOL);
    protocolSource = 'PROTOCOL';
  }
  if (protocol === undefined) {
    const fromTable = model === undefined ? undefined : protocolForModel(model);
    protocol = fromTable?.protocol ?? 'auto';
    protocolSource = fromTable ? `model-name table: ${fromTable.pattern}` : 'default: no --protocol, no table match';
  }

  const portFlag = nonEmpty(flags.port);
  const portVariable = readPortVariable ? nonEmpty(environment.PORT) : undefined;
  const port =
    portFlag !== undefined
      ? parsePort(portFlag, '--port')
      : portVariable !== undefined
        ? parsePort(portVariable, 'PORT')
        : defaultPort;

  const token = pick('token', 'PROXY_TOKEN');
  const apiKey = pick('api-key', 'UPSTREAM_API_KEY');
  const host = nonEmpty(flags.host) ?? '127.0.0.1';
  const allowedHosts = exposure(host, token, flags, pick('allowed-hosts', 'ALLOWED_HOSTS'));
  Object.assign(env, { TOOL_MODE: mode, PROTOCOL: protocol });
  if (allowedHosts !== undefined) env.ALLOWED_HOSTS = allowedHosts;
  else delete env.ALLOWED_HOSTS;
  if (upstream !== undefined) env.UPSTREAM_BASE_URL = upstream.url;
  if (model !== undefined) env.UPSTREAM_MODEL = model;
  if (token !== undefined) env.PROXY_TOKEN = token;
  if (apiKey !== undefined) env.UPSTREAM_API_KEY = apiKey;
  env.MAX_BODY_BYTES = nonEmpty(environment.MAX_BODY_BYTES) ?? CLI_MAX_BODY_BYTES;

  return {
    env,
    host,
    port,
    ...(upstream
      ? { upstream: { ...upstream, from: flags.upstream !== undefined ? '--upstream' : 'UPSTREAM_BASE_URL' } }
      : {}),
    ...(model !== undefined ? { model } : {}),
    mode,
    protocol,
    protocolSource,
    tokenSet: token !== undefined,
    apiKeySet: apiKey !== undefined,
    limits: serverLimits(environment),
  };
}

/** A URL for display: user and password, if any, replaced (they are secrets too). */
export function displayURL(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '***';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** The startup banner: every effective setting, never a secret's value. */
export function describeSettings(settings: Settings, version: string): string {
  const { upstream } = settings;
  const rows: Array<[string, string]> = [
    [
      'upstream',
      upstream
        ? `${displayURL(upstream.url)} (${upstream.from}${upstream.preset ? ` ${upstream.preset}` : ''})`
        : 'none: the embedded offline sample model (set --upstream for a real one)',
    ],
    ['model', settings.model ?? (upstream ? "the client's (no --model)" : 'toolshim-replay')],
    ['mode', settings.mode],
    [
      'protocol',
      settings.mode === 'native'
        ? 'none: native mode forwards tools to the upstream'
        : `${settings.protocol} (${settings.protocolSource})`,
    ],
    [
      'token',
      settings.tokenSet
        ? 'required (set)'
        : isLoopbackHost(settings.host)
          ? 'not required: any program on this machine can use the port'
          : 'NOT REQUIRED (--no-token): anyone on the network who reaches the port can use it',
    ],
    [
      'hosts',
      settings.env.ALLOWED_HOSTS === undefined ||
      settings.env.ALLOWED_HOSTS.split(',').some((name) => name.trim() === '*')
        ? 'any'
        : `localhost, IP addresses${settings.env.ALLOWED_HOSTS === 'localhost' ? '' : `, ${settings.env.ALLOWED_HOSTS}`} (others get 403: DNS rebinding)`,
    ],
    ['api key', settings.apiKeySet ? '(set)' : 'none'],
    ['body limit', `${settings.env.MAX_BODY_BYTES} bytes`],
    ['limits', describeLimits(settings.limits)],
  ];
  return [`toolshim ${version}`, ...rows.map(([name, value]) => `  ${name.padEnd(10)} ${value}`)].join('\n');
}
