/**
 * AI SDK V4 stream parts → Gemini's `streamGenerateContent?alt=sse` stream:
 * one `data: <GenerateContentResponse>` frame per piece, each carrying only
 * the new parts (clients append them), the last one the `finishReason` and
 * `usageMetadata`. A call goes out whole, in a frame of its own, once the
 * core has it whole (core/whole-calls.ts).
 *
 * @google/genai reads the stream with its own line matcher (a frame must
 * start with `data: `, optionally after whitespace), which stalls on an SSE
 * comment: so this door opens, keeps alive and checks liveness with a bare
 * line break instead of `:`. A fault after the stream began is Gemini's
 * error object as a chunk of its own, not a `data:` frame: the SDK tries
 * each network chunk as JSON first and raises an `error` it finds there
 * (with its `code`) as an ApiError, which Gemini CLI reports.
 */
import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { sseFrame } from '../../wire/sse.ts';
import type { StreamWriter } from '../core/front-door.ts';
import {
  callPart,
  finishReasonOf,
  type GeminiFrame,
  type GeminiPart,
  type GenerateContentResponse,
  usageMetadataOf,
} from './write-result.ts';

/** Whitespace the SDK's matcher skips before `data: `: the open, keep-alive and liveness frames. */
export const BLANK_LINE = '\n';

function chunk(
  frame: GeminiFrame,
  parts: GeminiPart[],
  end?: Pick<GenerateContentResponse, 'usageMetadata'> & {
    finishReason: ReturnType<typeof finishReasonOf>;
  },
): Uint8Array {
  const candidate = {
    content: { role: 'model' as const, parts },
    ...(end ? { finishReason: end.finishReason } : {}),
    index: 0 as const,
  };
  const response: GenerateContentResponse = {
    candidates: [candidate],
    ...(end?.usageMetadata ? { usageMetadata: end.usageMetadata } : {}),
    modelVersion: frame.model,
    responseId: frame.responseId,
  };
  return sseFrame(response);
}

export function createGeminiStreamWriter(frame: GeminiFrame): StreamWriter {
  let finish: { reason: LanguageModelV4FinishReason; usage: LanguageModelV4Usage } | undefined;
  /** Whether the last part sent was answer text, so a broken call's text is set off from it. */
  let afterText = false;
  const text = (value: string, thought: boolean): Uint8Array[] => {
    if (value === '') return [];
    if (!thought) afterText = true;
    return [chunk(frame, [thought ? { text: value, thought: true } : { text: value }])];
  };
  return {
    start: () => [],
    write(part: LanguageModelV4StreamPart) {
      switch (part.type) {
        case 'text-delta':
          return text(part.delta, false);
        case 'reasoning-delta':
          return frame.includeThoughts ? text(part.delta, true) : [];
        case 'tool-call': {
          const made = callPart(part.toolName, part.input);
          if ('text' in made) return text(`${afterText ? '\n\n' : ''}${made.text}`, false);
          afterText = false;
          return [chunk(frame, [made])];
        }
        case 'finish':
          finish = { reason: part.finishReason, usage: part.usage };
          return [];
        default:
          // Starts and ends are implied by the parts; the core holds back tool-input parts; `error` ends in errorEvent.
          return [];
      }
    },
    end() {
      const usageMetadata = usageMetadataOf(finish?.usage, frame.promptTokensEstimate);
      return [chunk(frame, [], { finishReason: finishReasonOf(finish?.reason), usageMetadata })];
    },
  };
}
