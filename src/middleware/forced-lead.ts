/**
 * A forced answer (`toolChoice` required or a named tool) read with a custom
 * protocol, one with no triggers the scanner could add the JSON answers to:
 * the first non-space characters decide. JSON (`{`, `[`, a ```json fence)
 * goes to the bare-JSON call parser, anything else to the protocol's parser.
 *
 * Only createToolMiddleware passes it (CallSetup.readLead): a preset is a
 * built-in format, whose triggers take the JSON answers beside its own, so
 * an app that imports only a preset does not ship this.
 */
import type { ParserCallbacks, ParserContext, StreamingParser } from '../parse/engine/events.ts';
import { createScanner } from '../parse/engine/scanner.ts';
import type { Trigger } from '../parse/engine/section.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';

/** The parser that waits for the answer's first characters; `json`: the triggers of the JSON answers. */
export function leadChoiceParser(
  protocol: ToolCallProtocol,
  json: Trigger[],
  context: ParserContext,
  callbacks: ParserCallbacks,
): StreamingParser {
  let inner: StreamingParser | undefined;
  /** Leading text kept until the format is clear (at most a few characters past whitespace). */
  let lead = '';

  function decide(final: boolean): void {
    const head = lead.trimStart();
    if (head === '' && !final) return;
    let bare: boolean;
    if (head.startsWith('{')) bare = true;
    else if (head.startsWith('[')) {
      // `[get_weather(…)]` (pythonic) and `[TOOL_CALLS]` (Mistral) are the protocol's own, not a JSON list.
      const next = head.slice(1).trimStart();
      if (next === '' && !final) return;
      bare = !/^[A-Za-z_]/.test(next);
    } else if (head.startsWith('`')) {
      // ```json or a bare ``` fence means JSON; ```tool_call (Gemma) is the protocol's own.
      const fence = /^`{3}([A-Za-z_]*)\s/.exec(head);
      if (fence === null && !final && head.length < 16) return;
      bare = fence !== null && (fence[1] === '' || fence[1]?.toLowerCase() === 'json');
    } else bare = false;
    inner = bare ? createScanner(json, context, callbacks) : protocol.createParser(context, callbacks);
    const text = lead;
    lead = '';
    inner.feed(text);
  }

  return {
    feed(chunk) {
      if (inner !== undefined) {
        inner.feed(chunk);
        return;
      }
      lead += chunk;
      decide(false);
    },
    flush() {
      if (inner === undefined) decide(true);
      inner?.flush();
    },
  };
}
