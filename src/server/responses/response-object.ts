/**
 * What the whole answer and the stream share: ids, the `response` object's
 * frame, the usage mapping, and how a finished model call maps onto the
 * Responses status (`completed`, or `incomplete` with the reason).
 */
import type { LanguageModelV4FinishReason, LanguageModelV4Usage } from '@ai-sdk/provider';
import type {
  ItemStatus,
  MessageItem,
  OutputText,
  ReasoningItem,
  ReasoningText,
  ResponseObject,
  ResponseUsage,
} from './wire-types.ts';

/** `resp_…`, `msg_…`, `fc_…`, `ctc_…`, `rs_…`: OpenAI's prefixes and a random hex tail. */
export function itemId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`;
}

export function usageOf(usage: LanguageModelV4Usage | undefined): ResponseUsage {
  const input = usage?.inputTokens.total ?? 0;
  const output = usage?.outputTokens.total ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: {
      cached_tokens: usage?.inputTokens.cacheRead ?? 0,
      cache_write_tokens: usage?.inputTokens.cacheWrite ?? 0,
    },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: usage?.outputTokens.reasoning ?? 0 },
    total_tokens: input + output,
  };
}

/** A model that stopped on its token limit or a content filter leaves the response `incomplete`. */
export function incompleteReason(reason: LanguageModelV4FinishReason): 'max_output_tokens' | 'content_filter' | null {
  if (reason.unified === 'length') return 'max_output_tokens';
  if (reason.unified === 'content-filter') return 'content_filter';
  return null;
}

export interface ResponseFrame {
  id: string;
  createdAt: number;
  model: string;
  echo: Record<string, unknown>;
}

export function responseFrame(model: string, echo: Record<string, unknown>): ResponseFrame {
  return { id: itemId('resp'), createdAt: Math.floor(Date.now() / 1000), model, echo };
}

/** The `response` object in a given state; the echoed request fields keep OpenAI's key order around them. */
export function responseObject(
  frame: ResponseFrame,
  state: Pick<ResponseObject, 'status' | 'output' | 'usage' | 'error' | 'incomplete_details'>,
): ResponseObject {
  return {
    id: frame.id,
    object: 'response',
    created_at: frame.createdAt,
    status: state.status,
    background: false,
    completed_at: state.status === 'completed' ? Math.floor(Date.now() / 1000) : null,
    error: state.error,
    incomplete_details: state.incomplete_details,
    model: frame.model,
    output: state.output,
    ...frame.echo,
    usage: state.usage,
  };
}

export type TextKind = 'message' | 'reasoning';

/** The one content part of a message (`output_text`) or reasoning item (`reasoning_text`). */
export function textPart(kind: TextKind, text: string): OutputText | ReasoningText {
  return kind === 'message'
    ? { type: 'output_text', text, annotations: [], logprobs: [] }
    : { type: 'reasoning_text', text };
}

/** A message or reasoning item: with its one part when `text` is given, else empty (a stream opens it so). */
export function textItem(kind: TextKind, status: ItemStatus, text?: string): MessageItem | ReasoningItem {
  if (kind === 'message') {
    const content = text === undefined ? [] : [textPart(kind, text) as OutputText];
    return { type: 'message', id: itemId('msg'), status, role: 'assistant', content };
  }
  const content = text === undefined ? [] : [textPart(kind, text) as ReasoningText];
  return { type: 'reasoning', id: itemId('rs'), status, summary: [], content, encrypted_content: null };
}

/** Sets a message or reasoning item's one part to `text`. */
export function setItemText(item: MessageItem | ReasoningItem, text: string): OutputText | ReasoningText {
  const part = textPart(item.type, text);
  item.content = [part] as OutputText[] & ReasoningText[];
  return part;
}
