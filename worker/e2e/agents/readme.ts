/**
 * The client settings the proxy's API pages give, read out of them, so the
 * sessions test what a user copies: src/server/responses/README.md's Codex
 * `config.toml` and proxy command (token, upstream model name),
 * src/server/messages/README.md's Claude Code environment, and
 * src/server/gemini/README.md's Gemini CLI settings and environment.
 */
import { readFileSync } from 'node:fs';
import { root } from '../wrangler.ts';

const responsesPage = readFileSync(`${root}src/server/responses/README.md`, 'utf8');
const messagesPage = readFileSync(`${root}src/server/messages/README.md`, 'utf8');
const geminiPage = readFileSync(`${root}src/server/gemini/README.md`, 'utf8');

/** The address the READMEs write for the proxy (`npm run dev:worker`'s port); each test's proxy has its own. */
export const readmeProxyURL = 'http://127.0.0.1:8787';

/** The fenced block of `language` after `marker` (a heading or an HTML comment) in `text`. */
function blockAfter(text: string, marker: string, language: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`README has no "${marker}"`);
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(at));
  if (match === null) throw new Error(`no \`\`\`${language} block after "${marker}"`);
  return match[1] as string;
}

/** The Responses page's `~/.codex/config.toml` ("Use with Codex CLI"), as written. */
export const codexToml = blockAfter(responsesPage, '## Use with Codex CLI', 'toml');

/** The Messages page's Claude Code `export NAME=value` lines ("Use with Claude Code"). */
export const claudeEnv: Record<string, string> = exportsOf(blockAfter(messagesPage, '<!-- claude-code-env -->', 'sh'));

/** The `export NAME=value` lines of a shell block. */
function exportsOf(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/^export (\w+)=(\S+)/gm)].map((m) => [m[1] as string, m[2] as string]));
}

/** The Gemini page's `~/.gemini/settings.json` ("Use with Gemini CLI"), as written. */
export const geminiSettings = JSON.parse(blockAfter(geminiPage, '<!-- gemini-settings -->', 'json')) as Record<
  string,
  unknown
>;

/** The Gemini page's environment for Gemini CLI, pointed at a running proxy. */
export function geminiEnvFor(proxyURL: string): Record<string, string> {
  const env = exportsOf(blockAfter(geminiPage, '<!-- gemini-env -->', 'sh'));
  if (env.GOOGLE_GEMINI_BASE_URL !== readmeProxyURL) throw new Error('README changed its GOOGLE_GEMINI_BASE_URL');
  return { ...env, GOOGLE_GEMINI_BASE_URL: proxyURL };
}

/** The `--var NAME:value` pairs of src/server/responses/README.md's Codex proxy command. */
export const workerVars: Record<string, string> = Object.fromEntries(
  [...blockAfter(responsesPage, '<!-- codex-worker -->', 'sh').matchAll(/--var (\w+):(\S+)/g)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
);

/** The Codex config pointed at a running proxy: only the README's address is replaced. */
export function codexConfigFor(proxyURL: string): string {
  if (!codexToml.includes(`${readmeProxyURL}/v1`)) throw new Error(`README's Codex config has no ${readmeProxyURL}/v1`);
  return codexToml.replace(`${readmeProxyURL}/v1`, `${proxyURL}/v1`);
}

/** The Claude Code environment pointed at a running proxy. */
export function claudeEnvFor(proxyURL: string): Record<string, string> {
  if (claudeEnv.ANTHROPIC_BASE_URL !== readmeProxyURL) throw new Error('README changed its ANTHROPIC_BASE_URL');
  return { ...claudeEnv, ANTHROPIC_BASE_URL: proxyURL };
}
