/// <reference types="node" />
/**
 * Flags and environment → the variables `proxyOptionsFromEnv` reads, plus
 * what the startup banner shows. The proxy is configured only through those
 * variables, so `toolshim serve` behaves as the Worker does with the same
 * values; the command adds defaults that suit a local agent client
 * (command-settings.ts). Each value is checked by its row, and an error names
 * what the user typed: the flag, or the variable.
 */
import { type ProxyVariable, readSetting, type Setting } from '../../src/server.ts';
import type { Flags } from './args.ts';
import { COMMAND_MAX_BODY_BYTES, COMMAND_SETTINGS, flagSetting } from './command-settings.ts';
import { type ServerLimits, serverLimits } from './server-limits.ts';
import { protocolForModel, upstreamURL } from './upstream-presets.ts';
import { UsageError } from './usage-error.ts';

export interface Settings {
  /** The variables for `proxyOptionsFromEnv`: the environment with the flags applied. */
  env: Record<string, string>;
  /** For each variable a flag set, that flag (`--mode`): the handler's errors name it. */
  sources: Partial<Record<ProxyVariable, string>>;
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

/** A command row's value, from its flag or its variable, checked by the row; the error names what was typed. */
function commandValue(flags: Flags, environment: Environment, flag: string, readVariable = true) {
  const setting = flagSetting(flag) as Setting & { flag: string };
  const typed = flags[flag];
  const raw = typed ?? (readVariable && setting.variable ? environment[setting.variable] : undefined);
  try {
    return readSetting(setting, raw, {
      from: typed !== undefined ? `--${flag}` : (setting.variable ?? flag),
      echo: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The environment with every flag that sets a variable applied, and which flag set which variable. */
function applyFlags(flags: Flags, environment: Environment) {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) if (value !== undefined) env[name] = value;
  const sources: Partial<Record<ProxyVariable, string>> = {};
  for (const setting of COMMAND_SETTINGS) {
    if (setting.flag === undefined || setting.variable === undefined || setting.commandOnly) continue;
    const typed = flags[setting.flag];
    if (typed === undefined) continue;
    env[setting.variable] = typed.trim();
    sources[setting.variable as ProxyVariable] = `--${setting.flag}`;
  }
  return { env, sources };
}

/** The format, and where it came from: a flag, the variable, the model-name table, or the default. */
function protocolOf(flags: Flags, environment: Environment, model: string | undefined) {
  const given = nonEmpty(flags.protocol) ?? nonEmpty(environment.PROTOCOL);
  if (given !== undefined) return { protocol: given, source: flags.protocol !== undefined ? '--protocol' : 'PROTOCOL' };
  const fromTable = model === undefined ? undefined : protocolForModel(model);
  return {
    protocol: fromTable?.protocol ?? 'auto',
    source: fromTable ? `model-name table: ${fromTable.pattern}` : 'default: no --protocol, no table match',
  };
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
  const { env, sources } = applyFlags(flags, environment);
  const upstreamValue = nonEmpty(env.UPSTREAM_BASE_URL);
  const upstream = upstreamValue === undefined ? undefined : upstreamURL(upstreamValue);
  const model = nonEmpty(env.UPSTREAM_MODEL);
  const mode = (nonEmpty(env.TOOL_MODE) ?? 'emulated').toLowerCase();
  const { protocol, source: protocolSource } = protocolOf(flags, environment, model);
  const port = (commandValue(flags, environment, 'port', readPortVariable) as number | undefined) ?? defaultPort;
  const token = nonEmpty(env.PROXY_TOKEN);
  const host = (commandValue(flags, environment, 'host') as string | undefined) ?? '127.0.0.1';
  const allowedHosts = exposure(host, token, flags, nonEmpty(env.ALLOWED_HOSTS));

  Object.assign(env, { TOOL_MODE: mode, PROTOCOL: protocol });
  if (upstream !== undefined) env.UPSTREAM_BASE_URL = upstream.url;
  if (allowedHosts !== undefined) env.ALLOWED_HOSTS = allowedHosts;
  else delete env.ALLOWED_HOSTS;
  env.MAX_BODY_BYTES = nonEmpty(environment.MAX_BODY_BYTES) ?? String(COMMAND_MAX_BODY_BYTES);

  return {
    env,
    sources,
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
    apiKeySet: nonEmpty(env.UPSTREAM_API_KEY) !== undefined,
    limits: serverLimits(environment),
  };
}

/** `--context`, or TOOLSHIM_CONTEXT_TOKENS: the model's window in tokens, checked by its row. */
export function contextTokens(flags: Flags, environment: Environment): number | undefined {
  return commandValue(flags, environment, 'context') as number | undefined;
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
