/**
 * The test harness on AI SDK 6: the same helpers as harness.ts, but models are
 * `MockLanguageModelV3` from ai@6 (`ai-v6` alias) wrapped by ai@6's
 * `wrapLanguageModel`, with the middleware served through toolshim/v3's adapter.
 * vitest.ai6.config.ts swaps it in for harness.ts, so every test file that uses
 * the harness runs unchanged against ai@6 as well.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider-v3';
import { wrapLanguageModel } from 'ai-v6';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai-v6/test';
import { toV3Middleware } from '../v3/adapt.ts';
import { collect, type RunOptions, textStream, usage } from './harness.ts';

export * from './harness.ts';

/** Which AI SDK this harness drives; tests may print it in their names. */
export const aiSdkMajor = 6;

/** A V3 mock model that streams `chunks` and, for generate, answers with their concatenation. */
export function mockModel(chunks: string[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: convertArrayToReadableStream(textStream(chunks) as unknown as LanguageModelV3StreamPart[]),
    }),
    doGenerate: async () => ({
      content: [{ type: 'text', text: chunks.join('') }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

function callOptions({ tools, toolChoice, providerOptions }: RunOptions): LanguageModelV3CallOptions {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools,
    ...(toolChoice ? { toolChoice } : {}),
    ...(providerOptions ? { providerOptions } : {}),
  } as LanguageModelV3CallOptions;
}

/** Fails loudly when a V4-only field reaches an AI SDK 6 consumer. */
function assertV3Parts(parts: LanguageModelV3StreamPart[]): void {
  for (const part of parts) {
    if (typeof part === 'object' && part !== null && 'inputEncoding' in part) {
      throw new Error(`V4-only field inputEncoding leaked into a V3 ${part.type} part`);
    }
  }
}

export async function streamParts(options: RunOptions, chunks: string[]): Promise<LanguageModelV4StreamPart[]> {
  const model = wrapLanguageModel({ model: mockModel(chunks), middleware: toV3Middleware(options.middleware) });
  const { stream } = await model.doStream(callOptions(options));
  const parts = await collect(stream);
  assertV3Parts(parts);
  return parts as unknown as LanguageModelV4StreamPart[];
}

export async function generateContent(options: RunOptions, text: string) {
  const model = wrapLanguageModel({ model: mockModel([text]), middleware: toV3Middleware(options.middleware) });
  return model.doGenerate(callOptions(options));
}
