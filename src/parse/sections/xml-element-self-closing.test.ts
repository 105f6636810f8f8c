/**
 * morph-XML: a parameter written as an empty element (`<content/>`) is an empty value, and the
 * parameters after it are read as usual. Scripted text (no model's transcript): the format as
 * xml-element.ts documents it. Before the fix the element's tag stayed open after `/>`, so the
 * next parameter's `<` broke the call and it went back as text.
 */
import { describe, expect, it } from 'vitest';
import { morphXmlToolMiddleware } from '../../index.ts';
import { morphXmlTools as tools } from '../../protocols/morph-xml/test/fixtures.ts';
import { chunkings, streamParts, summarize } from '../../test/harness.ts';

const text = 'Saving.\n<write_file>\n<content/>\n<path>a.txt</path>\n</write_file>\nDone.';

describe('morph-xml: a self-closing parameter element', () => {
  for (const { name, chunks } of chunkings(text)) {
    it(`is an empty value, and the next parameter still counts (${name})`, async () => {
      const summary = summarize(await streamParts({ middleware: morphXmlToolMiddleware, tools }, chunks));
      expect(summary.calls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
        { toolName: 'write_file', input: { path: 'a.txt', content: '' } },
      ]);
      expect(summary.text).toBe('Saving.\nDone.'); // as around any call
    });
  }
});
