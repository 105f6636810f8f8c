/// <reference types="node" />
/**
 * One look at the upstream before serving: `GET {upstream}/models`. A model
 * server that is not running is the most common first-run mistake, and without
 * this the user learns of it only from a 502 deep inside Claude Code or Codex.
 * The proxy serves either way: the server may come up later.
 */
import { upstreamAuth } from '../../src/server.ts';
import { displayURL } from './settings.ts';
import { PRESET_START_HINTS } from './upstream-presets.ts';

export const PROBE_TIMEOUT_MS = 3000;

export type ProbeResult = { ok: true; models: string[] } | { ok: false; problem: string };

/** What went wrong with a fetch, in words: undici hides the socket error in `cause`. */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

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
    return { ok: false, problem: failureOf(error, timeoutMs) };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint =
      response.status === 401 || response.status === 403
        ? 'check --api-key (UPSTREAM_API_KEY)'
        : 'is it the OpenAI-compatible base URL, usually ending in /v1?';
    return { ok: false, problem: `HTTP ${response.status}: ${hint}` };
  }
  // A server that answers but lists nothing readable is still up; the list only feeds the model check.
  const body = (await response.json().catch(() => undefined)) as { data?: Array<{ id?: unknown }> } | undefined;
  const models = (body?.data ?? []).map((entry) => entry.id).filter((id): id is string => typeof id === 'string');
  return { ok: true, models };
}

/** The warning for a failed probe: which URL, what failed, and what to do. */
export function unreachableWarning(baseURL: string, problem: string, preset?: string): string {
  const start = preset ? `start it (${PRESET_START_HINTS[preset]})` : 'start your model server';
  return [
    `toolshim: warning: the upstream ${displayURL(baseURL)} did not answer GET /models: ${problem}.`,
    `  Fix: ${start}, or check --upstream (UPSTREAM_BASE_URL).`,
    '  Serving anyway (the upstream may come up later); until it answers, requests get an upstream error.',
  ].join('\n');
}

/** A warning when the upstream lists its models and `model` is not among them (say, not pulled yet). */
export function missingModelWarning(model: string, models: string[]): string | undefined {
  if (models.length === 0 || models.includes(model)) return undefined;
  const shown = models.slice(0, 8).join(', ') + (models.length > 8 ? ', …' : '');
  return `toolshim: warning: the upstream does not list the model "${model}"; it lists: ${shown}.`;
}
