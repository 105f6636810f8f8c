/**
 * One response's parsing pipeline, shared by generate and stream: the
 * protocol (or forced-choice) parser feeding a PartWriter, plus `parse`
 * debugging. When no tool can be called (tool choice `none`, or no function
 * tools), a built-in format still reads its thinking markup and end-of-turn
 * tokens, and nothing becomes a call; a custom protocol's text then passes
 * through untouched (undefined).
 */
import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart } from '@ai-sdk/provider';

import { createScanner } from '../parse/engine/scanner.ts';
import { triggersOf } from '../protocols/builtin-format.ts';
import type { ParserCallbacks, StreamingParser } from '../protocols/protocol.ts';
import { generateToolCallId } from '../util/id.ts';
import type { CallState } from './call-state.ts';
import { logParseSummary, logStreamPart } from './debug.ts';
import { createPartWriter } from './part-writer.ts';
import { createForcedChoiceParser } from './tool-choice.ts';

export interface ResponseParser {
  feed(text: string): void;
  /**
   * The provider sent reasoning of its own before any text: its server took the
   * thinking out (llama.cpp's `reasoning_content`, Ollama's `thinking`), so the
   * text does not start inside a thinking block, whatever `startInside` says.
   */
  providerReasoning(): void;
  /** Ends the text: flushes the parser and closes the open text block. */
  finish(): void;
  /** The provider's finish reason, or `tool-calls` once the text held a call (the provider saw only text). */
  finishReason(reason: LanguageModelV4FinishReason): LanguageModelV4FinishReason;
}

export function createResponseParser(
  state: CallState,
  enqueue: (part: LanguageModelV4StreamPart) => void,
): ResponseParser | undefined {
  const noCalls = state.toolChoice.type === 'none' || state.tools.length === 0;
  const triggers = triggersOf(state.protocol);
  if (noCalls && triggers === undefined) return undefined;

  const { debug } = state;
  const debugParse = debug === 'parse';
  const rawText: string[] = [];
  const segments: string[] = [];
  const calls: Array<{ toolName: string; input: string }> = [];
  /** Every part the parser makes: calls are counted (and noted for `parse` debugging), `stream` debugging logs each. */
  const out = (part: LanguageModelV4StreamPart) => {
    if (debug === 'stream') logStreamPart('out', part);
    if (part.type === 'tool-call') calls.push({ toolName: part.toolName, input: part.input });
    enqueue(part);
  };

  const writer = createPartWriter(
    out,
    state.onError,
    debugParse ? (raw) => segments.push(raw) : undefined,
    state.coalescing,
  );
  const context = {
    tools: new Map(state.tools.map((tool) => [tool.name, tool])),
    generateId: generateToolCallId,
    reasoning: state.reasoning,
    noCalls,
  };
  /** Made at the first text (or the end), once it is known whether the provider sent reasoning of its own. */
  let made: StreamingParser | undefined;
  let textSeen = false;
  const makeParser = (callbacks: ParserCallbacks): StreamingParser =>
    state.toolChoice.type === 'auto'
      ? state.protocol.createParser(context, callbacks)
      : createForcedChoiceParser(state.protocol, state.toolChoice, context, callbacks, state.readLead);
  const makeResponseParser = (): StreamingParser =>
    noCalls
      ? createScanner(
          (triggers?.(context) ?? []).filter((t) => t.thinking || t.endOfTurn),
          context,
          writer.callbacks,
        )
      : (state.routeDrops?.(writer, makeParser, out) ?? makeParser(writer.callbacks));
  const parser = () => {
    made ??= makeResponseParser();
    return made;
  };

  let finished = false;
  return {
    feed(text) {
      if (debugParse) rawText.push(text);
      textSeen = true;
      parser().feed(text);
    },
    providerReasoning() {
      if (!textSeen && typeof context.reasoning === 'object' && context.reasoning.startInside === true)
        context.reasoning = { ...context.reasoning, startInside: false };
    },
    finish() {
      if (finished) return;
      finished = true;
      parser().flush();
      writer.closeText();
      if (debugParse) {
        logParseSummary({
          protocol: state.protocol.name,
          text: rawText.join(''),
          segments,
          calls,
          style: state.options.debugStyle,
        });
      }
    },
    finishReason: (reason) => (calls.length > 0 ? { unified: 'tool-calls', raw: reason.raw } : reason),
  };
}
