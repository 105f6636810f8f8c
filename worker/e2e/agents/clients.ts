/// <reference types="node" />
/**
 * The real agent CLIs (pinned devDependencies), each run once per session,
 * non-interactively, with stdin closed, in a fresh working directory and a
 * fresh HOME, and configured as README.md says: Codex by its config.toml,
 * Claude Code by its environment, Gemini CLI by its settings.json and
 * environment. Qwen Code and pi have no README section;
 * they get the OpenAI-compatible settings their own docs give. Only the
 * settings a test run needs on top are added: the sandbox and permission
 * flags for a run without a person, and the switches that keep each client
 * off the network (checked by offline.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Launch } from '../../node/clients/launch.ts';
import { root } from '../wrangler.ts';
import { claudeEnvFor, codexConfigFor, geminiEnvFor, geminiSettings } from './readme.ts';

export type Client = 'codex' | 'claude' | 'gemini' | 'qwen' | 'pi';

export interface Session {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

export interface SessionSetup {
  /** The proxy, without /v1. */
  proxyURL: string;
  token: string;
  model: string;
  prompt: string;
  /** The working directory the agent edits. */
  cwd: string;
  /** A fresh HOME for the client's config and state. */
  home: string;
  /** Extra variables (the outbound trap's). */
  env: Record<string, string>;
  /**
   * What `toolshim claude|codex|gemini` would add (worker/node/clients/): its variables,
   * and its `-c` overrides ahead of Codex's subcommand, as that command passes them.
   */
  launch?: Launch;
}

const modules = `${root}node_modules/`;

/** A package's `bin` entry, as npm links it. */
function binOf(pkg: string, name: string): string {
  const manifest = JSON.parse(readFileSync(`${modules}${pkg}/package.json`, 'utf8')) as {
    bin: Record<string, string>;
  };
  return `${modules}${pkg}/${manifest.bin[name]}`;
}

/**
 * Claude Code's postinstall copies the native binary over bin/claude.exe;
 * when npm skipped it, the file is a small stub and cli-wrapper.cjs finds the
 * platform package's binary instead (TOOLCHAIN.md).
 */
function claudeCommand(): string[] {
  const exe = `${modules}@anthropic-ai/claude-code/bin/claude.exe`;
  return statSync(exe).size > 1_000_000
    ? [exe]
    : [process.execPath, `${modules}@anthropic-ai/claude-code/cli-wrapper.cjs`];
}

function codex(setup: SessionSetup): { command: string[]; env: Record<string, string> } {
  const codexHome = join(setup.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'config.toml'), codexConfigFor(setup.proxyURL));
  return {
    command: [
      process.execPath,
      binOf('@openai/codex', 'codex'),
      ...(setup.launch?.args ?? []),
      'exec',
      '--skip-git-repo-check',
      // No one is there to approve; the bundled bubblewrap sandbox still confines writes to the workdir.
      '--sandbox',
      'workspace-write',
      '--color',
      'never',
      // Off by default would be better: plugins sync from github.com and chatgpt.com, analytics posts to OpenAI.
      '-c',
      'features.plugins=false',
      '-c',
      'analytics.enabled=false',
      setup.prompt,
    ],
    env: { CODEX_HOME: codexHome, TOOLSHIM_PROXY_TOKEN: setup.token },
  };
}

function claude(setup: SessionSetup): { command: string[]; env: Record<string, string> } {
  return {
    // --dangerously-skip-permissions refuses to run as root (CI is root): allow the tools by name instead.
    command: [...claudeCommand(), '-p', setup.prompt, '--allowedTools', 'Bash,Write,Read,Edit'],
    env: {
      ...claudeEnvFor(setup.proxyURL),
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  };
}

/** The settings that keep Gemini CLI off Google's servers: usage statistics (Clearcut), the update check. */
export const GEMINI_OFFLINE = {
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  telemetry: { enabled: false },
};

/**
 * Gemini CLI's flags for a run without a person, as a user types them after `toolshim gemini --`:
 * headless in an untrusted folder it exits 55, and yolo runs the shell tool with no one to approve it.
 */
export function geminiFlags(prompt: string): string[] {
  return ['--skip-trust', '--approval-mode', 'yolo', '-p', prompt];
}

function gemini(setup: SessionSetup): { command: string[]; env: Record<string, string> } {
  const gemini = [process.execPath, binOf('@google/gemini-cli', 'gemini')];
  // Under `toolshim gemini` (setup.launch), its run home and variables, over the user's settings the test wrote.
  if (setup.launch !== undefined) return { command: [...gemini, ...setup.launch.args], env: {} };
  mkdirSync(join(setup.home, '.gemini'), { recursive: true });
  const settings = { ...geminiSettings, ...GEMINI_OFFLINE };
  writeFileSync(join(setup.home, '.gemini', 'settings.json'), JSON.stringify(settings));
  // A given model skips the routing classifier, a model call of its own per turn.
  return {
    command: [...gemini, '--model', setup.model, ...geminiFlags(setup.prompt)],
    env: geminiEnvFor(setup.proxyURL),
  };
}

function qwen(setup: SessionSetup): { command: string[]; env: Record<string, string> } {
  // Usage statistics otherwise go to Alibaba Cloud's RUM endpoint.
  mkdirSync(join(setup.home, '.qwen'), { recursive: true });
  writeFileSync(
    join(setup.home, '.qwen', 'settings.json'),
    JSON.stringify({ privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } }),
  );
  return {
    command: [
      process.execPath,
      binOf('@qwen-code/qwen-code', 'qwen'),
      '-p',
      setup.prompt,
      '--yolo',
      '--auth-type',
      'openai',
    ],
    env: {
      OPENAI_BASE_URL: `${setup.proxyURL}/v1`,
      OPENAI_API_KEY: setup.token,
      OPENAI_MODEL: setup.model,
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    },
  };
}

function pi(setup: SessionSetup): { command: string[]; env: Record<string, string> } {
  const agentDir = join(setup.home, '.pi', 'agent');
  mkdirSync(agentDir, { recursive: true });
  // pi's docs/models.md: a custom OpenAI-compatible provider.
  const models = {
    providers: {
      toolshim: {
        baseUrl: `${setup.proxyURL}/v1`,
        api: 'openai-completions',
        apiKey: setup.token,
        models: [{ id: setup.model }],
      },
    },
  };
  writeFileSync(join(agentDir, 'models.json'), JSON.stringify(models));
  return {
    command: [
      process.execPath,
      binOf('@mariozechner/pi-coding-agent', 'pi'),
      '-p',
      setup.prompt,
      '--provider',
      'toolshim',
      '--model',
      setup.model,
    ],
    env: { PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: '1', PI_TELEMETRY: '0' },
  };
}

const launchers = { codex, claude, gemini, qwen, pi };

const SESSION_TIMEOUT_MS = 120_000;

/** Runs one session to its end (or kills it after two minutes) and returns what it printed. */
export function runSession(client: Client, setup: SessionSetup): Promise<Session> {
  const { command, env } = launchers[client](setup);
  const launchEnv = Object.entries(setup.launch?.env ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const started = Date.now();
  // A clean environment: nothing of the machine's (API keys, proxies, HOME) reaches the client.
  const base = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: setup.home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
  };
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: setup.cwd,
    env: { ...base, ...setup.env, ...env, ...Object.fromEntries(launchEnv) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a timeout stops the client and everything it started, and nothing else.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, SESSION_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}
