/// <reference types="node" />
/** `toolshim codex`: Codex CLI pointed at the proxy's Responses door by `-c` overrides, for this run only. */
import type { Launch, LaunchRequest } from './launch.ts';

/** A TOML string for a `-c key=value` override: a JSON string is a valid TOML basic string. */
const toml = (value: string) => JSON.stringify(value);

/**
 * Codex CLI speaks Responses to a model provider. `-c` overrides define a
 * provider for this run only, leaving ~/.codex/config.toml as it is; its
 * `env_key` names the variable that carries the token. Codex declares a hosted
 * web_search tool by default, which a local model cannot run: it is disabled.
 */
export function codexLaunch({ url, token, model, args, context }: LaunchRequest): Launch {
  const overrides = [
    'model_provider="toolshim"',
    'model_providers.toolshim.name="toolshim"',
    `model_providers.toolshim.base_url=${toml(`${url}/v1`)}`,
    'model_providers.toolshim.wire_api="responses"',
    'model_providers.toolshim.env_key="TOOLSHIM_PROXY_TOKEN"',
    `model=${toml(model)}`,
    'web_search="disabled"',
  ];
  if (context !== undefined) {
    // Codex's own keys for a model it has no metadata for; it compacts at the limit, here 85% of the window.
    overrides.push(`model_context_window=${context}`, `model_auto_compact_token_limit=${Math.floor(context * 0.85)}`);
  }
  return { args: [...overrides.flatMap((value) => ['-c', value]), ...args], env: { TOOLSHIM_PROXY_TOKEN: token } };
}
