/**
 * The settings rows and their one reader: every invalid value is refused
 * naming how it was given (the variable, or the flag `toolshim` passes as its
 * source), with the nearest valid value where there is one; the value itself
 * is quoted only when asked (the command line), never by default (a Worker's
 * errors can reach callers, and a variable may hold a secret by mistake).
 */
import { describe, expect, it } from 'vitest';
import { proxyOptionsFromEnv } from './env-options.ts';
import { nearest, readSetting, type Setting } from './setting.ts';
import { PROXY_SETTINGS, SECRET_VARIABLES } from './settings.ts';

const BAD = 'sk-Wrong-Value-77';

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error('did not throw');
}

const checked = PROXY_SETTINGS.filter((setting: Setting) => ['choice', 'integer', 'url'].includes(setting.kind.type));

describe('every checked setting', () => {
  it.each(checked.map((s) => [s.variable, s] as const))(
    '%s: refused naming the variable, the value not quoted',
    (variable) => {
      const message = thrown(() => proxyOptionsFromEnv({ UPSTREAM_BASE_URL: 'http://127.0.0.1/v1', [variable]: BAD }));
      expect(message.startsWith(variable)).toBe(true);
      expect(message).not.toContain(BAD);
    },
  );

  it.each(checked.map((s) => [s.variable, s] as const))(
    '%s: named as the flag it came from, quoted when asked',
    (variable) => {
      const message = thrown(() =>
        proxyOptionsFromEnv(
          { UPSTREAM_BASE_URL: 'http://127.0.0.1/v1', [variable]: BAD },
          { sources: { [variable]: '--the-flag' }, echo: true },
        ),
      );
      expect(message.startsWith('--the-flag')).toBe(true);
      if (variable !== 'UPSTREAM_BASE_URL') expect(message.toLowerCase()).toContain(BAD.toLowerCase());
    },
  );

  it('an empty or blank value counts as unset', () => {
    for (const setting of PROXY_SETTINGS) {
      expect(readSetting(setting, '  ', { from: setting.variable })).toBeUndefined();
    }
    expect(proxyOptionsFromEnv({ TOOL_MODE: '', PROTOCOL: ' ', PROXY_TOKEN: '' }).proxyToken).toBeUndefined();
  });
});

describe('the nearest valid value', () => {
  it.each([
    ['PROTOCOL', 'hermez', 'hermes'],
    ['PROTOCOL', 'qwen3coderr', 'qwen3coder'],
    ['PROTOCOL', 'mistrall', 'mistral'],
    ['TOOL_MODE', 'emulate', 'emulated'],
    ['TOOL_MODE', 'nativ', 'native'],
    ['HISTORY', 'txt', 'text'],
  ])('%s=%s: did you mean "%s"?', (variable, given, meant) => {
    const message = thrown(() => proxyOptionsFromEnv({ UPSTREAM_BASE_URL: 'http://127.0.0.1/v1', [variable]: given }));
    expect(message).toContain(`Did you mean "${meant}"?`);
  });

  it('nothing near: no guess', () => {
    expect(nearest('zzzzzz', ['hermes', 'mistral'])).toBeUndefined();
    expect(thrown(() => proxyOptionsFromEnv({ PROTOCOL: 'zzzzzz' }))).not.toContain('Did you mean');
  });
});

describe('the rows', () => {
  it('one row per variable and per flag', () => {
    const variables = PROXY_SETTINGS.map((s) => s.variable);
    expect(new Set(variables).size).toBe(variables.length);
    const flags = PROXY_SETTINGS.flatMap((s: Setting) => (s.flag ? [s.flag] : []));
    expect(new Set(flags).size).toBe(flags.length);
  });

  it('the secrets are the key and the token', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual(['PROXY_TOKEN', 'UPSTREAM_API_KEY']);
  });
});
