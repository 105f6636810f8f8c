/**
 * The format for a model name, by each format's declared names: model names
 * as Ollama, Hugging Face, LM Studio and vLLM users type them, for every
 * family with a preset (the 30 names, which picked `auto` or
 * `llama3-json` for five families before they were declared in the formats),
 * and names that are no family of ours.
 */
import { describe, expect, it } from 'vitest';
import { formatForModel } from './model-names.ts';
import { FORMATS } from './registry.ts';

/** [model name, the format its family writes]. */
const NAMES: Array<[string, string]> = [
  ['qwen3-coder:30b', 'qwen3-coder'],
  ['Qwen/Qwen3-Coder-30B-A3B-Instruct', 'qwen3-coder'],
  ['qwen3coder', 'qwen3-coder'],
  ['Qwen/Qwen3.5-35B-A3B', 'qwen3-coder'],
  ['qwen2.5:7b', 'hermes'],
  ['qwen3:8b', 'hermes'],
  ['Qwen/Qwen2.5-Coder-7B-Instruct', 'hermes'],
  ['qwq:32b', 'hermes'],
  ['hermes3:8b', 'hermes'],
  ['NousResearch/Hermes-3-Llama-3.1-8B', 'hermes'],
  ['deepseek-r1:7b', 'deepseek'],
  ['deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', 'deepseek'],
  ['unsloth/DeepSeek-R1-Distill-Llama-8B', 'deepseek'],
  ['deepseek-v3.1', 'deepseek'],
  ['gpt-oss:20b', 'harmony'],
  ['openai/gpt-oss-120b', 'harmony'],
  ['functiongemma', 'function-gemma'],
  ['google/functiongemma-270m-it', 'function-gemma'],
  ['gemma4:12b', 'gemma4'],
  ['google/gemma-3-4b-it', 'gemma'],
  ['gemma2:9b', 'gemma'],
  ['llama4:scout', 'pythonic'],
  ['meta-llama/Llama-4-Scout-17B-16E-Instruct', 'pythonic'],
  ['LiquidAI/LFM2-1.2B', 'pythonic'],
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
  // The five families the CLI's own table never learned, and a Llama fine-tune it gave llama3-json.
  ['nvidia/NVIDIA-Nemotron-Nano-9B-v2', 'nemotron'],
  ['nvidia/Llama-3_3-Nemotron-Super-49B-v1_5', 'nemotron'],
  // The 2024 Llama-3.1 Nemotron is a Llama 3.1 chat model, with Llama's template.
  ['nvidia/Llama-3.1-Nemotron-70B-Instruct-HF', 'llama3-json'],
  ['CohereLabs/c4ai-command-r7b-12-2024', 'cohere'],
  ['command-r7b:7b', 'cohere'],
  ['CohereLabs/c4ai-command-a-03-2025', 'cohere'],
  ['command-a:111b', 'cohere'],
  ['ai21labs/AI21-Jamba-Mini-1.7', 'jamba'],
  ['tencent/Hunyuan-A13B-Instruct', 'jamba'],
  ['baidu/ERNIE-4.5-21B-A3B-Thinking', 'hermes'],
  ['baidu/ERNIE-4.5-0.3B-PT', 'hermes'],
  ['jamba-1.5-large', 'jamba'],
  ['ByteDance-Seed/Seed-OSS-36B-Instruct', 'seed-oss'],
  ['internlm/internlm2_5-7b-chat', 'internlm'],
  ['internlm2:7b', 'internlm'],
  ['internlm/Intern-S1-mini', 'internlm'],
  ['ai-sage/GigaChat3-10B-A1.8B', 'gigachat'],
  ['swiss-ai/Apertus-8B-Instruct-2509', 'apertus'],
  ['openbmb/MiniCPM5-2B', 'minicpm5'],
  ['openbmb/MiniCPM5-1B-GGUF', 'minicpm5'],
  ['ServiceNow-AI/Apriel-1.6-15b-Thinker', 'jamba'],
  ['CohereLabs/c4ai-command-r-plus-08-2024', 'cohere'],
  ['command-r:35b', 'cohere'],
  // Command R and R+ write an older `Action:` block, which the cohere preset reads too.
  ['command-r-plus:104b', 'cohere'],
];

describe('formatForModel', () => {
  it.each(NAMES)('%s → %s', (model, format) => {
    expect(formatForModel(model)?.format.name).toBe(format);
  });

  it.each(['my-finetune', 'toolshim-replay', 'gpt-4o', 'phi3:mini'])('%s: no family of ours (auto)', (model) => {
    expect(formatForModel(model)).toBeUndefined();
  });

  it('every format that a family of models writes declares its names, and one of the names above is each one’s', () => {
    const families = FORMATS.filter((format) => !['auto', 'morph-xml', 'yaml-xml'].includes(format.name));
    for (const format of families) {
      expect(format.modelNames?.length, format.name).toBeGreaterThan(0);
      expect(
        NAMES.some(([, name]) => name === format.name),
        format.name,
      ).toBe(true);
    }
  });

  it('names only formats of the registry in `outranks`', () => {
    const names = new Set(FORMATS.map((format) => format.name));
    for (const format of FORMATS) for (const over of format.outranks ?? []) expect(names).toContain(over);
  });
});
