/// <reference types="node" />
/** The command line, and the settings it makes with the environment (no process, no network). */
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';
import { describeSettings } from './banner.ts';
import { resolveSettings } from './settings.ts';

const serveDefaults = { defaultPort: 8787, readPortVariable: true };

describe('parseArgs', () => {
  it('reads serve flags as --name value and --name=value', () => {
    expect(parseArgs(['serve', '--upstream', 'ollama', '--port=0', '--api-key', 'k', '--model=a=b'])).toEqual({
      kind: 'serve',
      flags: { upstream: 'ollama', port: '0', 'api-key': 'k', model: 'a=b' },
    });
  });

  it('help and version, before or as the command', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseArgs(['serve', '--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['--version'])).toEqual({ kind: 'version' });
  });

  it('claude and codex: our flags first, then everything from the first other argument is the client’s', () => {
    expect(parseArgs(['claude', '--model', 'qwen3-coder:30b', '-p', 'hi', '--model', 'x'])).toEqual({
      kind: 'client',
      client: 'claude',
      flags: { model: 'qwen3-coder:30b' },
      clientArgs: ['-p', 'hi', '--model', 'x'],
    });
    expect(parseArgs(['codex', '--upstream', 'vllm', '--', '--model', 'x'])).toEqual({
      kind: 'client',
      client: 'codex',
      flags: { upstream: 'vllm' },
      clientArgs: ['--model', 'x'],
    });
    // --help after the client command is the client's own help.
    expect(parseArgs(['codex', '--help'])).toMatchObject({ clientArgs: ['--help'] });
  });

  it.each([
    [['serve', '--nope'], 'Unknown argument: --nope'],
    [['serve', 'extra'], 'Unknown argument: extra'],
    [['serve', '--model'], '--model needs a value.'],
    [['serve', '--model', '--port', '1'], '--model needs a value.'],
    [['--port', '1'], 'Unknown flag: --port (flags go after the command)'],
    [['run'], 'Unknown command: run'],
    [[], 'Name a command: serve, claude, codex, gemini.'],
  ])('%j is a UsageError: %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(new UsageError(message));
  });
});

describe('resolveSettings', () => {
  it('a flag wins over its variable; the preset name becomes its URL', () => {
    const settings = resolveSettings(
      { upstream: 'lmstudio', model: 'flag-model', port: '9000' },
      { UPSTREAM_BASE_URL: 'http://env.example/v1', UPSTREAM_MODEL: 'env-model', PORT: '7000' },
      serveDefaults,
    );
    expect(settings.upstream).toEqual({ url: 'http://127.0.0.1:1234/v1', preset: 'lmstudio', from: '--upstream' });
    expect(settings.env).toMatchObject({ UPSTREAM_BASE_URL: 'http://127.0.0.1:1234/v1', UPSTREAM_MODEL: 'flag-model' });
    expect(settings.port).toBe(9000);
  });

  it('variables alone work as in the Worker, and the others pass through', () => {
    const settings = resolveSettings(
      {},
      { UPSTREAM_BASE_URL: 'http://env.example/v1', TOOL_MODE: 'native', PORT: '7000', UPSTREAM_TIMEOUT_MS: '5000' },
      serveDefaults,
    );
    expect(settings.upstream?.from).toBe('UPSTREAM_BASE_URL');
    expect(settings.mode).toBe('native');
    expect(settings.port).toBe(7000);
    expect(settings.env.UPSTREAM_TIMEOUT_MS).toBe('5000');
  });

  it('PORT is not read for the client launchers, whose default is a free port', () => {
    expect(resolveSettings({}, { PORT: '3000' }, { defaultPort: 0, readPortVariable: false }).port).toBe(0);
    expect(resolveSettings({}, {}, serveDefaults).port).toBe(8787);
  });

  it('MAX_BODY_BYTES defaults to 16 MiB; a value in the environment is kept', () => {
    expect(resolveSettings({}, {}, serveDefaults).env.MAX_BODY_BYTES).toBe('16777216');
    expect(resolveSettings({}, { MAX_BODY_BYTES: '2048' }, serveDefaults).env.MAX_BODY_BYTES).toBe('2048');
  });

  it('the protocol and where it came from: --protocol, PROTOCOL, the model-name table, the default', () => {
    const from = (flags: object, env: Record<string, string>) => {
      const { protocol, protocolSource } = resolveSettings(flags, env, serveDefaults);
      return [protocol, protocolSource];
    };
    expect(from({ protocol: 'gemma', model: 'qwen3-coder' }, { PROTOCOL: 'glm' })).toEqual(['gemma', '--protocol']);
    expect(from({ model: 'qwen3-coder' }, { PROTOCOL: 'glm' })).toEqual(['glm', 'PROTOCOL']);
    expect(from({ model: 'Qwen3-Coder-30B-A3B' }, {})).toEqual(['qwen3-coder', 'model-name table: /qwen3.?coder/i']);
    expect(from({ model: 'my-finetune' }, {})).toEqual(['auto', 'default: no --protocol, no table match']);
    expect(from({}, {})).toEqual(['auto', 'default: no --protocol, no table match']);
  });

  it('a port that is not one is a UsageError naming where it came from', () => {
    expect(() => resolveSettings({ port: '70000' }, {}, serveDefaults)).toThrow(
      '--port must be a whole number, from 0 to 65535; got "70000".',
    );
    expect(() => resolveSettings({}, { PORT: 'x' }, serveDefaults)).toThrow(
      'PORT must be a whole number, from 0 to 65535; got "x".',
    );
    expect(() => resolveSettings({ port: '80' }, { PORT: 'x' }, serveDefaults)).not.toThrow();
  });
});

describe('the banner', () => {
  it('shows every setting and no secret (token, key, or a password in the upstream URL)', () => {
    const settings = resolveSettings(
      { upstream: 'https://user:pass-word-1@models.example/v1', token: 'proxy-token-1', 'api-key': 'api-key-1' },
      {},
      serveDefaults,
    );
    const banner = describeSettings(settings, '9.9.9');
    for (const secret of ['pass-word-1', 'proxy-token-1', 'api-key-1', 'user:']) expect(banner).not.toContain(secret);
    expect(banner).toContain('toolshim 9.9.9');
    expect(banner).toMatch(/upstream\s+https:\/\/\*\*\*@models\.example\/v1 \(--upstream\)/);
    expect(banner).toMatch(/token\s+required \(set\)/);
    expect(banner).toMatch(/api key\s+\(set\)/);
    expect(banner).toMatch(/mode\s+emulated/);
    expect(banner).toMatch(/protocol\s+auto \(default/);
  });

  it('says when anyone may use the proxy, and when there is no upstream', () => {
    const banner = describeSettings(resolveSettings({}, {}, serveDefaults), '1');
    expect(banner).toMatch(/token\s+not required/);
    expect(banner).toMatch(/upstream\s+none: the embedded offline sample model/);
    expect(banner).toMatch(/model\s+toolshim-replay/);
  });
});
