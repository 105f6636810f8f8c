/// <reference types="node" />
/** `toolshim codex`: Codex CLI pointed at the proxy's Responses door by `-c` overrides, for this run only. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Launch, LaunchRequest } from './launch.ts';

/** A TOML string for a `-c key=value` override: a JSON string is a valid TOML basic string. */
const toml = (value: string) => JSON.stringify(value);

/**
 * A model catalog of the sample model alone, for `-c model_catalog_json`:
 * Codex warns "Model metadata for `toolshim-replay` not found" for a model
 * absent from its catalog, whatever `model_context_window` says (0.169). The
 * fields are those its parser requires (it refuses an entry without
 * `base_instructions`, checked with 0.169). Only for the scripted model: for a
 * real one the catalog's instructions would replace Codex's own prompt, so a
 * real model keeps the warning and gets the window through the `-c` keys.
 */
function sampleCatalog(model: string, context: number) {
  return {
    models: [
      {
        slug: model,
        display_name: model,
        description: "toolshim's scripted sample model (no real model)",
        supported_reasoning_levels: [],
        shell_type: 'default',
        visibility: 'list',
        supported_in_api: true,
        priority: 1,
        upgrade: null,
        base_instructions: 'You are a coding agent. Use the tools to do what the user asks.',
        supports_reasoning_summaries: false,
        support_verbosity: false,
        default_verbosity: null,
        apply_patch_tool_type: 'freeform',
        truncation_policy: { mode: 'bytes', limit: 10_000 },
        supports_parallel_tool_calls: true,
        context_window: context,
        experimental_supported_tools: [],
      },
    ],
  };
}

/** The catalog written to a folder of its own for this run, and how to remove it. */
function writeCatalog(model: string, context: number): { path: string; cleanup: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'toolshim-codex-'));
  const path = join(folder, 'models.json');
  writeFileSync(path, JSON.stringify(sampleCatalog(model, context)));
  return { path, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Codex CLI speaks Responses to a model provider. `-c` overrides define a
 * provider for this run only, leaving ~/.codex/config.toml as it is; its
 * `env_key` names the variable that carries the token. Codex declares a hosted
 * web_search tool by default, which a local model cannot run: it is disabled.
 */
export function codexLaunch({ url, token, model, args, context, scripted }: LaunchRequest): Launch {
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
  const catalog = scripted && context !== undefined ? writeCatalog(model, context) : undefined;
  if (catalog) overrides.push(`model_catalog_json=${toml(catalog.path)}`);
  return {
    args: [...overrides.flatMap((value) => ['-c', value]), ...args],
    env: { TOOLSHIM_PROXY_TOKEN: token },
    ...(catalog ? { cleanup: catalog.cleanup } : {}),
  };
}
