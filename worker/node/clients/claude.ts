/// <reference types="node" />
/** `toolshim claude`: Claude Code pointed at the proxy's Messages door, through its environment only. */
import type { Launch, LaunchRequest } from './launch.ts';

/**
 * The window, and for a small one a smaller output reserve: Claude Code keeps
 * room for a whole answer (32k tokens by default) beside a prompt that is
 * about 14k tokens before any work, so with `--context 24000` it refused
 * every request ("Prompt is too long") until CLAUDE_CODE_MAX_OUTPUT_TOKENS
 * was 4096 (checked with 2.1.328 on the sample model). A sixth of the window,
 * at least 4096, below 128k.
 */
function claudeWindow(context: number): Record<string, string> {
  const env: Record<string, string> = { CLAUDE_CODE_MAX_CONTEXT_TOKENS: String(context) };
  if (context < 131_072) env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(Math.max(4096, Math.floor(context / 6)));
  return env;
}

/**
 * Claude Code speaks Messages to ANTHROPIC_BASE_URL (without /v1). The token
 * goes as ANTHROPIC_AUTH_TOKEN (a bearer token); ANTHROPIC_API_KEY is
 * withheld (WITHHELD_VARIABLES), so the user's real key is not sent to the
 * proxy, and Claude Code does not ask which of the two credentials to use.
 * `context`: the model's window, as
 * CLAUDE_CODE_MAX_CONTEXT_TOKENS; a model name it does not know is otherwise
 * taken to hold far more than a local model does, so it would compact only
 * after the upstream refused a prompt. (Its other knob,
 * CLAUDE_CODE_AUTO_COMPACT_WINDOW, refuses values under 100k, as Claude Code
 * 2.1.328 says when given 32768.)
 */
/**
 * For the scripted sample model, a `--settings` row that describes it:
 * Claude Code prints `[claude-code:unrecognized_model]` for a model its
 * catalog does not know, and a `modelPicker` row with `behavesAs` (a model it
 * knows, whose client-side handling it then applies) makes the name known
 * (checked with 2.1.3xx). Only when the user passed no `--settings` of their
 * own, and never for a real model, whose handling the user should choose.
 */
function sampleSettings(model: string, args: string[]): string[] {
  if (args.some((arg) => arg === '--settings' || arg.startsWith('--settings='))) return [];
  const row = { model, label: model, description: "toolshim's scripted sample model", behavesAs: 'claude-sonnet-4-5' };
  return ['--settings', JSON.stringify({ modelPicker: { options: [row] } })];
}

export function claudeLaunch({ url, token, model, args, context, scripted }: LaunchRequest): Launch {
  return {
    args: scripted ? [...sampleSettings(model, args), ...args] : args,
    env: {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_AUTH_TOKEN: token,
      ANTHROPIC_MODEL: model,
      // Claude Code's model for small background requests (titles, summaries): the same local model.
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      ...(context !== undefined ? claudeWindow(context) : {}),
    },
  };
}
