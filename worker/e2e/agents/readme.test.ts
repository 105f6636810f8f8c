/**
 * The sessions run the client settings of the proxy's API pages: the Codex
 * config speaks Responses, and Claude Code's token is the one the proxy
 * command sets.
 */
import { expect, it } from 'vitest';
import { claudeEnv, codexToml, workerVars } from './readme.ts';

it("the Codex config speaks Responses, and Claude Code's token is the proxy's", () => {
  expect(codexToml).toContain('wire_api = "responses"');
  expect(claudeEnv.ANTHROPIC_AUTH_TOKEN).toBe(workerVars.PROXY_TOKEN);
});
