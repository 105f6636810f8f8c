/**
 * `/v1/responses` under `wrangler dev`: the Worker as it runs locally, its
 * upstream a scripted model served over HTTP by this test (Qwen3-Coder text,
 * streamed). A Codex CLI session is driven with the provider settings read
 * from src/server/responses/README.md's "Use with Codex CLI" config, as written there,
 * against the Worker started with that section's `--var`s; the openai SDK
 * streams a call.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../src/engines/sample/replay-protocol.ts';
import { CODEX_PATCH, type CodexSettings, codexSession } from '../../src/server/test/codex-turn.ts';
import { weatherFunction } from '../../src/server/test/responses-events.ts';
import { type DevServer, root, startDev } from './wrangler.ts';

/** `--var NAME:value` pairs of the ```sh block after `<!-- codex-worker -->` in src/server/responses/README.md. */
function documentedWorkerVars(): Record<string, string> {
  const readme = readFileSync(`${root}src/server/responses/README.md`, 'utf8');
  const command = /<!-- codex-worker -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (command === undefined)
    throw new Error('src/server/responses/README.md has no sh block marked <!-- codex-worker -->');
  return Object.fromEntries([...command.matchAll(/--var (\w+):(\S+)/g)].map((m) => [m[1] as string, m[2] as string]));
}

const workerVars = documentedWorkerVars();
const TOKEN = workerVars.PROXY_TOKEN as string;

/** The `toml` block under the "Use with Codex CLI" heading of a README. */
function codexToml(file: string): string {
  const readme = readFileSync(`${root}${file}`, 'utf8');
  const section = readme.slice(readme.indexOf('# Use with Codex CLI'));
  const toml = /```toml\n([\s\S]*?)```/.exec(section)?.[1];
  if (toml === undefined) throw new Error(`${file} has no toml block under "Use with Codex CLI"`);
  return toml;
}

/** The values of the documented config (its one copy, in src/server/responses/README.md). */
function documentedCodexConfig(): Record<string, string> {
  const toml = codexToml('src/server/responses/README.md');
  const values: Record<string, string> = {};
  for (const match of toml.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)) values[match[1] as string] = match[2] as string;
  return values;
}

/** What the scripted model writes, call by call: a command, a patch, then the answer. */
const SCRIPT = [
  renderTurnWith(replayProtocol('qwen3-coder'), { calls: [{ name: 'exec_command', arguments: { cmd: 'ls' } }] }),
  renderTurnWith(replayProtocol('qwen3-coder'), {
    calls: [{ name: 'apply_patch', arguments: { input: CODEX_PATCH } }],
  }),
  'hello.txt is added.',
];

let upstream: Server;
let server: DevServer;
const prompts: string[] = [];

beforeAll(async () => {
  let turn = 0;
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (piece) => {
      body += piece;
    });
    request.on('end', () => {
      prompts.push(body);
      const wanted = JSON.parse(body) as { messages: Array<{ content: unknown }> };
      const asksWeather = JSON.stringify(wanted.messages.at(-1)?.content).includes('weather');
      const text = asksWeather
        ? renderTurnWith(replayProtocol('qwen3-coder'), {
            calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
          })
        : (SCRIPT[turn++] ?? 'Done.');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < text.length; i += 6) {
        response.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text.slice(i, i + 6) } }] })}\n\n`,
        );
      }
      response.end(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = (upstream.address() as AddressInfo).port;
  // The README's command, its upstream replaced by the scripted model above.
  expect(workerVars).toMatchObject({ PROTOCOL: 'qwen3-coder', UPSTREAM_BASE_URL: expect.any(String) });
  expect(TOKEN).toBeDefined();
  server = await startDev({ ...workerVars, UPSTREAM_BASE_URL: `http://127.0.0.1:${port}/v1` });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('Codex CLI against wrangler dev, configured as src/server/responses/README.md says', () => {
  it('the documented provider drives a three-turn session: command, patch, answer', async () => {
    const config = documentedCodexConfig();
    expect(config.wire_api).toBe('responses');
    const envKey = config.env_key as string;
    // Codex reads the key from the variable env_key names, and sends it as a Bearer token.
    process.env[envKey] = TOKEN;
    // The documented base_url names the port of `npm run dev:worker`; this test's wrangler dev has its own.
    const base = `${server.url}${new URL(config.base_url as string).pathname}`;
    const settings: CodexSettings = { model: config.model as string, webSearch: config.web_search as string };
    const send = (request: Request) => fetch(request);
    const token = process.env[envKey] as string;

    const [first, second, third] = await codexSession(send, base, token, settings);
    expect(first.items).toMatchObject([{ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}' }]);
    expect(second.items).toMatchObject([{ type: 'custom_tool_call', name: 'apply_patch' }]);
    expect((second.items[0] as { input: string }).input.trim()).toBe(CODEX_PATCH.trim());
    expect(third.streamedText).toBe('hello.txt is added.');
    // The answer names the documented model, and the tool results reached the model.
    expect(third.model).toBe(config.model);
    expect(prompts.at(-1)).toContain('A hello.txt');
  });
});

describe('the openai SDK against wrangler dev on /v1/responses', () => {
  it('streams a function_call whose argument deltas join to its arguments', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: TOKEN, maxRetries: 0 });
    const stream = client.responses.stream({
      model: 'qwen3-coder',
      input: 'What is the weather in Paris?',
      tools: [weatherFunction],
    });
    let joined = '';
    for await (const event of stream)
      if (event.type === 'response.function_call_arguments.delta') joined += event.delta;
    const response = await stream.finalResponse();
    const call = response.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(joined).toBe(call.arguments);
    expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
  });

  it('a wrong key is an AuthenticationError', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'wrong', maxRetries: 0 });
    await expect(client.responses.create({ model: 'm', input: 'hi' })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });
});
