import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads a variable from process.env where there is one', () => {
    vi.stubGlobal('process', { env: { TOOLSHIM_TEST_VAR: 'yes' } });
    expect(readEnv('TOOLSHIM_TEST_VAR')).toBe('yes');
    expect(readEnv('TOOLSHIM_MISSING')).toBeUndefined();
  });

  it('returns undefined where there is no process at all (browsers, Workers)', () => {
    vi.stubGlobal('process', undefined);
    expect(readEnv('ANYTHING')).toBeUndefined();
  });

  it('asks Deno for the permission state first, and reads only when granted', () => {
    const get = vi.fn(() => 'from-deno');
    const querySync = vi.fn(({ variable }: { variable: string }) => ({
      state: variable === 'OK' ? 'granted' : 'prompt',
    }));
    vi.stubGlobal('Deno', { env: { get }, permissions: { querySync } });
    expect(readEnv('OK')).toBe('from-deno');
    expect(readEnv('NOT_GRANTED')).toBeUndefined();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('never throws, whatever the environment does', () => {
    vi.stubGlobal('Deno', {
      permissions: {
        querySync() {
          throw new Error('NotCapable');
        },
      },
    });
    expect(readEnv('X')).toBeUndefined();
  });
});
