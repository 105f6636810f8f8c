/**
 * The line the Worker logs when it builds its handler: the effective
 * settings, so that `wrangler dev` (whose banner shows every `--var` as
 * "(hidden)") and `wrangler tail` say which model, format and mode run.
 * Secrets and anything that may hold one are named, never shown.
 */
import { type ProxyEnv, SECRET_VARIABLES } from '../../src/server.ts';

/** Shown as they are: none of them holds a secret. */
const SHOWN: Array<keyof ProxyEnv> = [
  'TOOL_MODE',
  'PROTOCOL',
  'UPSTREAM_MODEL',
  'HISTORY',
  'TOOL_RESULT_FILES',
  'ALLOWED_ORIGINS',
  'MAX_BODY_BYTES',
  'UPSTREAM_TIMEOUT_MS',
  'UPSTREAM_IDLE_TIMEOUT_MS',
  'STREAM_HEADERS_WITHIN_MS',
  'KEEPALIVE_MS',
  'REPLAY_DELAY_MS',
];

/** A URL without its user, password, query and fragment, which may carry a key. */
function safeURL(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

export function settingsLine(env: Record<string, unknown>): string {
  const text = (name: string) =>
    typeof env[name] === 'string' && env[name] !== '' ? (env[name] as string) : undefined;
  const upstream = text('UPSTREAM_BASE_URL');
  const parts = [
    `UPSTREAM_BASE_URL=${upstream === undefined ? '(none: the offline sample model)' : safeURL(upstream)}`,
  ];
  for (const name of SHOWN) {
    const value = text(name);
    if (value !== undefined) parts.push(`${name}=${value}`);
  }
  for (const name of SECRET_VARIABLES) parts.push(`${name} ${text(name) === undefined ? 'unset' : 'set'}`);
  return `toolshim proxy: ${parts.join(', ')}`;
}
