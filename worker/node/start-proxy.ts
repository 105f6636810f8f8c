/// <reference types="node" />
/**
 * Settings → a running proxy: validate the variables, show the banner, probe
 * the upstream, listen. Shared by `serve` and the client launchers, which
 * differ only in where the proxy's lines go and what they do once it is up.
 */
import { createProxyHandler, type ProxyHandlerOptions, proxyOptionsFromEnv } from '../../src/server.ts';
import {
  missingModelWarning,
  notStartedMessage,
  type ProbeResult,
  probeUpstream,
  unreachableWarning,
} from './probe.ts';
import { listen, type RunningServer } from './serve.ts';
import type { Settings } from './settings.ts';
import { UsageError } from './usage-error.ts';

/** The upstream cannot be used and the client was not started: cli.ts prints the message and exits 1. */
export class UpstreamUnusable extends Error {
  override name = 'UpstreamUnusable';
}

/** The handler's options, or a UsageError with the handler's own message (it names the variable, never its value). */
export function validatedOptions(settings: Settings): ProxyHandlerOptions {
  try {
    // The errors name what the user typed (the flag, or the variable) and quote it: this is their own terminal.
    return proxyOptionsFromEnv(settings.env, {
      sources: settings.sources,
      echo: true,
      // One line on stderr per failed upstream request: the user sees why the client got an error.
      onUpstreamFailure: (line) => console.error(`toolshim: ${line}`),
    });
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Probes the upstream, if there is one, and logs what is wrong with it.
 * `stopFor`: the client `toolshim claude|codex` is about to start: an upstream
 * no request could succeed on stops the command (UpstreamUnusable) instead.
 */
export async function checkUpstream(
  settings: Settings,
  log: (text: string) => void,
  stopFor?: string,
): Promise<ProbeResult | undefined> {
  const { upstream } = settings;
  if (upstream === undefined) return undefined;
  const probe = await probeUpstream(upstream.url, { apiKey: settings.env.UPSTREAM_API_KEY });
  if (!probe.ok && probe.unusable && stopFor !== undefined) {
    throw new UpstreamUnusable(notStartedMessage(stopFor, upstream.url, probe, upstream.preset));
  }
  if (!probe.ok) log(unreachableWarning(upstream.url, probe, upstream.preset));
  else if (settings.model !== undefined) {
    const warning = missingModelWarning(settings.model, probe.models);
    if (warning !== undefined) log(warning);
  }
  return probe;
}

/** Listens, or explains the port problem (in use, not allowed) as a one-line error. */
export async function startProxy(settings: Settings, options: ProxyHandlerOptions): Promise<RunningServer> {
  try {
    return await listen(createProxyHandler(options), {
      host: settings.host,
      port: settings.port,
      limits: settings.limits,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const where = `${settings.host}:${settings.port}`;
    if (code === 'EADDRINUSE') {
      throw new Error(`${where} is in use: pick another port with --port (0 picks a free one).`);
    }
    if (code === 'EACCES') throw new Error(`${where}: not allowed to listen there (ports below 1024 need privileges).`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new Error(`--host ${settings.host}: no such address.`);
    throw error;
  }
}
