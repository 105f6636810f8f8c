/// <reference types="node" />
/**
 * The top README shows the Codex CLI config and the Claude Code environment
 * that worker/README.md documents, and the worker e2e tests run
 * (worker/e2e/responses.test.ts, messages.test.ts read them from
 * worker/README.md). The copies must be the same text, or the top README
 * would show a setup nobody tested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';
import { readmeBlock } from './readme-blocks.ts';

/** The first ```toml block under the "Use with Codex CLI" heading. */
function codexConfig(file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const from = text.indexOf('# Use with Codex CLI');
  expect(from, `${file} has a "Use with Codex CLI" heading`).toBeGreaterThan(0);
  const toml = /```toml\n([\s\S]*?)```/.exec(text.slice(from))?.[1];
  if (toml === undefined) throw new Error(`${file} has no toml block under "Use with Codex CLI"`);
  return toml;
}

describe('blocks the top README copies from worker/README.md', () => {
  it('the Codex CLI config (~/.codex/config.toml)', () => {
    expect(codexConfig('README.md')).toBe(codexConfig('worker/README.md'));
  });

  it('the Claude Code environment (<!-- claude-code-env -->)', () => {
    expect(readmeBlock('claude-code-env', 'sh')).toBe(readmeBlock('claude-code-env', 'sh', 'worker/README.md'));
  });
});
