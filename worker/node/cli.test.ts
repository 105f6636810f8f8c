/// <reference types="node" />
/**
 * `toolshim serve` as a child process, as a user runs it, against a scripted
 * upstream on 127.0.0.1: tool calls parsed from the model's text, secrets kept
 * out of the banner, the unreachable-upstream warning, cancellation when the
 * client leaves, and the exit codes of the command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, requestText } from '../e2e/security/raw-http.ts';
import { type CliProcess, closedPort, listeningURL, root, runCli, scriptedUpstream, stop } from './test-support.ts';

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const hermesCall = 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>';

const running: CliProcess[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
  await Promise.all(closers.splice(0).map((close) => close()));
});

function serve(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const cli = runCli(['serve', '--port', '0', ...args], { env });
  running.push(cli);
  return cli;
}

describe('toolshim serve', () => {
  it('gives a chat completions client the tool call the model wrote as text (hermes, from the model-name table)', async () => {
    const upstream = await scriptedUpstream({ reply: hermesCall, models: ['qwen2.5:7b'] });
    closers.push(upstream.close);
    const cli = serve(['--upstream', upstream.url, '--model', 'qwen2.5:7b', '--token', 'tok-1', '--api-key', 'key-1']);
    const url = await listeningURL(cli);
    expect(cli.stderr()).toMatch(/protocol\s+hermes \(model-name table: \/qwen\|qwq\/i\)/);

    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok-1' },
      body: JSON.stringify({
        model: 'anything',
        messages: [{ role: 'user', content: 'Weather in Seoul?' }],
        tools: [weatherTool],
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      choices: Array<{ finish_reason: string; message: { content: string | null; tool_calls?: unknown[] } }>;
    };
    expect(body.choices[0]?.finish_reason).toBe('tool_calls');
    expect(body.choices[0]?.message.tool_calls).toEqual([
      { id: expect.any(String), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Seoul"}' } },
    ]);

    const call = upstream.seen.find((request) => request.path === '/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer key-1');
    const sent = JSON.parse(call?.body ?? '{}') as { model: string; tools?: unknown };
    expect(sent.model).toBe('qwen2.5:7b');
    // Emulated mode: the upstream is taught the tools in the prompt, never sent them.
    expect(sent.tools).toBeUndefined();
  });

  it('asks for the token it was given, and its banner shows the settings but no secret', async () => {
    const upstream = await scriptedUpstream({ reply: 'Hi.', models: ['qwen3-coder:30b'] });
    closers.push(upstream.close);
    const cli = serve(['--upstream', upstream.url, '--token', 'secret-proxy-token-42'], {
      UPSTREAM_API_KEY: 'secret-upstream-key-42',
      UPSTREAM_MODEL: 'qwen3-coder:30b',
    });
    const url = await listeningURL(cli);
    const banner = cli.stderr();
    expect(banner).not.toContain('secret-');
    expect(cli.stdout()).not.toContain('secret-');
    expect(banner).toMatch(/token\s+required \(set\)/);
    expect(banner).toMatch(/api key\s+\(set\)/);
    expect(banner).toContain(`upstream   ${upstream.url} (--upstream)`);
    expect(banner).toMatch(/model\s+qwen3-coder:30b/);
    expect(banner).toMatch(/protocol\s+qwen3-coder \(model-name table/);
    expect(banner).toMatch(/body limit\s+16777216 bytes/);
    expect(cli.stdout().trim().split('\n')).toEqual([`toolshim listening on ${url}`]);
    const denied = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer wrong' } });
    expect(denied.status).toBe(401);
  });

  it('warns when the upstream cannot be reached, naming the URL, the failure and the fix, and serves anyway', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const cli = serve(['--upstream', dead, '--model', 'llama3.1:8b']);
    const url = await listeningURL(cli);
    expect(cli.stderr()).toContain(
      `the upstream ${dead} did not answer GET /models: connection refused (ECONNREFUSED).\n  Fix: Is the model server running? Start it, or check --upstream (UPSTREAM_BASE_URL).`,
    );
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('an upstream that cannot be reached: a final 424 that names it, the cause and the fix, and one log line', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const cli = serve(['--upstream', dead, '--model', 'llama3.1:8b']);
    const url = await listeningURL(cli);
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.status).toBe(424);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const message = `The upstream ${dead} could not be reached: connection refused (ECONNREFUSED). Is the model server running? Start it, or check --upstream.`;
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = cli
      .stderr()
      .split('\n')
      .filter((line) => line.includes('upstream request failed'));
    expect(lines).toEqual([`toolshim: upstream request failed, answered 424 upstream_unreachable: ${message}`]);
  });

  it('says nothing of the kind when the upstream answers', async () => {
    const upstream = await scriptedUpstream({ reply: 'Hi.', models: ['llama3.1:8b'] });
    closers.push(upstream.close);
    const cli = serve(['--upstream', upstream.url, '--model', 'llama3.1:8b']);
    await listeningURL(cli);
    expect(cli.stderr()).not.toContain('warning');
    expect(upstream.seen.map((request) => request.path)).toEqual(['/v1/models']);
  });

  it('warns when the upstream does not list the model (say, not pulled yet)', async () => {
    const upstream = await scriptedUpstream({ reply: 'Hi.', models: ['llama3.1:8b', 'gemma3:4b'] });
    closers.push(upstream.close);
    const cli = serve(['--upstream', upstream.url, '--model', 'qwen3-coder:30b']);
    await listeningURL(cli);
    expect(cli.stderr()).toContain(
      'warning: the upstream does not list the model "qwen3-coder:30b"; it lists: llama3.1:8b, gemma3:4b.',
    );
  });

  it('cancels the upstream request when the client leaves mid-stream', async () => {
    const upstream = await scriptedUpstream({ reply: '', models: ['qwen2.5:7b'], hold: true });
    closers.push(upstream.close);
    const cli = serve(['--upstream', upstream.url, '--model', 'qwen2.5:7b']);
    const url = await listeningURL(cli);
    const client = new AbortController();
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      signal: client.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('Let me think')) text += new TextDecoder().decode((await reader.read()).value);
    const call = upstream.seen.find((request) => request.path === '/v1/chat/completions');
    let closed = false;
    void call?.closed.then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed, 'the upstream request is still open while the client reads').toBe(false);
    client.abort();
    const within = await Promise.race([
      call?.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000)),
    ]);
    expect(within).toBe('closed');
  });

  it('on the offline sample model with no flags, and --port 0 prints the real port', async () => {
    const cli = serve([]);
    const url = await listeningURL(cli);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.endsWith(':0')).toBe(false);
    expect(cli.stderr()).toContain('none: the embedded offline sample model, scripted');
    const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data[0]?.id).toBe('toolshim-replay');
  });
});

describe('toolshim serve: who may reach it', () => {
  const ask = (url: string, host: string, token?: string) =>
    rawRequest(
      Number(new URL(url).port),
      requestText('GET', '/v1/models', { host, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    );

  it('on loopback without a token: localhost and IP addresses only, the banner says so', async () => {
    const cli = serve([]);
    const url = await listeningURL(cli);
    expect(cli.stderr()).toMatch(/token\s+not required: any program on this machine can use the port/);
    expect(cli.stderr()).toMatch(/hosts\s+localhost, IP addresses \(others get 403: DNS rebinding\)/);
    expect((await ask(url, 'rebind.attacker.example')).status).toBe(403);
    expect((await ask(url, `localhost:${new URL(url).port}`)).status).toBe(200);
  });

  it('--allowed-hosts adds names (a leading dot: with subdomains)', async () => {
    const cli = serve(['--allowed-hosts', 'box.lan,.example.test']);
    const url = await listeningURL(cli);
    expect(cli.stderr()).toMatch(/hosts\s+localhost, IP addresses, box\.lan,\.example\.test/);
    for (const host of ['box.lan', 'example.test', 'a.example.test']) expect((await ask(url, host)).status).toBe(200);
    for (const host of ['box.lan.evil', 'badexample.test']) expect((await ask(url, host)).status).toBe(403);
  });

  it('beyond loopback with --no-token: served, the banner says NOT REQUIRED, and hosts stay checked', async () => {
    const cli = serve(['--host', '0.0.0.0', '--no-token']);
    const url = (await listeningURL(cli)).replace('0.0.0.0', '127.0.0.1');
    expect(cli.stderr()).toMatch(/token\s+NOT REQUIRED \(--no-token\): anyone on the network/);
    expect((await ask(url, 'rebind.attacker.example')).status).toBe(403);
  });

  it('with a token, any host name, and the token decides', async () => {
    const cli = serve(['--host', '0.0.0.0', '--token', 'tok-9']);
    const url = (await listeningURL(cli)).replace('0.0.0.0', '127.0.0.1');
    expect(cli.stderr()).toMatch(/hosts\s+any/);
    expect((await ask(url, 'box.lan')).status).toBe(401);
    expect((await ask(url, 'box.lan', 'tok-9')).status).toBe(200);
  });

  it('an empty PROXY_TOKEN is no token (not "any token"): loopback only, hosts checked', async () => {
    const cli = serve([], { PROXY_TOKEN: '' });
    const url = await listeningURL(cli);
    expect(cli.stderr()).toMatch(/token\s+not required/);
    expect((await ask(url, 'rebind.attacker.example')).status).toBe(403);
  });

  it('the banner shows the default socket limits', async () => {
    const cli = serve([]);
    await listeningURL(cli);
    expect(cli.stderr()).toMatch(/limits\s+headers 10 s, request 60 s, idle 5 s, 100 connections/);
  });
});

describe('toolshim command line', () => {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

  it('--version prints the package version; --help the usage; both exit 0', async () => {
    const v = runCli(['--version']);
    expect(await v.exit).toBe(0);
    expect(v.stdout().trim()).toBe(version);
    const help = runCli(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toContain('toolshim serve');
  });

  it.each([
    [['serve', '--bogus'], 'Unknown argument: --bogus'],
    [['--bogus'], 'Unknown flag: --bogus'],
    [['launch'], 'Unknown command: launch'],
    [[], 'Name a command'],
    [['serve', '--port'], '--port needs a value.'],
    [['serve', '--port', 'http'], '--port must be a whole number, from 0 to 65535; got "http".'],
    // The error names what the user typed, quotes it, and offers the nearest valid value.
    [['serve', '--mode', 'turbo'], '--mode must be "emulated" or "native"; got "turbo".'],
    [['serve', '--mode', 'emulate'], 'Did you mean "emulated"?'],
    [['serve', '--protocol', 'nope'], '--protocol is not a format name'],
    [['serve', '--protocol', 'hermez'], '; got "hermez". Did you mean "hermes"?'],
    [['serve', '--protcol', 'hermes'], 'Unknown argument: --protcol (did you mean --protocol?)'],
    [['srve'], 'Unknown command: srve (did you mean serve?)'],
    // An empty value must not quietly mean "none": `--token ""` used to switch the token off.
    [['serve', '--token', ''], '--token is empty'],
    [['serve', '--token='], '--token is empty'],
    [['claude', '--token='], '--token is empty'],
    [['serve', '--no-token=yes'], '--no-token takes no value'],
    [['serve', '--host', '0.0.0.0'], '--host 0.0.0.0 listens beyond this machine'],
    [['serve', '--host', '0.0.0.0', '--token', 't', '--no-token'], 'contradict each other'],
    [['serve', '--upstream', 'http://u:p@127.0.0.1:9/v1', '--api-key', 'k'], 'keep one'],
    [['serve', '--upstream', 'http://127.0.0.1:9/v1'], 'HEADERS_TIMEOUT_MS must be a whole number'],
  ])('%j: exit 2, the error and the usage on stderr', async (args, message) => {
    const cli = runCli(args, message.startsWith('HEADERS') ? { env: { HEADERS_TIMEOUT_MS: '0' } } : {});
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain(message);
    expect(cli.stderr()).toContain('Usage:');
    expect(cli.stdout()).toBe('');
  });

  it('a port in use: exit 1 with what to do', async () => {
    const first = serve([]);
    const port = new URL(await listeningURL(first)).port;
    const second = runCli(['serve', '--port', port]);
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain(`127.0.0.1:${port} is in use: pick another port with --port`);
  });
});
