/**
 * Entities stay as the model wrote them (issue 37, item 5). No server's parser of an XML-value family
 * decodes `&lt;` or `&amp;` in a value, and no official template escapes one when it writes a call back
 * (src/protocols/SERVERS.md, "Entities": vLLM's qwen3coder, minimax_m2, glm4_moe, seed_oss and
 * deepseekv32 parsers; Ollama's glm46.go test "all special XML entities"; SGLang dropped its
 * html.unescape, sgl-project/sglang#16744). So in every format, a value holding entities comes back
 * with them: each format's own rendering of the call, streamed whole, one character at a time and at
 * random cuts. morph-xml alone decodes them: its prompt is toolshim's own and asks for XML text.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, functionTool, streamParts, summarize } from '../test/harness.ts';
import { FORMAT_NAMES, findFormat } from './registry.ts';

const tools = [functionTool('run', { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] })];
const cmd = 'test 1 &lt; 2 &amp;&amp; echo &quot;ok&quot; &#60;done&#x3e;';
/** Formats that read entities as XML text, by design. */
const DECODING = new Set(['morph-xml']);

describe('a value written with entities keeps them', () => {
  for (const name of FORMAT_NAMES.filter((format) => !DECODING.has(format))) {
    it(name, async () => {
      const protocol = findFormat(name)?.create();
      const call = { toolCallId: 'a', toolName: 'run', input: { cmd } };
      const text = protocol?.formatToolCalls?.([call], '') ?? protocol?.formatToolCall(call);
      for (const { name: cut, chunks } of chunkings(text as string)) {
        const middleware = createToolMiddleware({ protocol: findFormat(name)!.create() });
        const summary = summarize(await streamParts({ middleware, tools }, chunks));
        expect(
          summary.calls.map((c) => c.input),
          `${name} ${cut}: ${text}`,
        ).toEqual([{ cmd }]);
      }
    });
  }

  it('morph-xml decodes them, as its prompt asks for XML text', async () => {
    const protocol = findFormat('morph-xml')!.create();
    const text = '<run><cmd>a &lt; b &amp;&amp; c</cmd></run>';
    for (const { name: cut, chunks } of chunkings(text)) {
      const summary = summarize(await streamParts({ middleware: createToolMiddleware({ protocol }), tools }, chunks));
      expect(
        summary.calls.map((c) => c.input),
        cut,
      ).toEqual([{ cmd: 'a < b && c' }]);
    }
  });
});
