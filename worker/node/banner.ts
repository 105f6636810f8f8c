/// <reference types="node" />
/**
 * The startup banner of `toolshim`: what the proxy will do, then every other
 * setting that is set (from the settings rows, as the Worker's settings line
 * shows them: secrets only as "set"). Never a secret's value.
 */
import { shownSettings } from '../../src/server.ts';
import { describeLimits } from './server-limits.ts';
import { displayURL, isLoopbackHost, type Settings } from './settings.ts';

/** Variables the summary rows already say. */
const SUMMARISED = new Set([
  'UPSTREAM_BASE_URL',
  'UPSTREAM_MODEL',
  'TOOL_MODE',
  'PROTOCOL',
  'PROXY_TOKEN',
  'UPSTREAM_API_KEY',
  'ALLOWED_HOSTS',
  'MAX_BODY_BYTES',
]);

function tokenRow(settings: Settings): string {
  if (settings.tokenSet) return 'required (set)';
  return isLoopbackHost(settings.host)
    ? 'not required: any program on this machine can use the port'
    : 'NOT REQUIRED (--no-token): anyone on the network who reaches the port can use it';
}

function hostsRow(allowed: string | undefined): string {
  if (allowed === undefined || allowed.split(',').some((name) => name.trim() === '*')) return 'any';
  const others = allowed === 'localhost' ? '' : `, ${allowed}`;
  return `localhost, IP addresses${others} (others get 403: DNS rebinding)`;
}

export function describeSettings(settings: Settings, version: string): string {
  const { upstream, env } = settings;
  const rows: Array<[string, string]> = [
    [
      'upstream',
      upstream
        ? `${displayURL(upstream.url)} (${upstream.from}${upstream.preset ? ` ${upstream.preset}` : ''})`
        : 'none: the embedded offline sample model, scripted (set --upstream for a real one)',
    ],
    ['model', settings.model ?? (upstream ? "the client's (no --model)" : 'toolshim-replay')],
    ['mode', settings.mode],
    [
      'protocol',
      settings.mode === 'native'
        ? 'none: native mode forwards tools to the upstream'
        : `${settings.protocol} (${settings.protocolSource})`,
    ],
    ['token', tokenRow(settings)],
    ['hosts', hostsRow(env.ALLOWED_HOSTS)],
    ['api key', settings.apiKeySet ? '(set)' : 'none'],
    ['body limit', `${env.MAX_BODY_BYTES} bytes`],
    ['limits', describeLimits(settings.limits)],
  ];
  const others = shownSettings(env).filter(([variable]) => !SUMMARISED.has(variable));
  if (others.length > 0) rows.push(['also', others.map(([variable, text]) => `${variable}=${text}`).join(', ')]);
  return [`toolshim ${version}`, ...rows.map(([name, value]) => `  ${name.padEnd(10)} ${value}`)].join('\n');
}
