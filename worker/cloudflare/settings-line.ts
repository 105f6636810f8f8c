/**
 * The line the Worker logs when it builds its handler: the effective
 * settings, so that `wrangler dev` (whose banner shows every `--var` as
 * "(hidden)") and `wrangler tail` say which model, format and mode run.
 * From the settings rows: secrets are named (set or unset), never shown.
 */
import { SECRET_VARIABLES, shownSettings } from '../../src/server.ts';

export function settingsLine(env: Record<string, unknown>): string {
  const shown = new Map(shownSettings(env));
  const parts = [`UPSTREAM_BASE_URL=${shown.get('UPSTREAM_BASE_URL') ?? '(none: the offline sample model)'}`];
  for (const [variable, text] of shown) {
    if (variable !== 'UPSTREAM_BASE_URL' && !SECRET_VARIABLES.includes(variable)) parts.push(`${variable}=${text}`);
  }
  for (const variable of SECRET_VARIABLES) parts.push(`${variable} ${shown.has(variable) ? 'set' : 'unset'}`);
  return `toolshim proxy: ${parts.join(', ')}`;
}
