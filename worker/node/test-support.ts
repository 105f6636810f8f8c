/// <reference types="node" />
/**
 * For the CLI tests: the command as a child process (Node 24 from the `node`
 * devDependency, which runs worker/node/cli.ts as it is), and a scripted
 * OpenAI-compatible upstream on 127.0.0.1 that records what reaches it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const node24 = join(root, 'node_modules/.bin/node');
export const cliSource = join(root, 'worker/node/cli.ts');

export interface CliProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Runs `toolshim ...args` (by default from worker/node/cli.ts on Node 24). */
export function runCli(
  args: string[],
  {
    env = {},
    cwd = root,
    command = [node24, cliSource],
  }: { env?: NodeJS.ProcessEnv; cwd?: string; command?: string[] } = {},
): CliProcess {
  const [bin, ...pre] = command;
  const child = spawn(bin as string, [...pre, ...args], { cwd, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves with the URL of the `toolshim listening on URL` line of stdout; rejects if the process ends first. */
export async function listeningURL(cli: CliProcess, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void cli.exit.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    const url = /^toolshim listening on (http:\/\/\S+)$/m.exec(cli.stdout())?.[1];
    if (url !== undefined) return url;
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no listening line.\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
}

export async function stop(cli: CliProcess): Promise<void> {
  if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGTERM');
  await cli.exit;
}

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Resolves when the proxy closed this request's connection or stream. */
  closed: Promise<void>;
}

const completion = { id: 'c1', object: 'chat.completion', created: 1, model: 'm' };
const chunk = { ...completion, object: 'chat.completion.chunk' };

/** One SSE chunk of a chat completion carrying `content`. */
function sseChunk(content: string): string {
  const choices = [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }];
  return `data: ${JSON.stringify({ ...chunk, choices })}\n\n`;
}

const finish = `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

/**
 * The scripted upstream. `GET /v1/models` lists `models`; `POST
 * /v1/chat/completions` answers `reply`: whole, or streamed in a few chunks,
 * or, when `hold` is set, one streamed chunk and then nothing until the proxy
 * lets go.
 */
export async function scriptedUpstream({
  reply,
  models,
  hold = false,
}: {
  reply: string;
  models: string[];
  hold?: boolean;
}) {
  const seen: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
      seen.push({ path: req.url ?? '', headers: req.headers, body, closed });
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model' })) }));
        return;
      }
      if (!(JSON.parse(body) as { stream?: boolean }).stream) {
        const message = { role: 'assistant', content: reply };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...completion, choices: [{ index: 0, message, finish_reason: 'stop' }] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (hold) {
        res.write(sseChunk('Let me think'));
        return;
      }
      const third = Math.ceil(reply.length / 3);
      for (let at = 0; at < reply.length; at += third) res.write(sseChunk(reply.slice(at, at + third)));
      res.end(finish);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A closed port: listen on a free one, note it, close it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
