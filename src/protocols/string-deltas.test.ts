/**
 * A long string argument streams as about one delta per chunk in every
 * format: a reader that hands the argument streamer one character at a time
 * multiplies the stream parts (and streamText's cost) by the chunk size.
 * olmo3 and pythonic did that for Python strings (one delta per character).
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { functionTool, streamParts } from '../test/harness.ts';
import { FORMATS } from './registry.ts';

const writeFile = functionTool('write_file', {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
  required: ['path', 'content'],
});
const content = 'let total = items.map((item) => item.price * 2).join(", ");\n'.repeat(40);

describe('a 2,400-character string argument in 4-character chunks', () => {
  for (const format of FORMATS) {
    it(`${format.name}: at most one argument delta per chunk, and the deltas join to the input`, async () => {
      const protocol = format.create();
      const text = protocol.formatToolCall({
        toolCallId: 'c1',
        toolName: 'write_file',
        input: { path: 'a.ts', content },
      });
      const chunks = text.match(/[\s\S]{1,4}/g) ?? [];
      const parts = await streamParts({ middleware: createToolMiddleware({ protocol }), tools: [writeFile] }, chunks);
      const deltas = parts.filter((p) => p.type === 'tool-input-delta');
      const call = parts.find((p) => p.type === 'tool-call');
      expect(call?.type === 'tool-call' && JSON.parse(call.input)).toEqual({ path: 'a.ts', content });
      expect(deltas.map((d) => (d.type === 'tool-input-delta' ? d.delta : '')).join('')).toBe(
        call?.type === 'tool-call' ? call.input : '',
      );
      expect(deltas.length).toBeLessThanOrEqual(chunks.length + 8);
    });
  }
});
