/// <reference types="node" />
/**
 * One look at the upstream before serving: `GET {upstream}/models`. A model
 * server that is not running is the most common first-run mistake, and without
 * this the user learns of it only from an error deep inside Claude Code or
 * Codex. `serve` serves either way (the server may come up later); `claude`
 * and `codex` stop before starting the client, unless told to go on.
 */
import { describeFetchFailure, upstreamAuth } from '../../src/server.ts';
import { displayURL } from './settings.ts';
import { PRESET_START_HINTS } from './upstream-presets.ts';

export const PROBE_TIMEOUT_MS = 3000;

/**
 * What the look found. `unusable`: no request could succeed as things are
 * (nothing answered, or the key was refused), so a client should not be
 * started on it; a server that answers the list with another error may still
 * serve completions.
 */
export type ProbeResult =
  | { ok: true; models: string[] }
  | { ok: false; problem: string; fix: string; unusable: boolean };

export async function probeUpstream(
  baseURL: string,
  { apiKey, timeoutMs = PROBE_TIMEOUT_MS }: { apiKey?: string; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  // The handler's own split of the URL's credentials: the probe asks as the proxy will.
  const auth = upstreamAuth(baseURL, apiKey);
  const url = `${auth.baseURL.replace(/\/+$/, '')}/models`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: auth.authorization !== undefined ? { authorization: auth.authorization } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      const fix = 'Is it the model server, and is it up? It may still be loading the model; check --upstream.';
      return { ok: false, problem: `no answer within ${timeoutMs / 1000} s`, fix, unusable: true };
    }
    const { cause, fix } = describeFetchFailure(error, '--upstream (UPSTREAM_BASE_URL)');
    return { ok: false, problem: cause, fix, unusable: true };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const refused = response.status === 401 || response.status === 403;
    const fix = refused
      ? 'Check --api-key (UPSTREAM_API_KEY).'
      : 'Is it the OpenAI-compatible base URL, usually ending in /v1?';
    return { ok: false, problem: `HTTP ${response.status}`, fix, unusable: refused };
  }
  // A server that answers but lists nothing readable is still up; the list only feeds the model check.
  const body = (await response.json().catch(() => undefined)) as { data?: Array<{ id?: unknown }> } | undefined;
  const models = (body?.data ?? []).map((entry) => entry.id).filter((id): id is string => typeof id === 'string');
  return { ok: true, models };
}

/** A local server's own start command, for the fix, when `--upstream` named one. */
function startFix(fix: string, preset: string | undefined): string {
  return preset && fix.startsWith('Is the model server running?') ? `Start it: ${PRESET_START_HINTS[preset]}.` : fix;
}

/** The warning `serve` prints for a failed look: which URL, what failed, what to do; it serves anyway. */
export function unreachableWarning(
  baseURL: string,
  probe: Extract<ProbeResult, { ok: false }>,
  preset?: string,
): string {
  return [
    `toolshim: warning: the upstream ${displayURL(baseURL)} did not answer GET /models: ${probe.problem}.`,
    `  Fix: ${startFix(probe.fix, preset)}`,
    '  Serving anyway (the upstream may come up later); until it answers, requests get an upstream error.',
  ].join('\n');
}

/** Why `toolshim claude|codex` did not start the client, and how to start it anyway. */
export function notStartedMessage(
  title: string,
  baseURL: string,
  probe: Extract<ProbeResult, { ok: false }>,
  preset?: string,
): string {
  return [
    `toolshim: the upstream ${displayURL(baseURL)} cannot be used: ${probe.problem}.`,
    `  Fix: ${startFix(probe.fix, preset)}`,
    `  ${title} was not started. To start it anyway (the server may come up later), add --skip-upstream-check.`,
  ].join('\n');
}

/** A warning when the upstream lists its models and `model` is not among them (say, not pulled yet). */
export function missingModelWarning(model: string, models: string[]): string | undefined {
  if (models.length === 0 || models.includes(model)) return undefined;
  const shown = models.slice(0, 8).join(', ') + (models.length > 8 ? ', …' : '');
  return `toolshim: warning: the upstream does not list the model "${model}"; it lists: ${shown}.`;
}
