/**
 * The newer family forms (DeepSeek V3.2 DSML, Phi-4-mini's
 * `<|tool_call|>{…}<|/tool_call|>`, xLAM v1's `{"tool_calls": […]}`) are read
 * only by their family's preset and auto: every other preset keeps each of
 * them as text, character for character, in every chunking.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { fixtureTools } from '../test/fixtures/tools.ts';
import { chunkings, streamParts, summarize } from '../test/harness.ts';
import { FORMAT_NAMES, findFormat } from './registry.ts';

const forms = [
  {
    // ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081
    family: 'deepseek',
    text: 'See:\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Oslo</｜DSML｜parameter>\n<｜DSML｜parameter name="days" string="false">2</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    input: { city: 'Oslo', days: 2 },
  },
  {
    // ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja@6d7822c1
    family: 'phi4-mini',
    text: 'See:<|tool_call|>{"name": "get_weather", "arguments": {"city": "Oslo"}}<|/tool_call|>',
    input: { city: 'Oslo' },
    // Granite's <|tool_call|> is the same token, read by the same trigger.
    alsoBy: ['granite'],
  },
  {
    // Salesforce/xLAM-1b-fc-r format instruction; https://registry.ollama.com/allenporter/xlam
    family: 'xlam',
    text: '{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Oslo"}}]}',
    input: { city: 'Oslo' },
  },
];

describe("a family's form is text in every other family's preset", () => {
  for (const { family, text, input, alsoBy = [] } of forms) {
    for (const name of FORMAT_NAMES) {
      const reads = name === family || name === 'auto' || alsoBy.includes(name);
      it(`${family} form in ${name}: ${reads ? 'the call' : 'text, whole'}`, async () => {
        for (const { chunks } of chunkings(text)) {
          const entry = findFormat(name);
          if (entry === undefined) throw new Error(name);
          const middleware = createToolMiddleware({ protocol: entry.create(), onError: () => {} });
          const summary = summarize(await streamParts({ middleware, tools: fixtureTools }, chunks));
          if (reads) {
            expect(summary.calls.map((c) => [c.toolName, c.input])).toEqual([['get_weather', input]]);
            expect(summary.text.trim()).toBe(text.startsWith('See:') ? 'See:' : '');
          } else {
            expect(summary.calls).toEqual([]);
            expect(summary.text).toBe(text);
          }
        }
      });
    }
  }
});
