/**
 * The client settings the READMEs give, read out of them, so the sessions
 * test what a user copies: README.md's Codex `config.toml` and its Claude
 * Code environment, and worker/README.md's proxy command (token, upstream
 * model name).
 */
import { readFileSync } from 'node:fs';
import { root } from '../wrangler.ts';

const readme = readFileSync(`${root}README.md`, 'utf8');
const workerReadme = readFileSync(`${root}worker/README.md`, 'utf8');

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

/** README.md's `~/.codex/config.toml` ("Use with Codex CLI"), as written. */
export const codexToml = blockAfter(readme, '### Use with Codex CLI', 'toml');

/** worker/README.md's copy of it, which must say the same. */
export const workerCodexToml = blockAfter(workerReadme, '### Use with Codex CLI', 'toml');

/** README.md's Claude Code `export NAME=value` lines ("Use with Claude Code"). */
export const claudeEnv: Record<string, string> = Object.fromEntries(
  [...blockAfter(readme, '<!-- claude-code-env -->', 'sh').matchAll(/^export (\w+)=(\S+)/gm)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
);

/** The `--var NAME:value` pairs of worker/README.md's Codex proxy command. */
export const workerVars: Record<string, string> = Object.fromEntries(
  [...blockAfter(workerReadme, '<!-- codex-worker -->', 'sh').matchAll(/--var (\w+):(\S+)/g)].map((m) => [
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
