/// <reference types="node" />
/**
 * `toolshim gemini`: Gemini CLI pointed at the proxy's Gemini doors.
 *
 * GOOGLE_GEMINI_BASE_URL moves Gemini CLI's API calls, but it signs in the
 * way its settings say (`security.auth.selectedType`): a user signed in with
 * Google would still talk to Google, and with nothing selected the base URL
 * alone picks a "gateway" type that 0.61's own check refuses ("Invalid auth
 * method selected."). The one settings file whose path a variable sets, the
 * system settings (GEMINI_CLI_SYSTEM_SETTINGS_PATH), is read only when root
 * owns it and every folder above it. So the run gets a home of its own
 * (GEMINI_CLI_HOME, where Gemini CLI looks for `.gemini`): its `.gemini`
 * links to every entry of the user's (history, memory, trusted folders,
 * extensions, so they are the user's own, and what Gemini CLI writes to them
 * lands there), beside a `settings.json` that is the user's with the API-key
 * sign-in selected. The token goes as GEMINI_API_KEY, which Gemini CLI sends
 * as `x-goog-api-key`. The user's files are never written to, and the run's
 * home is removed when Gemini CLI exits.
 *
 * `--context`: Gemini CLI sizes an unknown model at 1,048,576 tokens and
 * compresses the conversation past `model.compressionThreshold` (a fraction)
 * of that, so the fraction is set to 85% of the real window.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Launch, LaunchRequest } from './launch.ts';

/** What Gemini CLI 0.61 takes an unknown model's window to be (tokenLimit in its core). */
const GEMINI_CLI_DEFAULT_WINDOW = 1_048_576;

type Json = Record<string, unknown>;

/**
 * Gemini CLI's settings allow comments (it strips them before parsing):
 * line comments and block comments outside strings are removed here too.
 */
export function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  return out;
}

function readUserSettings(file: string, warn: (text: string) => void): Json {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(withoutComments(readFileSync(file, 'utf8')));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch (error) {
    warn(
      `toolshim: could not read ${file} (${error instanceof Error ? error.message : String(error)}); Gemini CLI starts with toolshim's settings only.`,
    );
  }
  return {};
}

const objectAt = (settings: Json, key: string): Json => {
  const value = settings[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
};

/** The user's settings with the API-key sign-in, and with the compression point of `context` when given. */
export function runSettings(user: Json, context: number | undefined): Json {
  const security = objectAt(user, 'security');
  const settings: Json = {
    ...user,
    security: { ...security, auth: { ...objectAt(security, 'auth'), selectedType: 'gemini-api-key' } },
  };
  if (context !== undefined) {
    const threshold = Number(((0.85 * context) / GEMINI_CLI_DEFAULT_WINDOW).toFixed(4));
    settings.model = { ...objectAt(user, 'model'), compressionThreshold: threshold };
  }
  return settings;
}

/** The run's home: links to the user's `.gemini` entries, and its own settings.json. */
function runHome(userGemini: string, settings: Json): string {
  const home = mkdtempSync(join(tmpdir(), 'toolshim-gemini-'));
  const gemini = join(home, '.gemini');
  mkdirSync(gemini, { mode: 0o700 });
  for (const entry of existsSync(userGemini) ? readdirSync(userGemini) : []) {
    if (entry !== 'settings.json') symlinkSync(join(userGemini, entry), join(gemini, entry));
  }
  writeFileSync(join(gemini, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  return home;
}

const MODEL_FLAGS = new Set(['-m', '--model']);

export function geminiLaunch(
  { url, token, model, args, context, environment }: LaunchRequest,
  warn: (text: string) => void = (text) => console.error(text),
): Launch {
  const userHome = environment.GEMINI_CLI_HOME || environment.HOME || homedir();
  const userGemini = join(userHome, '.gemini');
  const home = runHome(userGemini, runSettings(readUserSettings(join(userGemini, 'settings.json'), warn), context));
  // A model the user named in Gemini CLI's own flags wins; else the one the proxy serves.
  const named = args.some((arg) => MODEL_FLAGS.has(arg) || arg.startsWith('--model='));
  return {
    args: named ? args : ['--model', model, ...args],
    env: { GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: token, GEMINI_CLI_HOME: home },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
