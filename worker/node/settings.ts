/// <reference types="node" />
/**
 * Flags and environment → the variables `proxyOptionsFromEnv` reads, plus
 * what the startup banner shows. The proxy is configured only through those
 * variables, so `toolshim serve` behaves as the Worker does with the same
 * values; the CLI adds defaults that suit a local agent client.
 */
import { type Flags, UsageError } from './args.ts';
import { protocolForModel, upstreamURL } from './presets.ts';

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
}

type Environment = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
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
  Object.assign(env, { TOOL_MODE: mode, PROTOCOL: protocol });
  if (upstream !== undefined) env.UPSTREAM_BASE_URL = upstream.url;
  if (model !== undefined) env.UPSTREAM_MODEL = model;
  if (token !== undefined) env.PROXY_TOKEN = token;
  if (apiKey !== undefined) env.UPSTREAM_API_KEY = apiKey;
  env.MAX_BODY_BYTES = nonEmpty(environment.MAX_BODY_BYTES) ?? CLI_MAX_BODY_BYTES;

  return {
    env,
    host: nonEmpty(flags.host) ?? '127.0.0.1',
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
    ['token', settings.tokenSet ? 'required (set)' : 'not required: anyone who can reach the port can use it'],
    ['api key', settings.apiKeySet ? '(set)' : 'none'],
    ['body limit', `${settings.env.MAX_BODY_BYTES} bytes`],
  ];
  return [`toolshim ${version}`, ...rows.map(([name, value]) => `  ${name.padEnd(10)} ${value}`)].join('\n');
}
