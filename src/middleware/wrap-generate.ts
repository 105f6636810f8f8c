/**
 * The generate path: each text item runs through the same response parser as
 * the stream path (feed all, then flush), and the stream parts it produces are
 * folded back into content.
 */
import type {
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { CallState } from './call-state.ts';
import { logStreamPart } from './debug.ts';
import { createResponseParser } from './response-parser.ts';

export async function wrapGenerate(
  doGenerate: () => PromiseLike<LanguageModelV4GenerateResult>,
  state: CallState,
): Promise<LanguageModelV4GenerateResult> {
  const result = await doGenerate();
  const warnings = [...result.warnings, ...state.warnings];

  const content: LanguageModelV4Content[] = [];
  /** The open text or reasoning block: the writer never has two open, so each delta is this one's. */
  let block: { type: 'text' | 'reasoning'; text: string } = { type: 'text', text: '' };
  // Generate keeps no deltas, so there is nothing to group.
  const parser = createResponseParser({ ...state, coalescing: undefined }, (part: LanguageModelV4StreamPart) => {
    if (part.type === 'text-start' || part.type === 'reasoning-start') {
      block = { type: part.type === 'text-start' ? 'text' : 'reasoning', text: '' };
      content.push(block);
    } else if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
      block.text += part.delta;
    } else if (part.type === 'tool-call') {
      // The writer's tool-call part has exactly a content tool call's fields.
      content.push(part);
    }
  });
  if (parser === undefined) return { ...result, warnings };

  for (const item of result.content) {
    if (state.debug === 'stream') logStreamPart('raw', item);
    if (item.type === 'text') parser.feed(item.text);
    else {
      if (item.type === 'reasoning') parser.providerReasoning();
      content.push(item);
    }
  }
  parser.finish();

  return { ...result, content, finishReason: parser.finishReason(result.finishReason), warnings };
}
