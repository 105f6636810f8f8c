/** A compact constructor for corpus cases whose tools are the shared weather/file tools. */
import { allTools } from './tools.ts';
import type { CorpusCall, CorpusCase } from './types.ts';

export function corpusCase(
  presets: string[],
  name: string,
  source: string,
  text: string,
  calls: CorpusCall[],
  text_out = '',
  extra: Partial<CorpusCase> = {},
): CorpusCase {
  return { name, source, text, tools: allTools, presets, calls, text_out, ...extra };
}

export const call = (toolName: string, input: unknown): CorpusCall => ({ toolName, input });
