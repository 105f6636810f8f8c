/// <reference types="node" />
/**
 * Every setting `toolshim` reads: the handler's rows (src/server/core/
 * settings.ts), what the command does differently with some of them, and
 * the command's own rows (the port and host, the switch for a token-less
 * LAN proxy, the client's context window, the socket limits). The flags,
 * the help, the validation and the docs' flags table come from here.
 */
import { PROXY_SETTINGS, type ProxyVariable, type Setting } from '../../src/server.ts';
import { CLIENT_NAMES } from './clients/client-table.ts';
import { SAMPLE_CONTEXT_TOKENS } from './clients/launch.ts';
import { SERVER_LIMIT_SETTINGS } from './server-limits.ts';
import { PRESET_START_HINTS } from './upstream-presets.ts';

/** The client commands, as the docs name them (`claude, codex, gemini`), from the client table. */
const clients = CLIENT_NAMES.join(', ');

/**
 * Agent clients send the whole conversation with every request: a Claude Code
 * or Codex session passes the Worker's 1 MB default within minutes.
 */
export const COMMAND_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Where the command's default or meaning differs from the Worker's, by variable. */
const COMMAND_DIFFERENCES: Partial<Record<ProxyVariable, Partial<Pick<Setting, 'default' | 'doc'>>>> = {
  UPSTREAM_BASE_URL: {
    doc: `an OpenAI-compatible base URL, or a local server's name: ${Object.keys(PRESET_START_HINTS).join(', ')}`,
  },
  UPSTREAM_MODEL: {
    default: "serve: the client's `model`",
    doc: `the model id sent upstream; with ${clients}, also the name the client asks for`,
  },
  PROTOCOL: { default: 'from the model name, else `auto`' },
  PROXY_TOKEN: {
    default: `serve: none; ${clients}: a random token for the run`,
    doc: 'clients must send it as `Authorization: Bearer T`; an empty `--token` is refused, an empty `PROXY_TOKEN` counts as unset',
  },
  ALLOWED_HOSTS: {
    default: 'without a token: `localhost`',
    doc: 'host names answered besides localhost and IP addresses; without a token any other Host gets 403 (DNS rebinding)',
  },
  MAX_BODY_BYTES: { default: String(COMMAND_MAX_BODY_BYTES) },
};

const OWN_SETTINGS: readonly Setting[] = [
  {
    variable: 'PORT',
    flag: 'port',
    value: 'N',
    kind: { type: 'integer', min: 0, max: 65535 },
    default: `serve: 8787; ${clients}: a free port`,
    commandOnly: true,
    doc: `\`0\` picks a free port, which the listening line names; ${clients} ignore \`PORT\``,
  },
  {
    flag: 'host',
    value: 'H',
    kind: { type: 'text' },
    default: '127.0.0.1',
    commandOnly: true,
    doc: 'the address to listen on; beyond loopback (`0.0.0.0`, a LAN address) serve needs `--token` or `--no-token`',
  },
  {
    flag: 'no-token',
    kind: { type: 'switch' },
    commandOnly: true,
    doc: 'serve beyond loopback without a token: anyone on the network who reaches the port uses the upstream',
  },
  {
    flag: 'skip-upstream-check',
    kind: { type: 'switch' },
    commandOnly: true,
    doc: `${clients}: start the client even when the upstream cannot be used yet (the startup check found it down, or its key refused)`,
  },
  {
    variable: 'TOOLSHIM_CONTEXT_TOKENS',
    flag: 'context',
    value: 'N',
    kind: { type: 'integer', unit: 'tokens', min: 1024, why: ' (no model worth an agent has less)' },
    commandOnly: true,
    doc: `${clients}: the model's context window, so the client compacts before the upstream refuses a long prompt (with no \`--upstream\`, ${SAMPLE_CONTEXT_TOKENS} for the sample model)`,
  },
  ...SERVER_LIMIT_SETTINGS,
];

/** Every setting the command reads, as the command reads it: the handler's (with the command's differences), then its own. */
export const COMMAND_SETTINGS: readonly Setting[] = [
  ...PROXY_SETTINGS.map((setting: Setting) => ({
    ...setting,
    ...COMMAND_DIFFERENCES[setting.variable as ProxyVariable],
  })),
  ...OWN_SETTINGS,
];

/** The settings a flag sets, in the help's order: the handler's, then the command's own. */
export const FLAG_SETTINGS: readonly (Setting & { flag: string })[] = COMMAND_SETTINGS.filter(
  (setting): setting is Setting & { flag: string } => setting.flag !== undefined,
);

/** The setting of a flag name (without `--`). */
export function flagSetting(flag: string): (Setting & { flag: string }) | undefined {
  return FLAG_SETTINGS.find((setting) => setting.flag === flag);
}
