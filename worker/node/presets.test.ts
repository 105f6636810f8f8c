/// <reference types="node" />
/** The upstream presets and the model-name table: real model names, the registry, and the docs that list them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFormat } from '../../src/protocols/registry.ts';
import { MODEL_PROTOCOLS, PRESET_START_HINTS, protocolForModel, UPSTREAM_PRESETS, upstreamURL } from './presets.ts';
import { root } from './test-support.ts';

describe('the model-name table', () => {
  it.each(MODEL_PROTOCOLS.map(([pattern, protocol]) => [String(pattern), protocol]))(
    '%s → %s names a format of the registry (not an alias)',
    (_pattern, protocol) => {
      expect(findFormat(protocol)?.name).toBe(protocol);
    },
  );

  // Names as Ollama, Hugging Face, LM Studio and vLLM users type them.
  it.each([
    ['qwen3-coder:30b', 'qwen3-coder'],
    ['Qwen/Qwen3-Coder-30B-A3B-Instruct', 'qwen3-coder'],
    ['qwen3coder', 'qwen3-coder'],
    ['Qwen/Qwen3.5-35B-A3B', 'qwen3-coder'],
    ['qwen2.5:7b', 'hermes'],
    ['qwen3:8b', 'hermes'],
    ['qwq:32b', 'hermes'],
    ['hermes3:8b', 'hermes'],
    ['NousResearch/Hermes-3-Llama-3.1-8B', 'hermes'],
    ['deepseek-r1:7b', 'deepseek'],
    ['deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', 'deepseek'],
    ['deepseek-v3.1', 'deepseek'],
    ['gpt-oss:20b', 'harmony'],
    ['openai/gpt-oss-120b', 'harmony'],
    ['functiongemma', 'function-gemma'],
    ['gemma4:12b', 'gemma4'],
    ['google/gemma-3-4b-it', 'gemma'],
    ['gemma2:9b', 'gemma'],
    ['llama4:scout', 'pythonic'],
    ['meta-llama/Llama-4-Scout-17B-16E-Instruct', 'pythonic'],
    ['llama3.1:8b', 'llama3-json'],
    ['meta-llama/Llama-3.2-3B-Instruct', 'llama3-json'],
    ['mistral-small3.2:24b', 'mistral'],
    ['mistralai/Devstral-Small-2507', 'mistral'],
    ['magistral:24b', 'mistral'],
    ['ministral-3:8b', 'mistral'],
    ['mixtral:8x7b', 'mistral'],
    ['phi4-mini', 'phi4-mini'],
    ['microsoft/Phi-4-mini-instruct', 'phi4-mini'],
    ['granite3.3:8b', 'granite'],
    ['ibm-granite/granite-3.1-8b-instruct', 'granite'],
    ['glm-4.5-air', 'glm'],
    ['zai-org/GLM-4.6', 'glm'],
    ['kimi-k2', 'kimi-k2'],
    ['moonshotai/Kimi-K2-Instruct', 'kimi-k2'],
    ['MiniMaxAI/MiniMax-M2', 'minimax-m2'],
    ['Salesforce/xLAM-2-8b-fc-r', 'xlam'],
    ['allenai/Olmo-3-7B-Instruct', 'olmo3'],
  ])('%s → %s', (model, protocol) => {
    expect(protocolForModel(model)?.protocol).toBe(protocol);
  });

  it.each(['my-finetune', 'toolshim-replay', 'gpt-4o', 'phi3:mini'])('%s matches no row (auto)', (model) => {
    expect(protocolForModel(model)).toBeUndefined();
  });
});

describe('--upstream presets', () => {
  it('a preset name (any case) becomes its URL; anything else is the URL itself', () => {
    expect(upstreamURL('Ollama')).toEqual({ url: 'http://127.0.0.1:11434/v1', preset: 'ollama' });
    expect(upstreamURL('http://gpu-box:8080/v1')).toEqual({ url: 'http://gpu-box:8080/v1' });
  });

  it('each preset has a start hint for the warning', () => {
    expect(Object.keys(PRESET_START_HINTS).sort()).toEqual(Object.keys(UPSTREAM_PRESETS).sort());
  });
});

describe('worker/README.md, "One command: toolshim", lists the tables as the code has them', () => {
  const readme = readFileSync(join(root, 'worker/README.md'), 'utf8');
  const from = readme.indexOf('## One command: `toolshim`');
  const section = readme.slice(from, readme.indexOf('\n## ', from + 5));

  it('the presets, in order', () => {
    const rows = [...section.matchAll(/^\| `(\w+)`\s*\| `(http[^`]+)`/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(Object.entries(UPSTREAM_PRESETS));
  });

  it('the model-name table, in order', () => {
    // A table cell escapes the pipes of the pattern.
    const rows = [...section.matchAll(/^\| `(\/[^`]+\/i)`\s*\| `([\w-]+)`/gm)].map((m) => [
      (m[1] as string).replaceAll('\\|', '|'),
      m[2],
    ]);
    expect(rows).toEqual(MODEL_PROTOCOLS.map(([pattern, protocol]) => [String(pattern), protocol]));
  });
});
