/**
 * Runs one corpus case through toolshim as the AI SDK does (wrapLanguageModel
 * with the ai/test mock model) and reduces the stream to calls, text and
 * reasoning in the form the cases give them.
 */
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { autoProtocol } from '../../protocols/auto/auto.ts';
import { NATIVE_FORMATS } from '../../protocols/formats.ts';
import { findFormat } from '../../protocols/registry.ts';
import { functionTool, streamParts, summarize } from '../harness.ts';
import type { CorpusCall, CorpusCase, ToolSchemas } from './types.ts';

export interface CorpusResult {
  calls: CorpusCall[];
  text: string;
  reasoning: string;
  /** The `onError` codes, in order (empty for middlewares whose reports are not collected). */
  errors: string[];
}

/** Whitespace runs collapsed to one space and trimmed: how cases compare text and reasoning. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The protocol a case runs through under the registry name `format`. Auto reads a format it leaves out
 * (yaml-xml) when it prompts in it, so for such a family's cases `auto` prompts in the case's first preset.
 */
function protocolFor(format: string, c?: Pick<CorpusCase, 'presets'>) {
  const entry = findFormat(format);
  if (entry === undefined) throw new TypeError(`Corpus names unknown preset "${format}"; use a registry name.`);
  const own = NATIVE_FORMATS.find((f) => f.name === c?.presets[0]);
  return format === 'auto' && own?.inAuto === false ? autoProtocol({ prompt: own.create() }) : entry.create();
}

/** Streams `chunks` through the preset called `format` (`auto` included) as case `c` runs it. */
export async function runCorpus(
  format: string,
  tools: ToolSchemas,
  chunks: string[],
  reasoning?: CorpusCase['reasoningOption'],
  c?: Pick<CorpusCase, 'presets'>,
): Promise<CorpusResult> {
  const errors: string[] = [];
  const result = await runMiddleware(
    createToolMiddleware({
      protocol: protocolFor(format, c),
      onError: (_message, { code }) => errors.push(code),
      ...(reasoning === undefined ? {} : { reasoning }),
    }),
    tools,
    chunks,
  );
  return { ...result, errors };
}

/** Streams `chunks` through any middleware (the report also runs @ai-sdk-tool/parser's). */
export async function runMiddleware(
  middleware: LanguageModelV4Middleware,
  tools: ToolSchemas,
  chunks: string[],
): Promise<CorpusResult> {
  const declared = Object.entries(tools).map(([name, schema]) => functionTool(name, schema));
  const summary = summarize(await streamParts({ middleware, tools: declared }, chunks));
  return {
    calls: summary.calls.map(({ toolName, input }) => ({ toolName, input })),
    text: squash(summary.text),
    reasoning: squash(summary.reasoning),
    errors: [],
  };
}
