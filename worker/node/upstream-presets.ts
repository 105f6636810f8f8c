/// <reference types="node" />
/**
 * Shorthands for the common local model servers, and the format for a model
 * name when `--protocol` is not given (each format declares its model names in
 * its own file). worker/README.md ("One command: `toolshim`") documents both.
 */
import { formatForModel } from '../../src/server.ts';

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

/** The format for a model name, by the formats' own model names (src/protocols/model-names.ts), and the pattern that chose it. */
export function protocolForModel(model: string): { protocol: string; pattern: RegExp } | undefined {
  const found = formatForModel(model);
  return found === undefined ? undefined : { protocol: found.format.name, pattern: found.pattern };
}
