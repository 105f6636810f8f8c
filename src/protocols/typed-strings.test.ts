/**
 * A string the model wrote as a string keeps its type where the schema asks
 * for none (issue 37, item 3): in every format whose values are typed (JSON,
 * Python literals, Gemma's `<escape>` strings), `"{\"a\": 1}"` and `"[1, 2]"`
 * stay the strings they are, whole, one character at a time and at random
 * cuts. In the formats whose values are text (the XML families), a `{…}` or
 * `[…]` with no schema is read as the JSON it spells, as their servers do.
 * Each call is written by the format's own history writer (formatToolCall).
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, streamParts, summarize } from '../test/harness.ts';
import { FORMAT_NAMES, findFormat } from './registry.ts';

const input = { payload: '{"a": 1}', list: '[1, 2]', plain: 'hi' };
const parsed = { payload: { a: 1 }, list: [1, 2], plain: 'hi' };
/** A tool whose schema says nothing of the two values: the type is the model's to choose. */
const tools = [
  {
    type: 'function' as const,
    name: 'note',
    description: 'Keeps a note.',
    inputSchema: { type: 'object' as const, properties: { payload: {}, list: {}, plain: { type: 'string' as const } } },
  },
];

/** The value as the format wrote it: a string literal of its own (typed) or the bare text. */
function writtenAsString(text: string, value: string): boolean {
  return [JSON.stringify(value), `'${value}'`, `<escape>${value}<escape>`, `<|"|>${value}<|"|>`].some((form) =>
    text.includes(form),
  );
}

describe('a string the model wrote stays a string where no schema asks for more', () => {
  for (const name of FORMAT_NAMES.filter((format) => format !== 'auto')) {
    const protocol = findFormat(name)?.create();
    if (protocol === undefined) throw new Error(name);
    const text = protocol.formatToolCall({ toolCallId: 'call_1', toolName: 'note', input });
    const typed = writtenAsString(text, input.payload);
    it(`${name}: ${typed ? 'the strings stay strings' : 'values are text, read as the JSON they spell'}`, async () => {
      for (const { name: cut, chunks } of chunkings(text)) {
        const middleware = createToolMiddleware({ protocol: findFormat(name)!.create(), onError: () => {} });
        const summary = summarize(await streamParts({ middleware, tools }, chunks));
        expect(
          summary.calls.map((c) => c.input),
          `${cut}: ${text}`,
        ).toEqual([typed ? input : parsed]);
      }
    });
  }
});
