/**
 * The docs of the proxy's settings, from their rows (src/server/core/
 * settings.ts, worker/node/command-settings.ts): the flags table and the
 * variables table of the proxy's manual, and the comments listing every
 * variable in worker/cloudflare/wrangler.jsonc.
 */
import { PROXY_SETTINGS, type Setting } from '../../src/server.ts';
import { CLIENT_NAMES, CLIENTS } from '../../worker/node/clients/client-table.ts';
import { COMMAND_SETTINGS, FLAG_SETTINGS } from '../../worker/node/command-settings.ts';
import { jsoncMarkers, markdownMarkers } from './generated-block.ts';

const SOURCE = 'the settings rows';
export const FLAGS_BLOCK = markdownMarkers('settings-flags', SOURCE);
export const VARIABLES_BLOCK = markdownMarkers('settings-variables', SOURCE);
export const WRANGLER_BLOCK = jsoncMarkers('settings', SOURCE);
export const COMMANDS_BLOCK = markdownMarkers('commands', 'the client table (worker/node/clients/client-table.ts)');

const code = (text: string) => `\`${text}\``;
/** A cell: a default that is a bare number or word in code, a sentence as it is. */
const defaultCell = (value: string | undefined) =>
  value === undefined ? '' : /^[\w.-]+$/.test(value) ? code(value) : value;
const pipes = (text: string) => text.replaceAll('|', '\\|');

export function renderFlagsTable(): string {
  const rows = FLAG_SETTINGS.map((setting) => {
    const flag = code(`--${setting.flag}${setting.value ? ` ${setting.value}` : ''}`);
    const variable = setting.variable ? code(setting.variable) : '';
    return `| ${pipes(flag)} | ${variable} | ${pipes(defaultCell(setting.default))} | ${pipes(setting.doc)} |`;
  });
  return ['| flag | variable | default | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The command's commands: serve, one row per client of the client table, help and version. */
export function renderCommandsTable(): string {
  const clients = CLIENT_NAMES.map((name) => {
    const { binary, title } = CLIENTS[name];
    return `| \`toolshim ${name} [flags] [--] [args...]\` | the proxy on a free port, then \`${binary} args...\` on it; exits with ${title}'s exit code |`;
  });
  return [
    '| command | what it does |',
    '| --- | --- |',
    '| `toolshim serve [flags]` | runs the proxy until Ctrl-C: every route of the table at the top |',
    ...clients,
    '| `toolshim --help`, `toolshim --version` | the usage, the package version |',
  ].join('\n');
}

export function renderVariablesTable(): string {
  const worker = new Set(PROXY_SETTINGS.map((setting: Setting) => setting.variable));
  const rows = COMMAND_SETTINGS.filter((setting) => setting.variable !== undefined).map((setting) => {
    const kind = setting.secret ? '**secret**' : worker.has(setting.variable as string) ? 'var' : '`toolshim` only';
    // The Worker's default: the handler's row (the command's own differences are in the flags table).
    const row = (PROXY_SETTINGS as readonly Setting[]).find((each) => each.variable === setting.variable) ?? setting;
    return `| ${code(setting.variable as string)} | ${kind} | ${pipes(defaultCell(row.default))} | ${pipes(row.doc)} |`;
  });
  return ['| variable | kind | default | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** Every variable as a comment line for wrangler.jsonc: name, default and meaning. */
export function renderWranglerComments(): string {
  return (PROXY_SETTINGS as readonly Setting[])
    .map((setting) => {
      const kind = setting.secret ? ' (secret: wrangler secret put)' : '';
      const byDefault = setting.default === undefined ? '' : ` Default: ${setting.default}.`;
      return `  // ${setting.variable}${kind}: ${setting.doc.replaceAll('`', '')}.${byDefault.replaceAll('`', '')}`;
    })
    .join('\n');
}
