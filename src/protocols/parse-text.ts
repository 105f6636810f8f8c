/**
 * A protocol's parser outside the middleware: a whole text to content, a
 * stream of text chunks to parser events, or the raw text of each call block.
 * All three run the protocol's one incremental parser.
 */
import type { ParserCallbacks, ParserContext } from '../parse/engine/events.ts';
import type { ToolSpec } from '../types.ts';
import { generateToolCallId } from '../util/id.ts';
import type { ParsedContent, ParseOptions, ParserEvent, ToolCallProtocol } from './protocol.ts';

export function toolMap(tools: ToolSpec[]): Map<string, ToolSpec> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

function contextOf(options: ParseOptions): ParserContext {
  return {
    tools: toolMap(options.tools),
    generateId: options.generateId ?? generateToolCallId,
    ...(options.reasoning === undefined ? {} : { reasoning: options.reasoning }),
  };
}

/** Callbacks that turn parser events into ParserEvents. */
function eventCallbacks(push: (event: ParserEvent) => void, options: ParseOptions): ParserCallbacks {
  return {
    onText: (text) => push({ type: 'text', text }),
    onReasoning: (text) => push({ type: 'reasoning', text }),
    onReasoningEnd: () => push({ type: 'reasoning-end' }),
    onToolCallStart: ({ id, toolName }) => push({ type: 'tool-call-start', id, toolName }),
    onToolCallDelta: ({ id, delta }) => push({ type: 'tool-call-delta', id, delta }),
    onToolCallEnd: ({ id, toolName, input }) => push({ type: 'tool-call-end', id, toolName, input }),
    onToolCallAbort: ({ id }) => push({ type: 'tool-call-abort', id }),
    onError: options.onError ?? (() => {}),
  };
}

/** Parses a whole text into text, reasoning and tool-call content (neighbouring pieces merged). */
export function parseGeneratedText(
  protocol: ToolCallProtocol,
  options: ParseOptions & { text: string },
): ParsedContent[] {
  const content: ParsedContent[] = [];
  const parser = protocol.createParser(
    contextOf(options),
    eventCallbacks((event) => {
      if (event.type === 'text' || event.type === 'reasoning') {
        const last = content[content.length - 1];
        if (last?.type === event.type) last.text += event.text;
        else content.push({ type: event.type, text: event.text });
      } else if (event.type === 'tool-call-end') {
        content.push({ type: 'tool-call', toolCallId: event.id, toolName: event.toolName, input: event.input });
      }
    }, options),
  );
  parser.feed(options.text);
  parser.flush();
  return content;
}

/**
 * A TransformStream from text chunks to parser events: the protocol's parser
 * (`createParser`, `{ feed, flush }`) as a Web stream.
 */
export function createParserStream(
  protocol: ToolCallProtocol,
  options: ParseOptions,
): TransformStream<string, ParserEvent> {
  let parser: ReturnType<ToolCallProtocol['createParser']> | undefined;
  return new TransformStream<string, ParserEvent>({
    start(controller) {
      parser = protocol.createParser(
        contextOf(options),
        eventCallbacks((event) => controller.enqueue(event), options),
      );
    },
    transform(chunk) {
      parser?.feed(chunk);
    },
    flush() {
      parser?.flush();
    },
  });
}

/** The raw text of every complete tool-call block in `text` (what debug output highlights). */
export function extractToolCallSegments(
  protocol: ToolCallProtocol,
  options: { text: string; tools: ToolSpec[] },
): string[] {
  const segments: string[] = [];
  const callbacks = eventCallbacks(() => {}, { tools: options.tools });
  callbacks.onCallSegment = (raw) => segments.push(raw);
  const parser = protocol.createParser(contextOf({ tools: options.tools }), callbacks);
  parser.feed(options.text);
  parser.flush();
  return segments;
}
