#!/usr/bin/env node
/// <reference types="node" />
/**
 * `toolshim`: the proxy on Node, with nothing but Node and this package.
 * `serve` runs it until interrupted; `claude` and `codex` run it for one
 * client session (client-command.ts). The shipped file is dist/cli/cli.js,
 * built from this one by .ci/build.mjs; in the repository it runs as
 * `node worker/node/cli.ts` on Node 24, which strips the types.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Flags, parseArgs, USAGE, UsageError } from './args.ts';
import { describeSettings } from './banner.ts';
import { runClientCommand } from './client-command.ts';
import { resolveSettings } from './settings.ts';
import { checkUpstream, startProxy, UpstreamUnusable, validatedOptions } from './start-proxy.ts';

// worker/node/cli.ts and dist/cli/cli.js are both two folders below the package root.
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

function version(): string {
  const manifest = JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')) as { version: string };
  return manifest.version;
}

/** `serve`: banner and warnings on stderr, then the one listening line on stdout, which scripts wait for. */
async function serve(flags: Flags, environment: Record<string, string | undefined>): Promise<void> {
  const settings = resolveSettings(flags, environment, { defaultPort: 8787, readPortVariable: true });
  const options = validatedOptions(settings);
  console.error(describeSettings(settings, version()));
  await checkUpstream(settings, (text) => console.error(text));
  const server = await startProxy(settings, options);
  console.log(`toolshim listening on ${server.url}`);
  const stop = async () => {
    // A stuck upstream socket must not keep a stopped proxy alive.
    setTimeout(() => process.exit(0), 2000).unref();
    await server.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs one command line; resolves with the exit code (serve resolves once it is listening, with 0). */
async function main(argv: readonly string[], environment = process.env): Promise<number> {
  try {
    const command = parseArgs(argv);
    if (command.kind === 'help') {
      console.log(USAGE);
      return 0;
    }
    if (command.kind === 'version') {
      console.log(version());
      return 0;
    }
    if (command.kind === 'serve') {
      await serve(command.flags, environment);
      return 0;
    }
    return await runClientCommand(command.client, command.flags, command.clientArgs, {
      environment,
      cwd: process.cwd(),
      packageRoot,
      version: version(),
    });
  } catch (error) {
    if (error instanceof UpstreamUnusable) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof UsageError) {
      console.error(`toolshim: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`toolshim: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// exitCode, not process.exit(): a running server keeps the process alive, and queued output is not cut off.
process.exitCode = await main(process.argv.slice(2));
