/**
 * Completes a protocol definition with the whole-text and stream helpers, all
 * built on its one incremental parser.
 */
import { createScanner, type Trigger } from '../parse/scanner.ts';
import type { ToolSpec } from '../types.ts';
import { generateToolCallId } from '../util/id.ts';
import type {
  ParsedContent,
  ParseOptions,
  ParserCallbacks,
  ParserContext,
  ParserEvent,
  ProtocolDefinition,
  ToolCallProtocol,
} from './protocol.ts';

export function toolMap(tools: ToolSpec[]): Map<string, ToolSpec> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

function contextOf(options: ParseOptions): ParserContext {
  return { tools: toolMap(options.tools), generateId: options.generateId ?? generateToolCallId };
}

/** Callbacks that turn parser events into ParserEvents (text pieces merged). */
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

export function defineProtocol(definition: ProtocolDefinition): ToolCallProtocol {
  return {
    ...definition,
    parseGeneratedText(options) {
      const content: ParsedContent[] = [];
      const parser = definition.createParser(
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
    },
    createStreamParser(options) {
      let parser: ReturnType<ProtocolDefinition['createParser']> | undefined;
      return new TransformStream<string, ParserEvent>({
        start(controller) {
          parser = definition.createParser(
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
    },
    extractToolCallSegments({ text, tools }) {
      const segments: string[] = [];
      const callbacks = eventCallbacks(() => {}, { tools });
      callbacks.onCallSegment = (raw) => segments.push(raw);
      const parser = definition.createParser(contextOf({ tools }), callbacks);
      parser.feed(text);
      parser.flush();
      return segments;
    },
  };
}

/**
 * A built-in format: its triggers (a function of the declared tools, since
 * morph-XML opens a call at a declared tool's own tag) run on the shared scanner.
 */
export function defineFormat(
  definition: Omit<ProtocolDefinition, 'createParser'> & {
    triggers: (context: ParserContext) => readonly Trigger[];
  },
): ToolCallProtocol {
  const { triggers, ...rest } = definition;
  return defineProtocol({
    ...rest,
    createParser: (context, callbacks) => createScanner(triggers(context), context, callbacks),
  });
}
