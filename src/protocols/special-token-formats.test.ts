import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, generateContent, streamParts, summarize, summarizeContent } from '../test/harness.ts';
import { fixtureTools, runFormatFixtures } from '../test/protocol-fixtures.ts';
import { deepseekProtocol } from './deepseek/deepseek.ts';
import { D, deepseekFixtures } from './deepseek/test/fixtures.ts';
import { harmonyProtocol } from './harmony/harmony.ts';
import { harmonyFixtures } from './harmony/test/fixtures.ts';
import { kimiK2Protocol } from './kimi-k2/kimi-k2.ts';
import { K, kimiK2Fixtures } from './kimi-k2/test/fixtures.ts';

runFormatFixtures('kimi-k2', kimiK2Protocol(), kimiK2Fixtures);
runFormatFixtures('deepseek', deepseekProtocol(), deepseekFixtures);
runFormatFixtures('harmony', harmonyProtocol(), harmonyFixtures);

/** The finding these pin: the exact text, not whitespace-collapsed, in every chunking. */
describe('malformed special-token calls come back verbatim', () => {
  const cases = [
    {
      protocol: kimiK2Protocol(),
      text: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    },
    {
      protocol: deepseekProtocol(),
      text: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    },
    { protocol: deepseekProtocol(), text: `A ${D.open}\n\n ${D.v3('search', '{"query": x}')}\n${D.close}\n\nB` },
  ];
  for (const { protocol, text } of cases) {
    for (const { name, chunks } of chunkings(text)) {
      it(`${protocol.name}: ${JSON.stringify(text.slice(0, 24))}… (${name})`, async () => {
        const errors: string[] = [];
        const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
        const summary = summarize(await streamParts({ middleware, tools: fixtureTools }, chunks));
        expect(summary.text).toBe(text);
        expect(summary.calls).toEqual([]);
        expect(errors).toEqual(['malformed-tool-call']);
      });
    }
    it(`${protocol.name}: generate gives the same exact text`, async () => {
      const middleware = createToolMiddleware({ protocol });
      const generated = await generateContent({ middleware, tools: fixtureTools }, text);
      expect(summarizeContent(generated.content)).toEqual({ text, reasoning: '', calls: [] });
    });
  }
});

describe('harmony prompt', () => {
  it('declares the tools as the TypeScript functions namespace gpt-oss reads', () => {
    const prompt = harmonyProtocol().formatTools({
      tools: [
        {
          name: 'get_weather',
          description: 'Gets the weather',
          inputSchema: {
            type: 'object',
            properties: {
              city: { type: 'string', description: 'City name' },
              unit: { type: 'string', enum: ['c', 'f'] },
              days: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' } },
            },
            required: ['city'],
          },
        },
      ],
    });
    expect(prompt).toContain(
      [
        'namespace functions {',
        '',
        '// Gets the weather',
        'type get_weather = (_: {',
        '  // City name',
        '  city: string,',
        '  unit?: "c" | "f",',
        '  days?: number,',
        '  tags?: string[],',
        '}) => any;',
        '',
        '} // namespace functions',
      ].join('\n'),
    );
  });
});
