/**
 * What `toolshim gemini` gives Gemini CLI (gemini.ts): a run home whose
 * `.gemini` links to the user's, settings that are the user's with the
 * API-key sign-in (comments and all, as Gemini CLI reads them), the
 * compression point from --context, and nothing of the user's written to.
 * The real Gemini CLI runs on it in worker/e2e/agents/gemini-launch.test.ts.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiLaunch, runSettings, withoutComments } from './gemini.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A user's home with `~/.gemini/settings.json` holding `settings` (and a history folder). */
function userHome(settings?: string): string {
  const home = mkdtempSync(join(tmpdir(), 'toolshim-gemini-test-'));
  made.push(home);
  mkdirSync(join(home, '.gemini', 'history'), { recursive: true });
  if (settings !== undefined) writeFileSync(join(home, '.gemini', 'settings.json'), settings);
  return home;
}

const request = (home: string, args: string[] = [], context?: number) => ({
  url: 'http://127.0.0.1:4000',
  token: 'tok',
  model: 'qwen3-coder',
  args,
  ...(context === undefined ? {} : { context }),
  environment: { HOME: home },
});

describe('withoutComments', () => {
  it('drops line and block comments, keeps what looks like one inside a string', () => {
    const text = '{\n  // a note\n  "url": "http://x//y", /* gone */ "glob": "a/*b*/c",\n  "q": "say \\"//\\""\n}';
    expect(JSON.parse(withoutComments(text))).toEqual({ url: 'http://x//y', glob: 'a/*b*/c', q: 'say "//"' });
  });

  it('an unclosed block comment runs to the end', () => {
    expect(withoutComments('{"a": 1} /* open')).toBe('{"a": 1} ');
  });
});

describe('runSettings', () => {
  it("selects the API-key sign-in over the user's, keeping the rest of security and the user's other settings", () => {
    const user = { security: { auth: { selectedType: 'oauth-personal', useExternal: true }, folderTrust: {} }, ui: {} };
    expect(runSettings(user, undefined)).toEqual({
      security: { auth: { selectedType: 'gemini-api-key', useExternal: true }, folderTrust: {} },
      ui: {},
    });
  });

  it('--context: compresses at 85% of the window, as a fraction of the 1,048,576 tokens Gemini CLI assumes', () => {
    const settings = runSettings({ model: { name: 'x' } }, 32768);
    expect(settings.model).toEqual({ name: 'x', compressionThreshold: 0.0266 });
    expect((0.0266 * 1_048_576) / 32768).toBeCloseTo(0.85, 2);
  });
});

describe('geminiLaunch', () => {
  it("a run home linking the user's entries, with the merged settings; the user's file untouched; cleanup removes it", () => {
    const original =
      '{ // mine\n "security": { "auth": { "selectedType": "oauth-personal" } }, "ui": { "theme": "x" } }';
    const home = userHome(original);
    const launch = geminiLaunch(request(home));
    const runHome = launch.env.GEMINI_CLI_HOME as string;
    expect(launch.env).toMatchObject({ GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:4000', GEMINI_API_KEY: 'tok' });
    expect(lstatSync(join(runHome, '.gemini', 'history')).isSymbolicLink()).toBe(true);
    const settings = JSON.parse(readFileSync(join(runHome, '.gemini', 'settings.json'), 'utf8'));
    expect(settings).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } }, ui: { theme: 'x' } });
    expect(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8')).toBe(original);
    launch.cleanup?.();
    expect(existsSync(runHome)).toBe(false);
    expect(existsSync(join(home, '.gemini', 'history'))).toBe(true);
  });

  it('adds --model unless the user named one', () => {
    const home = userHome();
    const cases: Array<[string[], string[]]> = [
      [
        ['-p', 'hi'],
        ['--model', 'qwen3-coder', '-p', 'hi'],
      ],
      [
        ['-m', 'other', '-p', 'hi'],
        ['-m', 'other', '-p', 'hi'],
      ],
      [['--model=other'], ['--model=other']],
    ];
    for (const [args, expected] of cases) {
      const launch = geminiLaunch(request(home, args));
      expect(launch.args).toEqual(expected);
      launch.cleanup?.();
    }
  });

  it('unreadable settings: a warning naming the file, and the run goes on with the API-key sign-in', () => {
    const home = userHome('{ not json');
    const warnings: string[] = [];
    const launch = geminiLaunch(request(home), (text) => warnings.push(text));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(join(home, '.gemini', 'settings.json'));
    const settings = JSON.parse(
      readFileSync(join(launch.env.GEMINI_CLI_HOME as string, '.gemini', 'settings.json'), 'utf8'),
    );
    expect(settings).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    launch.cleanup?.();
  });

  it("GEMINI_CLI_HOME, when the user set one, is where the user's .gemini is", () => {
    const home = userHome('{"ui": {"theme": "y"}}');
    const launch = geminiLaunch({ ...request('/nowhere'), environment: { HOME: '/nowhere', GEMINI_CLI_HOME: home } });
    const settings = JSON.parse(
      readFileSync(join(launch.env.GEMINI_CLI_HOME as string, '.gemini', 'settings.json'), 'utf8'),
    );
    expect(settings.ui).toEqual({ theme: 'y' });
    launch.cleanup?.();
  });
});
