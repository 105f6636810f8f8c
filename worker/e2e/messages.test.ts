/**
 * "Use with Claude Code" (src/server/messages/README.md), run as written: `wrangler dev`
 * with the README's `--var`s (its upstream replaced by a scripted
 * Qwen3-Coder model served from this process), then the README's
 * environment: the `@anthropic-ai/sdk` client configured by those variables
 * alone (it reads ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN as Claude Code
 * does), and a request shaped as Claude Code sends it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelText, upstreamText } from '../../src/server/messages/test/anthropic-client.ts';
import {
  claudeCodeFirstRequest,
  claudeCodeHeaders,
  claudeCodePath,
  claudeCodeSecondRequest,
  claudeCodeTools,
  fitsScriptedClaudeCodeSchema,
} from '../../src/server/messages/test/claude-code.ts';
import { parseEvents } from '../../src/server/messages/test/events.ts';
import { type DevServer, root, startDev } from './wrangler.ts';

const readme = readFileSync(`${root}src/server/messages/README.md`, 'utf8');

/** The ```sh block right after `<!-- name -->` in a README, its lines unindented. */
function block(name: string, text = readme): string {
  const match = new RegExp(`<!-- ${name} -->\\s*\\n\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (match === null) throw new Error(`no sh block marked <!-- ${name} -->`);
  return (match[1] as string).replace(/^ +/gm, '');
}

/** `--var NAME:value` pairs of the README's wrangler command. */
const workerVars = Object.fromEntries(
  [...block('claude-code-worker').matchAll(/--var (\w+):(\S+)/g)].map((m) => [m[1] as string, m[2] as string]),
);
/** `export NAME=value` lines of the README's Claude Code environment. */
const claudeEnv = Object.fromEntries(
  [...block('claude-code-env').matchAll(/^export (\w+)=(\S+)/gm)].map((m) => [m[1] as string, m[2] as string]),
);

const bash = { command: 'ls src', description: 'List the files in src' };
const upstreamRequests: Array<{ model: unknown; messages: unknown }> = [];
let upstream: Server;
let server: DevServer;
let baseURL: string;

/** A Qwen3-Coder model behind an OpenAI-compatible API: it calls Bash, then answers from the result. */
function startUpstream(): Promise<string> {
  upstream = createServer(async (request, response) => {
    let body = '';
    for await (const piece of request) body += piece;
    const json = JSON.parse(body) as { model: unknown; messages: unknown; stream?: boolean };
    upstreamRequests.push({ model: json.model, messages: json.messages });
    const sent = JSON.stringify(json.messages);
    const text = sent.includes('index.ts')
      ? 'src holds index.ts and server.ts.'
      : sent.includes('List the files')
        ? modelText('qwen3-coder', { before: 'I will list them.\n', calls: [{ name: 'Bash', arguments: bash }] })
        : 'A short title';
    const answer = upstreamText(text, json.stream === true);
    response.writeHead(200, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(await answer.text());
  });
  return new Promise((resolve) => {
    upstream.listen(0, '127.0.0.1', () => {
      const address = upstream.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`);
    });
  });
}

beforeAll(async () => {
  const upstreamURL = await startUpstream();
  expect(workerVars.UPSTREAM_BASE_URL).toBeDefined();
  server = await startDev({ ...workerVars, UPSTREAM_BASE_URL: upstreamURL });
  // The README's address is `npm run dev:worker`'s port; this run's wrangler dev has a free one.
  expect(claudeEnv.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:8787');
  baseURL = server.url;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('Use with Claude Code, as the README writes it', () => {
  it("the token Claude Code sends is the Worker's PROXY_TOKEN", () => {
    expect(claudeEnv.ANTHROPIC_AUTH_TOKEN).toBe(workerVars.PROXY_TOKEN);
  });

  it('the SDK, configured by those variables alone, gets a Bash call Claude Code accepts; the upstream gets UPSTREAM_MODEL', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, claudeEnv, { ANTHROPIC_BASE_URL: baseURL });
    delete process.env.ANTHROPIC_API_KEY;
    let client: Anthropic;
    try {
      client = new Anthropic({ maxRetries: 0 });
    } finally {
      process.env = saved;
    }
    const message = await client.messages
      .stream({
        model: claudeEnv.ANTHROPIC_MODEL as string,
        max_tokens: 1024,
        tools: claudeCodeTools as Anthropic.Tool[],
        messages: [{ role: 'user', content: 'List the files in src.' }],
      })
      .finalMessage();
    const call = message.content.find((b) => b.type === 'tool_use');
    expect(call?.type === 'tool_use' && [call.name, call.input]).toEqual(['Bash', bash]);
    expect(fitsScriptedClaudeCodeSchema('Bash', call?.type === 'tool_use' ? call.input : undefined)).toBe(true);
    expect(message.model).toBe(claudeEnv.ANTHROPIC_MODEL);
    expect(upstreamRequests.at(-1)?.model).toBe(workerVars.UPSTREAM_MODEL);
    const title = await client.messages.create({
      model: claudeEnv.ANTHROPIC_DEFAULT_HAIKU_MODEL as string,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Write a title for this session.' }],
    });
    expect(title.content).toEqual([{ type: 'text', text: 'A short title' }]);
    const count = await client.messages.countTokens({
      model: title.model,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(count.input_tokens).toBeGreaterThan(0);
  });

  it('a Claude Code turn: streamed tool_use for Bash, then the answer to its result', async () => {
    const headers = {
      'content-type': 'application/json',
      ...claudeCodeHeaders,
      authorization: `Bearer ${claudeEnv.ANTHROPIC_AUTH_TOKEN}`,
    };
    const model = claudeEnv.ANTHROPIC_MODEL;
    const first = await fetch(`${baseURL}${claudeCodePath}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...claudeCodeFirstRequest, model }),
    });
    expect(first.status).toBe(200);
    const events = parseEvents(await first.text());
    const start = events.find(
      (e) => e.event === 'content_block_start' && (e.data.content_block as { type: string }).type === 'tool_use',
    );
    const block = start?.data.content_block as { id: string; name: string };
    const json = events
      .filter((e) => e.event === 'content_block_delta' && e.data.index === start?.data.index)
      .map((e) => (e.data.delta as { partial_json: string }).partial_json)
      .join('');
    expect(block.name).toBe('Bash');
    expect(fitsScriptedClaudeCodeSchema('Bash', JSON.parse(json))).toBe(true);
    expect(events.find((e) => e.event === 'message_delta')?.data.delta).toMatchObject({ stop_reason: 'tool_use' });

    const second = await fetch(`${baseURL}${claudeCodePath}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...claudeCodeSecondRequest(block.id, JSON.parse(json)), model }),
    });
    const text = parseEvents(await second.text())
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.data.delta as { text?: string }).text ?? '')
      .join('');
    expect(text).toBe('src holds index.ts and server.ts.');
  });

  it('a wrong token is refused in Anthropic shape', async () => {
    const response = await fetch(`${baseURL}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'not-the-token' },
      body: JSON.stringify({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
  });
});
