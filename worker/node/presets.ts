/// <reference types="node" />
/**
 * Shorthands for the common local model servers, and the model-name table
 * that picks a tool-call format when `--protocol` is not given. Plain data:
 * the CLI reads it, the tests check every format name against the registry,
 * and worker/README.md ("One command: `toolshim`") documents both tables.
 */

/**
 * `--upstream NAME`: each server's default OpenAI-compatible base URL, as its
 * own documentation gives it (the server's default host and port, plus `/v1`).
 */
export const UPSTREAM_PRESETS: Readonly<Record<string, string>> = {
  ollama: 'http://127.0.0.1:11434/v1',
  llamacpp: 'http://127.0.0.1:8080/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
  vllm: 'http://127.0.0.1:8000/v1',
};

/** The command that starts each preset's server, for the "cannot reach it" warning. */
export const PRESET_START_HINTS: Readonly<Record<string, string>> = {
  ollama: 'ollama serve',
  llamacpp: 'llama-server -m <model.gguf>',
  lmstudio: 'lms server start',
  vllm: 'vllm serve <model>',
};

/** `--upstream` as given: a preset name becomes its URL; anything else is kept as the URL. */
export function upstreamURL(value: string): { url: string; preset?: string } {
  const preset = value.toLowerCase();
  const url = UPSTREAM_PRESETS[preset];
  return url === undefined ? { url: value } : { url, preset };
}

/**
 * Model name → format. First match wins, so the order matters: DeepSeek's
 * distills are named after Qwen and Llama but chat in DeepSeek's template;
 * `hermes-3-llama-3.1` writes Hermes calls, not Llama's JSON; Qwen3-Coder and
 * Qwen3.5 were trained on the XML-like `qwen3-coder` format, other Qwens on
 * Hermes. Every name here is a registry format (registry.ts; the test checks).
 */
export const MODEL_PROTOCOLS: ReadonlyArray<readonly [pattern: RegExp, protocol: string]> = [
  [/deepseek/i, 'deepseek'],
  [/qwen3.?coder/i, 'qwen3-coder'],
  [/qwen3\.5/i, 'qwen3-coder'],
  [/qwen|qwq/i, 'hermes'],
  [/hermes/i, 'hermes'],
  [/gpt-oss/i, 'harmony'],
  [/function-?gemma/i, 'function-gemma'],
  [/gemma-?4/i, 'gemma4'],
  [/gemma/i, 'gemma'],
  [/llama-?4/i, 'pythonic'],
  [/llama-?3/i, 'llama3-json'],
  [/mistral|mixtral|ministral|devstral|magistral/i, 'mistral'],
  [/phi-?4/i, 'phi4-mini'],
  [/granite/i, 'granite'],
  [/glm/i, 'glm'],
  [/kimi/i, 'kimi-k2'],
  [/minimax/i, 'minimax-m2'],
  [/xlam/i, 'xlam'],
  [/olmo-?3/i, 'olmo3'],
];

/** The format for a model name, and the table row that chose it; `undefined` when no row matches. */
export function protocolForModel(model: string): { protocol: string; pattern: RegExp } | undefined {
  const row = MODEL_PROTOCOLS.find(([pattern]) => pattern.test(model));
  return row === undefined ? undefined : { protocol: row[1], pattern: row[0] };
}
