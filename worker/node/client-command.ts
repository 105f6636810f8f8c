/// <reference types="node" />
/**
 * `toolshim claude|codex|gemini [flags] [--] [args...]`: the proxy in this process
 * on a free port, the client as a child on the terminal, the client's exit
 * code passed on. The proxy's lines go to stderr: with `claude -p` or
 * `codex exec`, stdout is the client's answer and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { type Flags, UsageError } from './args.ts';
import { describeSettings } from './banner.ts';
import { CLIENTS, type ClientName } from './clients/client-table.ts';
import { SAMPLE_CONTEXT_TOKENS } from './clients/launch.ts';
import { findClient, notInstalledMessage, runClient } from './clients/launch-client.ts';
import { contextTokens, nonEmpty, resolveSettings, type Settings } from './settings.ts';
import { checkUpstream, startProxy, validatedOptions } from './start-proxy.ts';

type Environment = Record<string, string | undefined>;

const log = (text: string) => console.error(text);

/**
 * The model the client asks for. A real upstream needs one named (Claude Code
 * and Codex would otherwise send their own model names to it); when the
 * upstream lists exactly one model, that one is meant.
 */
async function settingsWithModel(client: ClientName, flags: Flags, environment: Environment): Promise<Settings> {
  const settings = resolveSettings(flags, environment, { defaultPort: 0, readPortVariable: false });
  validatedOptions(settings);
  const stopFor = flags['skip-upstream-check'] === undefined ? CLIENTS[client].title : undefined;
  const probe = await checkUpstream(settings, log, stopFor);
  if (settings.upstream === undefined || settings.model !== undefined) return settings;
  const listed = probe?.ok ? probe.models : [];
  if (listed.length === 1) {
    log(`toolshim: no --model; using the upstream's only model, ${listed[0]}.`);
    return resolveSettings({ ...flags, model: listed[0] }, environment, { defaultPort: 0, readPortVariable: false });
  }
  const offer = listed.length > 0 ? ` The upstream lists: ${listed.slice(0, 8).join(', ')}.` : '';
  throw new UsageError(`With --upstream, name the model to run with --model NAME (or UPSTREAM_MODEL).${offer}`);
}

export async function runClientCommand(
  client: ClientName,
  flags: Flags,
  clientArgs: string[],
  {
    environment,
    cwd,
    packageRoot,
    version,
  }: { environment: Environment; cwd: string; packageRoot: string; version: string },
): Promise<number> {
  // Found first: a missing client should not cost a probe and a server start.
  const binary = findClient(client, { cwd, packageRoot, path: environment.PATH ?? '' });
  if (binary === undefined) {
    log(`toolshim: ${notInstalledMessage(client)}`);
    return 1;
  }
  const context = contextTokens(flags, environment);
  if (flags['no-token'] !== undefined) {
    throw new UsageError('--no-token is for serve: toolshim claude|codex|gemini always give the client a token.');
  }
  // A token for this run only, unless one was given: other local users and web pages cannot use the proxy.
  // An empty PROXY_TOKEN (`PROXY_TOKEN= toolshim claude`) counts as none given, never as "no token".
  const token = flags.token ?? nonEmpty(environment.PROXY_TOKEN) ?? randomBytes(24).toString('base64url');
  const settings = await settingsWithModel(client, { ...flags, token }, environment);
  const options = validatedOptions(settings);
  const server = await startProxy(settings, options);
  log(describeSettings(settings, version));
  log(`toolshim listening on ${server.url}`);
  // No --model: offline (an upstream needs one, settingsWithModel says), so the id the handler serves, the sample model's.
  const model = settings.model ?? options.modelId ?? 'toolshim';
  // Listening on every interface (--host 0.0.0.0) still means the client connects through loopback.
  const url = server.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
  const scripted = settings.upstream === undefined;
  const launch = CLIENTS[client].launch({
    url,
    token,
    model,
    args: clientArgs,
    context: context ?? (scripted ? SAMPLE_CONTEXT_TOKENS : undefined),
    scripted,
    environment,
  });
  try {
    return await runClient(binary, launch, environment);
  } finally {
    launch.cleanup?.();
    await server.close();
  }
}
