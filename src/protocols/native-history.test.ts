/**
 * History rendering of every native format: a call rendered by
 * formatToolCall is read back by the format's own parser and by the
 * auto-detecting one, with the same input; the system prompt names the tools.
 */

import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { functionTool, streamParts } from '../test/harness.ts';
import { autoProtocol } from './auto/auto.ts';
import { deepseekProtocol } from './deepseek/deepseek.ts';
import { functionGemmaProtocol } from './function-gemma/function-gemma.ts';
import { gemma4Protocol } from './gemma4/gemma4.ts';
import { glmProtocol } from './glm/glm.ts';
import { graniteProtocol } from './granite/granite.ts';
import { harmonyProtocol } from './harmony/harmony.ts';
import { kimiK2Protocol } from './kimi-k2/kimi-k2.ts';
import { llama3JsonProtocol } from './llama3-json/llama3-json.ts';
import { minimaxM2Protocol } from './minimax-m2/minimax-m2.ts';
import { mistralProtocol } from './mistral/mistral.ts';
import { parseGeneratedText } from './parse-text.ts';
import { phi4MiniProtocol } from './phi4-mini/phi4-mini.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { pythonicProtocol } from './pythonic/pythonic.ts';
import { xlamProtocol } from './xlam/xlam.ts';

const tools = [
  {
    name: 'search',
    description: 'Searches the web',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
];
const input = { query: 'a "quoted" \\ ü 😀', limit: 3, tags: ['x', 'y'] };

const protocols: ToolCallProtocol[] = [
  llama3JsonProtocol(),
  mistralProtocol(),
  mistralProtocol({ variant: 'legacy' }),
  graniteProtocol(),
  phi4MiniProtocol(),
  xlamProtocol(),
  deepseekProtocol(),
  deepseekProtocol({ variant: 'v3' }),
  kimiK2Protocol(),
  harmonyProtocol(),
  glmProtocol(),
  minimaxM2Protocol(),
  gemma4Protocol(),
  functionGemmaProtocol(),
  pythonicProtocol(),
  pythonicProtocol({ wrapper: 'llama4' }),
  pythonicProtocol({ wrapper: 'lfm2' }),
];

describe('native formats: history round-trips through the parsers', () => {
  const auto = autoProtocol();
  protocols.forEach((protocol, index) => {
    const rendered = protocol.formatToolCall({ toolCallId: 'call_1', toolName: 'search', input });
    it(`${protocol.name} #${index}: its own parser reads its rendered call`, () => {
      const content = parseGeneratedText(protocol, { tools, text: rendered });
      expect(content).toEqual([
        { type: 'tool-call', toolCallId: expect.any(String), toolName: 'search', input: expect.any(String) },
      ]);
      expect(JSON.parse((content[0] as { input: string }).input)).toEqual(input);
    });
    it(`${protocol.name} #${index}: the auto parser reads it too`, () => {
      const content = parseGeneratedText(auto, { tools, text: rendered });
      expect(
        content.filter((c) => c.type === 'tool-call').map((c) => JSON.parse((c as { input: string }).input)),
      ).toEqual([input]);
    });
    it(`${protocol.name} #${index}: the prompt lists the tool and the result renders as text`, () => {
      expect(protocol.formatTools({ tools })).toMatch(/\bsearch\b/);
      expect(protocol.formatTools({ tools, toolSystemPromptTemplate: (t) => `T:${t}` })).toMatch(/^T:/);
      const response = protocol.formatToolResponse({ toolCallId: 'call_1', toolName: 'search', result: { hits: 2 } });
      expect(response).toContain('2');
    });
  });
});

describe('native formats: arguments stream progressively', () => {
  const long = { query: 'a long query that arrives over many chunks, ü 😀' };
  const sdkTools = [functionTool('search', tools[0]?.inputSchema as Record<string, unknown>)];
  protocols.forEach((protocol, index) => {
    for (const parse of [protocol, autoProtocol()]) {
      it(`${protocol.name} #${index} via ${parse.name}: many deltas before the call ends`, async () => {
        const text = `${protocol.formatToolCall({ toolCallId: 'c', toolName: 'search', input: long })}`;
        const middleware = createToolMiddleware({ protocol: parse });
        const parts = await streamParts({ middleware, tools: sdkTools }, Array.from(text));
        const deltas = parts.filter((p) => p.type === 'tool-input-delta');
        const types = parts.map((p) => p.type);
        expect(deltas.length).toBeGreaterThan(20);
        expect(types.indexOf('tool-input-start')).toBeLessThan(types.indexOf('tool-input-delta'));
        expect(types.lastIndexOf('tool-input-delta')).toBeLessThan(types.indexOf('tool-call'));
        expect(JSON.parse(deltas.map((p) => (p as { delta: string }).delta).join(''))).toEqual(long);
      });
    }
  });
});
