/**
 * A model's format from its name, by each format's `modelNames` (declared in
 * the format's own file). A name can match several: fine-tunes are named after
 * the model they were made from (`DeepSeek-R1-Distill-Qwen-7B`,
 * `Hermes-3-Llama-3.1-8B`), so a format that `outranks` another wins when both
 * match; otherwise the registry's order decides.
 */
import type { FormatEntry } from './protocol.ts';
import { FORMATS } from './registry.ts';

export interface ModelFormat {
  format: FormatEntry;
  /** The pattern that matched, to say why. */
  pattern: RegExp;
}

/** The format the model named `model` writes; undefined when no format's names match it. */
export function formatForModel(model: string): ModelFormat | undefined {
  const matches: ModelFormat[] = [];
  for (const format of FORMATS) {
    const pattern = format.modelNames?.find((names) => names.test(model));
    if (pattern !== undefined) matches.push({ format, pattern });
  }
  return matches.find(({ format }) => !matches.some((other) => other.format.outranks?.includes(format.name)));
}
