/**
 * The sessions run the top README's client settings; worker/README.md repeats
 * the Codex config, so both must say the same thing.
 */
import { expect, it } from 'vitest';
import { claudeEnv, codexToml, workerCodexToml, workerVars } from './readme.ts';

it("README.md and worker/README.md give the same Codex config, and Claude Code's token is the proxy's", () => {
  expect(workerCodexToml).toBe(codexToml);
  expect(codexToml).toContain('wire_api = "responses"');
  expect(claudeEnv.ANTHROPIC_AUTH_TOKEN).toBe(workerVars.PROXY_TOKEN);
});
