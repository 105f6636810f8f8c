/**
 * `droppedCalls: 'invalid-tool-call'`: a call the parser had to drop
 * (malformed or unfinished) goes back to the agent loop as a tool call whose
 * input is the model's raw text, instead of staying in the answer as text.
 * The AI SDK then fails to parse that input (`InvalidToolInputError`), or
 * finds no tool of that name (`NoSuchToolError`), offers the call to
 * `experimental_repairToolCall`, and otherwise gives the model an error
 * result for it, so that the next step can try again.
 *
 * A parser drops a call by giving its raw text back through `onText` and
 * then reporting it through `onError` with the same text, in the same
 * `feed` or `flush`. So each text event is held until the next event: if
 * that is the drop report for exactly this text, the text becomes the
 * invalid call; otherwise it goes out as text. Whatever is held goes out at
 * the end of each `feed`, so no text waits for the next chunk.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ParserCallbacks, StreamingParser } from '../parse/engine/events.ts';
import type { ToolshimErrorCode } from '../types.ts';
import { generateToolCallId } from '../util/id.ts';
import type { PartWriter } from './part-writer.ts';

/** The codes of a call the parser dropped (kept as text by default). */
const DROPS: ReadonlySet<ToolshimErrorCode> = new Set(['malformed-tool-call', 'unclosed-tool-call']);

/**
 * The parser `makeParser` makes, with its events routed to `writer`: a
 * dropped call becomes a call the AI SDK will find invalid, given to
 * `enqueue` (where the writer's parts go), and held text is let out at the
 * end of each `feed` and of `flush`.
 */
export function routeDroppedCalls(
  writer: PartWriter,
  makeParser: (callbacks: ParserCallbacks) => StreamingParser,
  enqueue: (part: LanguageModelV4StreamPart) => void,
): StreamingParser {
  const inner = writer.callbacks;
  let held: string | undefined;
  /** The last call announced, for the name of a drop report that has none. */
  let started: { id: string; toolName: string } | undefined;
  /** The call the parser aborted just before: the invalid call takes its id and name, so a UI shows one call. */
  let aborted: { id: string; toolName: string } | undefined;

  function settle(): void {
    if (held !== undefined) inner.onText(held);
    held = undefined;
  }
  /** Any other event: what was held was prose after all, and an abort is no longer the last thing seen. */
  function before(): void {
    settle();
    aborted = undefined;
  }

  const callbacks: ParserCallbacks = {
    ...inner,
    onText(text) {
      settle();
      held = text;
    },
    onReasoning(text) {
      before();
      inner.onReasoning(text);
    },
    onReasoningEnd() {
      before();
      inner.onReasoningEnd();
    },
    onToolCallStart(call) {
      before();
      started = call;
      inner.onToolCallStart(call);
    },
    onToolCallDelta(call) {
      inner.onToolCallDelta(call);
    },
    onToolCallEnd(call) {
      before();
      inner.onToolCallEnd(call);
    },
    onToolCallAbort(call) {
      before();
      inner.onToolCallAbort(call);
      aborted = started?.id === call.id ? started : { id: call.id, toolName: '' };
    },
    onError(message, metadata) {
      const text = metadata.text ?? '';
      if (DROPS.has(metadata.code) && (held ?? '') === text) {
        held = undefined;
        inner.onError(message, metadata);
        writer.closeText(true);
        enqueue({
          type: 'tool-call',
          toolCallId: aborted?.id ?? generateToolCallId(),
          toolName: metadata.toolName ?? aborted?.toolName ?? '',
          input: text,
        });
        aborted = undefined;
        return;
      }
      inner.onError(message, metadata);
    },
  };
  const parser = makeParser(callbacks);
  return {
    feed(text) {
      parser.feed(text);
      settle();
    },
    flush() {
      parser.flush();
      settle();
    },
  };
}
