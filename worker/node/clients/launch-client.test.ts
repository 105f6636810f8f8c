/// <reference types="node" />
/**
 * `toolshim claude` and `toolshim codex`: where the client is found, what it
 * is given (checked against the real Codex CLI's config parser), and, with a
 * stand-in client script, that the whole launch works: the client reaches the
 * proxy with its token, gets its arguments, and its exit code is passed on.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contextTokens } from '../settings.ts';
import { closedPort, root, runCli, scriptedUpstream } from '../test-support.ts';
import { claudeLaunch } from './claude.ts';
import { codexLaunch } from './codex.ts';
import type { LaunchRequest } from './launch.ts';
import { findClient, notInstalledMessage } from './launch-client.ts';

/** A launch request for a proxy on port 5000 with token "tok". */
const at = (model: string, args: string[], context?: number): LaunchRequest => ({
  url: 'http://127.0.0.1:5000',
  token: 'tok',
  model,
  args,
  ...(context !== undefined ? { context } : {}),
  environment: {},
});

function binDir(parent: string, names: Record<string, string>, mode = 0o755): string {
  const dir = join(parent, 'node_modules', '.bin');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(names)) {
    writeFileSync(join(dir, name), text);
    chmodSync(join(dir, name), mode);
  }
  return dir;
}

describe('findClient', () => {
  it('cwd first, then the package, then the app toolshim is installed in, then PATH; skips what is not executable', () => {
    const base = mkdtempSync(join(tmpdir(), 'toolshim-find-'));
    const cwd = join(base, 'project');
    const app = join(base, 'app');
    const packageRoot = join(app, 'node_modules', 'toolshim');
    const onPath = join(base, 'path-bin');
    mkdirSync(onPath, { recursive: true });
    writeFileSync(join(onPath, 'codex'), '#!/bin/sh\n');
    chmodSync(join(onPath, 'codex'), 0o755);
    const options = { cwd, packageRoot, path: `/nonexistent:${onPath}` };

    expect(findClient('codex', options)).toBe(join(onPath, 'codex'));
    binDir(app, { codex: '#!/bin/sh\n' });
    expect(findClient('codex', options)).toBe(join(app, 'node_modules/.bin/codex'));
    binDir(packageRoot, { codex: '#!/bin/sh\n' });
    expect(findClient('codex', options)).toBe(join(packageRoot, 'node_modules/.bin/codex'));
    binDir(cwd, { codex: 'not executable' }, 0o644);
    expect(findClient('codex', options)).toBe(join(packageRoot, 'node_modules/.bin/codex'));
    binDir(cwd, { codex: '#!/bin/sh\n' });
    expect(findClient('codex', options)).toBe(join(cwd, 'node_modules/.bin/codex'));
    expect(findClient('claude', options)).toBeUndefined();
  });

  it('says how to install a missing client', () => {
    expect(notInstalledMessage('claude')).toBe(
      'Claude Code is not installed: npm install -g @anthropic-ai/claude-code (or npx toolshim claude after installing it)',
    );
    expect(notInstalledMessage('codex')).toContain('npm install -g @openai/codex');
  });
});

describe('what each client is given', () => {
  it('Claude Code: the proxy URL without /v1, the token as a bearer token, the model twice', () => {
    expect(claudeLaunch(at('qwen3-coder:30b', ['-p', 'hi']))).toEqual({
      args: ['-p', 'hi'],
      env: {
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:5000',
        ANTHROPIC_AUTH_TOKEN: 'tok',
        ANTHROPIC_MODEL: 'qwen3-coder:30b',
        ANTHROPIC_DEFAULT_HAIKU_MODEL: 'qwen3-coder:30b',
      },
    });
  });

  it('--context: Claude Code gets CLAUDE_CODE_MAX_CONTEXT_TOKENS, Codex its window and a compaction limit at 85%', () => {
    expect(claudeLaunch(at('m', [], 32768)).env).toMatchObject({
      CLAUDE_CODE_MAX_CONTEXT_TOKENS: '32768',
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: '5461',
    });
    expect(claudeLaunch(at('m', [], 24000)).env.CLAUDE_CODE_MAX_OUTPUT_TOKENS).toBe('4096');
    // A large window keeps Claude Code's own output reserve.
    expect(claudeLaunch(at('m', [], 200000)).env).not.toHaveProperty('CLAUDE_CODE_MAX_OUTPUT_TOKENS');
    expect(claudeLaunch(at('m', [])).env).not.toHaveProperty('CLAUDE_CODE_MAX_CONTEXT_TOKENS');
    const args = codexLaunch(at('m', ['exec'], 32768)).args;
    expect(args).toContain('model_context_window=32768');
    expect(args).toContain('model_auto_compact_token_limit=27852');
    expect(args.at(-1)).toBe('exec');
    expect(() => contextTokens({ context: '32k' }, {})).toThrow(
      '--context must be a whole number of tokens, at least 1024 (no model worth an agent has less); got "32k".',
    );
    expect(() => contextTokens({}, { TOOLSHIM_CONTEXT_TOKENS: '512' })).toThrow(/^TOOLSHIM_CONTEXT_TOKENS must be/);
    expect(contextTokens({}, {})).toBeUndefined();
    expect(contextTokens({}, { TOOLSHIM_CONTEXT_TOKENS: '32768' })).toBe(32768);
  });

  it('the scripted sample model: Codex gets a catalog of it for the run, Claude Code a settings row describing it', () => {
    const codex = codexLaunch({ ...at('toolshim-replay', ['exec'], 131072), scripted: true });
    const catalogArg = codex.args.find((arg) => arg.startsWith('model_catalog_json='));
    const path = JSON.parse((catalogArg as string).slice('model_catalog_json='.length)) as string;
    expect(JSON.parse(readFileSync(path, 'utf8')).models).toMatchObject([
      { slug: 'toolshim-replay', context_window: 131072 },
    ]);
    codex.cleanup?.();
    expect(existsSync(path)).toBe(false);
    // A real model keeps Codex's own catalog (its instructions), and gets the window by the -c keys alone.
    expect(codexLaunch(at('qwen3-coder', ['exec'], 32768)).args.join(' ')).not.toContain('model_catalog_json');

    const claude = claudeLaunch({ ...at('toolshim-replay', ['-p', 'hi'], 131072), scripted: true });
    expect(claude.args.slice(2)).toEqual(['-p', 'hi']);
    expect(claude.args[0]).toBe('--settings');
    expect(JSON.parse(claude.args[1] as string)).toMatchObject({
      modelPicker: { options: [{ model: 'toolshim-replay', behavesAs: expect.any(String) }] },
    });
    // The user's own --settings wins; a real model gets none.
    expect(claudeLaunch({ ...at('toolshim-replay', ['--settings', 'x.json']), scripted: true }).args).toEqual([
      '--settings',
      'x.json',
    ]);
    expect(claudeLaunch(at('qwen3-coder', ['-p', 'hi'])).args).toEqual(['-p', 'hi']);
  });

  it('Codex CLI: -c overrides its own config parser accepts (codex debug prompt-input, offline, in a scratch CODEX_HOME)', () => {
    const launch = codexLaunch(at('qwen3-coder:30b', ['debug', 'prompt-input'], 32768));
    expect(launch.env).toEqual({ TOOLSHIM_PROXY_TOKEN: 'tok' });
    expect(launch.args).toContain('model_providers.toolshim.base_url="http://127.0.0.1:5000/v1"');
    expect(launch.args).toContain('model="qwen3-coder:30b"');
    const codex = join(root, 'node_modules/.bin/codex');
    const run = (args: string[]) =>
      spawnSync(codex, args, {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, ...launch.env, CODEX_HOME: mkdtempSync(join(tmpdir(), 'toolshim-codex-home-')) },
      });
    const accepted = run(launch.args);
    expect(accepted.status, accepted.stderr).toBe(0);
    // The same check refuses a bad value, so the one above means something.
    const refused = run(launch.args.map((arg) => arg.replace('wire_api="responses"', 'wire_api="chat"')));
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('model_providers.toolshim.wire_api');
    // Codex accepts keys it does not know; a wrong type shows these two are its own.
    for (const key of ['model_context_window', 'model_auto_compact_token_limit']) {
      const typed = run(launch.args.map((arg) => (arg.startsWith(`${key}=`) ? `${key}="many"` : arg)));
      expect(typed.status).not.toBe(0);
      expect(typed.stderr).toContain(key);
    }
  });
});

/**
 * A stand-in client: reports its argv and environment, makes one request to
 * the proxy the way the real client would, and exits 7.
 */
const standIn = (request: string) => `#!/usr/bin/env node
const fs = require('node:fs');
(async () => {
  const env = process.env;
  const args = process.argv.slice(2);
  const answer = await (${request})(env, args);
  fs.writeFileSync(process.env.REPORT_FILE, JSON.stringify({ args, env, answer }));
  process.exit(7);
})();
`;

const claudeRequest = `async (env) => {
  const response = await fetch(env.ANTHROPIC_BASE_URL + '/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + env.ANTHROPIC_AUTH_TOKEN },
    body: JSON.stringify({ model: env.ANTHROPIC_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  const unauthorized = await fetch(env.ANTHROPIC_BASE_URL + '/v1/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return { status: response.status, body: await response.json(), withoutToken: unauthorized.status };
}`;

const codexRequest = `async (env, args) => {
  const config = Object.fromEntries(args.filter((a, i) => args[i - 1] === '-c').map((a) => [a.slice(0, a.indexOf('=')), JSON.parse(a.slice(a.indexOf('=') + 1))]));
  const response = await fetch(config['model_providers.toolshim.base_url'] + '/responses', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + env[config['model_providers.toolshim.env_key']] },
    body: JSON.stringify({ model: config.model, input: 'Hi' }),
  });
  return { status: response.status, body: await response.json() };
}`;

const geminiRequest = `async (env, args) => {
  const model = args[args.indexOf('--model') + 1];
  const url = env.GOOGLE_GEMINI_BASE_URL + '/v1beta/models/' + model + ':generateContent';
  const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': env.GEMINI_API_KEY }, body });
  const unauthorized = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer = await response.json();
  return { status: response.status, body: { ...answer, model: answer.modelVersion }, withoutToken: unauthorized.status };
}`;

const requests = { claude: claudeRequest, codex: codexRequest, gemini: geminiRequest };

describe.each([
  ['claude', claudeRequest],
  ['codex', codexRequest],
  ['gemini', geminiRequest],
] as const)('toolshim %s, with a stand-in client in ./node_modules/.bin', (client, request) => {
  it('starts the proxy, runs the client on it with its arguments, and exits with its exit code', async () => {
    const cwd = mkdtempSync(join(tmpdir(), `toolshim-${client}-`));
    binDir(cwd, { [client]: standIn(request) });
    const report = join(cwd, 'report.json');
    const cli = runCli([client, '--protocol', 'hermes', 'first', '--model', 'theirs'], {
      cwd,
      env: { REPORT_FILE: report, ANTHROPIC_API_KEY: 'users-real-key', REPLAY_DELAY_MS: '0' },
    });
    expect(await cli.exit, cli.stderr()).toBe(7);
    const seen = JSON.parse(readFileSync(report, 'utf8')) as {
      args: string[];
      env: Record<string, string>;
      answer: { status: number; body: { model?: string }; withoutToken?: number };
    };
    expect(seen.args.slice(-3)).toEqual(['first', '--model', 'theirs']);
    expect(seen.answer.status).toBe(200);
    // Gemini CLI asks for the model its own flags name, and the answer says which it was asked.
    expect(seen.answer.body.model).toBe(client === 'gemini' ? 'theirs' : 'toolshim-replay');
    expect(cli.stderr()).toMatch(/toolshim listening on http:\/\/127\.0\.0\.1:\d+/);
    // stdout is the client's alone (claude -p, codex exec print their answer there).
    expect(cli.stdout()).toBe('');
    if (client === 'claude') {
      expect(seen.env.ANTHROPIC_API_KEY).toBeUndefined();
      expect(seen.env.ANTHROPIC_DEFAULT_HAIKU_MODEL).toBe('toolshim-replay');
      expect(seen.answer.withoutToken).toBe(401);
      expect(cli.stderr()).not.toContain(seen.env.ANTHROPIC_AUTH_TOKEN);
    } else if (client === 'codex') {
      expect(seen.args).toContain('web_search="disabled"');
      expect(cli.stderr()).not.toContain(seen.env.TOOLSHIM_PROXY_TOKEN);
    } else {
      // The user named a model in Gemini CLI's flags: no second --model is added.
      expect(seen.args).toEqual(['first', '--model', 'theirs']);
      expect(seen.answer.withoutToken).toBe(401);
      expect(cli.stderr()).not.toContain(seen.env.GEMINI_API_KEY);
      // The run's home is gone once the client exited.
      expect(existsSync(seen.env.GEMINI_CLI_HOME as string)).toBe(false);
    }
  });
});

describe.each([
  ['claude', claudeRequest, 'ANTHROPIC_AUTH_TOKEN'],
  ['codex', codexRequest, 'TOOLSHIM_PROXY_TOKEN'],
  ['gemini', geminiRequest, 'GEMINI_API_KEY'],
] as const)('toolshim %s: what the client is not given', (client, request, tokenVariable) => {
  const secrets = {
    UPSTREAM_API_KEY: 'secret-upstream-key-1',
    OPENAI_API_KEY: 'secret-openai-key-1',
    CODEX_API_KEY: 'secret-codex-key-1',
    ANTHROPIC_API_KEY: 'secret-anthropic-key-1',
    ANTHROPIC_AUTH_TOKEN: 'secret-anthropic-token-1',
    GEMINI_API_KEY: 'secret-gemini-key-1',
    GOOGLE_API_KEY: 'secret-google-key-1',
  };

  it.each([
    ['an empty PROXY_TOKEN', ''],
    ['a PROXY_TOKEN of the user', 'secret-proxy-token-1'],
  ])('with %s: no secret of the user reaches it, and its own token is a real one', async (_case, proxyToken) => {
    const cwd = mkdtempSync(join(tmpdir(), `toolshim-${client}-env-`));
    binDir(cwd, { [client]: standIn(request) });
    const report = join(cwd, 'report.json');
    const cli = runCli([client], {
      cwd,
      env: { ...secrets, PROXY_TOKEN: proxyToken, REPORT_FILE: report, REPLAY_DELAY_MS: '0', KEEP_ME: 'kept' },
    });
    expect(await cli.exit, cli.stderr()).toBe(7);
    const seen = JSON.parse(readFileSync(report, 'utf8')) as {
      env: Record<string, string>;
      answer: { status: number; withoutToken?: number };
    };
    const given = JSON.stringify(seen.env);
    for (const secret of Object.values(secrets)) expect(given).not.toContain(secret);
    expect(seen.env.PROXY_TOKEN).toBeUndefined();
    expect(seen.env.KEEP_ME).toBe('kept');
    // The one token it holds is its own for this run: the user's, when given, or a fresh one, never "".
    const token = seen.env[tokenVariable] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(proxyToken === '' ? 24 : proxyToken.length);
    expect(seen.answer.status).toBe(200);
    if (seen.answer.withoutToken !== undefined) expect(seen.answer.withoutToken).toBe(401);
  });
});

describe.each([
  ['claude', 'Claude Code'],
  ['codex', 'Codex CLI'],
  ['gemini', 'Gemini CLI'],
] as const)('toolshim %s with the upstream down', (client, title) => {
  it('stops before starting the client, naming the upstream, the cause and the fix, within a second', async () => {
    const cwd = mkdtempSync(join(tmpdir(), `toolshim-${client}-down-`));
    binDir(cwd, { [client]: standIn(requests[client]) });
    const report = join(cwd, 'report.json');
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const started = Date.now();
    const cli = runCli([client, '--upstream', dead, '--model', 'm'], { cwd, env: { REPORT_FILE: report } });
    expect(await cli.exit).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(cli.stderr()).toContain(
      `toolshim: the upstream ${dead} cannot be used: connection refused (ECONNREFUSED).\n  Fix: Is the model server running? Start it, or check --upstream (UPSTREAM_BASE_URL).\n  ${title} was not started. To start it anyway (the server may come up later), add --skip-upstream-check.`,
    );
    expect(existsSync(report)).toBe(false);
  });

  it('--skip-upstream-check starts it anyway, and its requests get the final 424', async () => {
    const cwd = mkdtempSync(join(tmpdir(), `toolshim-${client}-anyway-`));
    binDir(cwd, { [client]: standIn(requests[client]) });
    const report = join(cwd, 'report.json');
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const cli = runCli([client, '--upstream', dead, '--model', 'm', '--skip-upstream-check'], {
      cwd,
      env: { REPORT_FILE: report },
    });
    expect(await cli.exit, cli.stderr()).toBe(7);
    const seen = JSON.parse(readFileSync(report, 'utf8')) as { answer: { status: number } };
    expect(seen.answer.status).toBe(424);
    expect(cli.stderr()).toContain('did not answer GET /models: connection refused (ECONNREFUSED)');
  });
});

describe('toolshim claude with --upstream and no --model', () => {
  it('uses the model when the upstream lists only one', async () => {
    const upstream = await scriptedUpstream({ reply: 'Hello.', models: ['qwen3-coder:30b'] });
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'toolshim-one-model-'));
      binDir(cwd, { claude: standIn(claudeRequest) });
      const report = join(cwd, 'report.json');
      const cli = runCli(['claude', '--upstream', upstream.url], { cwd, env: { REPORT_FILE: report } });
      expect(await cli.exit, cli.stderr()).toBe(7);
      const seen = JSON.parse(readFileSync(report, 'utf8')) as {
        env: Record<string, string>;
        answer: { status: number };
      };
      expect(seen.env.ANTHROPIC_MODEL).toBe('qwen3-coder:30b');
      expect(seen.answer.status).toBe(200);
      expect(cli.stderr()).toContain("using the upstream's only model, qwen3-coder:30b");
      expect(cli.stderr()).toMatch(/protocol\s+qwen3-coder \(model-name table/);
      const sent = upstream.seen.find((request) => request.path === '/v1/chat/completions');
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ model: 'qwen3-coder:30b' });
    } finally {
      await upstream.close();
    }
  });

  it('asks for --model, naming what the upstream lists, when it lists several (exit 2, the client not started)', async () => {
    const upstream = await scriptedUpstream({ reply: 'Hello.', models: ['llama3.1:8b', 'qwen2.5:7b'] });
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'toolshim-two-models-'));
      binDir(cwd, { claude: standIn(claudeRequest) });
      const report = join(cwd, 'report.json');
      const cli = runCli(['claude', '--upstream', upstream.url], { cwd, env: { REPORT_FILE: report } });
      expect(await cli.exit).toBe(2);
      expect(cli.stderr()).toContain('name the model to run with --model NAME');
      expect(cli.stderr()).toContain('The upstream lists: llama3.1:8b, qwen2.5:7b.');
      expect(existsSync(report)).toBe(false);
    } finally {
      await upstream.close();
    }
  });
});
