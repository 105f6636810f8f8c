/**
 * The proxy handler's settings, one row each (setting.ts says what a row
 * holds). `proxyOptionsFromEnv` reads the variables by these rows; the
 * `toolshim` command adds its flags from them; `npm run sync` writes the
 * docs tables and the wrangler.jsonc comments from them.
 */
import { FORMAT_ALIASES, FORMAT_NAMES } from '../../protocols/registry.ts';
import { safeURL } from '../../wire/upstream-auth.ts';
import { DEFAULT_STORE_MAX_BYTES, DEFAULT_STORE_TTL_MS } from '../responses/store.ts';
import {
  DEFAULT_KEEP_ALIVE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PROTOCOL,
  DEFAULT_STREAM_HEADERS_WITHIN_MS,
} from './options.ts';
import type { Setting } from './setting.ts';

/** An upstream's wait, and a stream's: 60 s. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;
/** The offline sample model's pause between tokens. */
export const DEFAULT_REPLAY_DELAY_MS = 20;

const never504 = ' (0 would time out every request with a 504; leave it unset for the default)';

export const PROXY_SETTINGS = [
  {
    variable: 'UPSTREAM_BASE_URL',
    flag: 'upstream',
    value: 'URL|NAME',
    kind: { type: 'url' },
    default: 'none: the offline sample model',
    doc: 'an OpenAI-compatible base URL (`http://127.0.0.1:8080/v1`); a user and password in it go upstream as basic auth, never in the URL',
  },
  {
    variable: 'UPSTREAM_API_KEY',
    flag: 'api-key',
    value: 'K',
    kind: { type: 'text' },
    secret: true,
    doc: 'sent upstream as `Authorization: Bearer K`; never echoed, and redacted where an upstream error quotes it',
  },
  {
    variable: 'UPSTREAM_MODEL',
    flag: 'model',
    value: 'NAME',
    kind: { type: 'text' },
    default: "the client's `model`",
    doc: 'the model id sent upstream, in place of the client’s',
  },
  {
    variable: 'UPSTREAM_TIMEOUT_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 1, why: never504 },
    default: String(DEFAULT_UPSTREAM_TIMEOUT_MS),
    doc: 'how long to wait for the upstream’s headers (and a non-streamed answer’s whole body) before answering 504',
  },
  {
    variable: 'UPSTREAM_IDLE_TIMEOUT_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 1, why: ' (leave it unset for the default)' },
    default: String(DEFAULT_UPSTREAM_TIMEOUT_MS),
    doc: 'how long a stream may send nothing before it is given up with an `upstream_timeout` error event',
  },
  {
    variable: 'TOOL_MODE',
    flag: 'mode',
    value: 'emulated|native',
    kind: { type: 'choice', choices: ['emulated', 'native'] },
    default: 'emulated',
    doc: 'emulated teaches the tools in the prompt and parses the calls from the text; native forwards them to an upstream that has tool calling',
  },
  {
    variable: 'PROTOCOL',
    flag: 'protocol',
    value: 'NAME|auto',
    kind: { type: 'choice', choices: FORMAT_NAMES, aliases: FORMAT_ALIASES, noun: 'a format name' },
    default: DEFAULT_PROTOCOL,
    doc: 'emulated mode’s format: any name of the format table, or `auto`',
  },
  {
    variable: 'TOOL_RESULT_FILES',
    kind: { type: 'choice', choices: ['placeholder', 'attach'] },
    default: 'placeholder',
    doc: 'emulated mode: an image in a tool result as a line naming the file, or `attach`ed for a model that reads images',
  },
  {
    variable: 'HISTORY',
    kind: { type: 'choice', choices: ['text', 'native'] },
    default: 'text',
    doc: 'emulated mode: earlier calls and results as the format’s text, or `native` `tool_calls` and `tool` messages for an upstream that renders them through the model’s chat template',
  },
  {
    variable: 'PROXY_TOKEN',
    flag: 'token',
    value: 'T',
    kind: { type: 'text' },
    secret: true,
    doc: 'clients must send it as `Authorization: Bearer T` (on `/v1/messages` also `x-api-key: T`, on the Gemini routes `x-goog-api-key: T` or `?key=T`), else 401',
  },
  {
    variable: 'ALLOWED_HOSTS',
    flag: 'allowed-hosts',
    value: 'H,…',
    kind: { type: 'list' },
    default: 'any host',
    doc: 'host names answered besides IP addresses and `localhost` (`.example.com`: with subdomains; `*`: any); others get 403',
  },
  {
    variable: 'ALLOWED_ORIGINS',
    kind: { type: 'list' },
    default: 'none (no CORS headers)',
    doc: 'the CORS allow-list: comma-separated origins, or `*`',
  },
  {
    variable: 'MAX_BODY_BYTES',
    kind: { type: 'integer', unit: 'bytes', min: 1 },
    default: String(DEFAULT_MAX_BODY_BYTES),
    doc: 'the largest request body; larger gets 413',
  },
  {
    variable: 'RESPONSES_STORE_MAX_BYTES',
    kind: { type: 'integer', unit: 'bytes', min: 1 },
    default: String(DEFAULT_STORE_MAX_BYTES),
    doc: 'the Responses answers kept for `previous_response_id` and `item_reference`, at most this much JSON; past it the oldest go (a Worker: per isolate, unless a `RESPONSES_STORE` KV namespace is bound)',
  },
  {
    variable: 'RESPONSES_STORE_TTL_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 1 },
    default: String(DEFAULT_STORE_TTL_MS),
    doc: 'how long a Responses answer is kept for later references',
  },
  {
    variable: 'REPLAY_DELAY_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 0 },
    default: String(DEFAULT_REPLAY_DELAY_MS),
    doc: 'the offline sample model’s pause between tokens',
  },
  {
    variable: 'STREAM_HEADERS_WITHIN_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 0 },
    default: String(DEFAULT_STREAM_HEADERS_WITHIN_MS),
    doc: 'how long a streamed answer’s `200` waits for the upstream to start, so an early upstream failure keeps its status',
  },
  {
    variable: 'KEEPALIVE_MS',
    kind: { type: 'integer', unit: 'milliseconds', min: 1 },
    default: String(DEFAULT_KEEP_ALIVE_MS),
    doc: 'a quiet stream’s keep-alive interval (`: ping`, or the API’s own `ping` event)',
  },
] as const satisfies readonly Setting[];

export type ProxyVariable = (typeof PROXY_SETTINGS)[number]['variable'];

/** The variables the proxy reads, each a string (a Worker var or secret, an environment variable); all optional. */
export type ProxyEnv = { [Name in ProxyVariable]?: string };

/** The row of a variable. */
export function settingOf(variable: ProxyVariable): Setting {
  return PROXY_SETTINGS.find((setting) => setting.variable === variable) as Setting;
}

/** The variables that hold secrets: never shown, logged, or handed on to another program. */
export const SECRET_VARIABLES: readonly ProxyVariable[] = PROXY_SETTINGS.filter(
  (setting: Setting) => setting.secret === true,
).map((setting) => setting.variable);

/**
 * Every variable of `env` that is set, as a log or banner may show it: a
 * secret only as `set`, a URL without what may carry a key, anything else
 * as it is. In the table's order.
 */
export function shownSettings(env: Record<string, unknown>): Array<[variable: ProxyVariable, shown: string]> {
  const shown: Array<[ProxyVariable, string]> = [];
  for (const setting of PROXY_SETTINGS as readonly Setting[]) {
    const value = env[setting.variable as string];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const text = setting.secret ? 'set' : setting.kind.type === 'url' ? safeURL(value.trim()) : value.trim();
    shown.push([setting.variable as ProxyVariable, text]);
  }
  return shown;
}
