/**
 * A mock model for multi-step tests: each call streams (or returns) the next
 * scripted text, and every call's options are recorded, so a test can check
 * what the model was sent on the second step.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { textStream, usage } from './harness.ts';

export interface ScriptedModel {
  model: MockLanguageModelV4;
  /** The options of each call, in order. */
  calls: LanguageModelV4CallOptions[];
}

/** Answers call n with `texts[n]` (the last one again when the script runs out), cut in 5-character chunks. */
export function scriptedModel(texts: string[]): ScriptedModel {
  const calls: LanguageModelV4CallOptions[] = [];
  const next = (options: LanguageModelV4CallOptions) => {
    calls.push(options);
    return texts[Math.min(calls.length - 1, texts.length - 1)] ?? '';
  };
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      const text = next(options);
      const chunks = text.match(/[\s\S]{1,5}/g) ?? [];
      return { stream: convertArrayToReadableStream(textStream(chunks)) };
    },
    doGenerate: async (options) => ({
      content: [{ type: 'text', text: next(options) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
  return { model, calls };
}

/** The text of a prompt message (its text parts joined), for assertions. */
export function messageText(message: LanguageModelV4Prompt[number] | undefined): string {
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}
