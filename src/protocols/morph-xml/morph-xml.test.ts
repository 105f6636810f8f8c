import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { morphXmlProtocol, morphXmlToolMiddleware } from '../../index.ts';
import { normalizeIds, streamParts } from '../../test/harness.ts';
import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { parseGeneratedText } from '../parse-text.ts';
import { morphXmlFixtures, search, morphXmlTools as tools, weather, writeFile } from './test/fixtures.ts';

runFormatFixtures('morph-xml', morphXmlProtocol(), morphXmlFixtures, tools);

describe('morph-xml streaming', () => {
  it('emits the exact part sequence', async () => {
    const parts = normalizeIds(
      await streamParts({ middleware: morphXmlToolMiddleware, tools }, [
        'Hi <get_',
        'weather><city>Se',
        'oul</city><days>2</d',
        'ays></get_weather> bye',
      ]),
    );
    const stripped = parts.map((part) => {
      const { providerMetadata: _, ...rest } = part as LanguageModelV4StreamPart & { providerMetadata?: unknown };
      return rest;
    });
    expect(stripped.filter((p) => p.type !== 'stream-start' && p.type !== 'finish')).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Hi ' },
      { type: 'text-end', id: 'text-0' },
      { type: 'tool-input-start', id: 'call-1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"city":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: 'Se' },
      { type: 'tool-input-delta', id: 'call-1', delta: 'oul' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"' },
      { type: 'tool-input-delta', id: 'call-1', delta: ',"days":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '2' },
      { type: 'tool-input-delta', id: 'call-1', delta: '}' },
      { type: 'tool-input-end', id: 'call-1' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'get_weather', input: '{"city":"Seoul","days":2}' },
      { type: 'text-start', id: 'text-2' },
      { type: 'text-delta', id: 'text-2', delta: 'bye' },
      { type: 'text-end', id: 'text-2' },
    ]);
  });

  it('streams a long string parameter while it is being written, and prose without waiting', () => {
    const events: string[] = [];
    const parser = morphXmlProtocol().createParser(
      { tools: new Map(tools.map((t) => [t.name, t])), generateId: () => 'c1' },
      {
        onText: (text) => events.push(`text:${text}`),
        onReasoning: (text) => events.push(`reasoning:${text}`),
        onReasoningEnd: () => events.push('reasoning-end'),
        onToolCallStart: () => events.push('start'),
        onToolCallDelta: ({ delta }) => events.push(`delta:${delta}`),
        onToolCallEnd: () => events.push('end'),
        onToolCallAbort: () => events.push('abort'),
        onError: () => {},
      },
    );
    parser.feed('a <b> c ');
    // `<b>` begins no declared tool's tag, so the prose goes out at once, in one piece.
    expect(events).toEqual(['text:a <b> c ']);
    parser.feed('<write_file><content>line 1\n');
    expect(events.slice(1)).toEqual(['start', 'delta:{', 'delta:"content":', 'delta:"', 'delta:line 1']);
    parser.feed('line 2 && </cont');
    expect(events.slice(6)).toEqual(['delta:\\nline 2 && ']);
    parser.feed('ent></write_file>');
    parser.flush();
    expect(events.slice(7)).toEqual(['delta:"', 'delta:}', 'end']);
  });

  it('renders history calls in the taught format, and they parse back to the same input', () => {
    const protocol = morphXmlProtocol();
    const input = {
      path: 'a.html',
      content: '<p>&amp; </content> &&</p>\n',
      tags: ['x', 'y'],
      filter: { lang: 'ts', minStars: 5 },
    };
    const rendered = protocol.formatToolCall({ toolCallId: 'c', toolName: 'search', input });
    expect(rendered).toContain('<tags>x</tags>\n<tags>y</tags>');
    const content = parseGeneratedText(protocol, {
      text: rendered,
      tools: [
        {
          name: 'search',
          inputSchema: {
            type: 'object',
            properties: { ...search.inputSchema.properties, ...writeFile.inputSchema.properties },
          },
        },
      ],
    });
    expect(content).toHaveLength(1);
    expect(JSON.parse((content[0] as { input: string }).input)).toEqual(input);
    expect(protocol.formatToolCall({ toolCallId: 'c', toolName: 'list_files', input: {} })).toBe('<list_files/>');
    expect(protocol.formatToolResponse({ toolCallId: 'c', toolName: 'search', result: { n: 1 } })).toBe(
      '<tool_response name="search">\n{"n":1}\n</tool_response>',
    );
  });

  it('teaches the format in the system prompt', () => {
    const prompt = morphXmlProtocol().formatTools({ tools: [weather] });
    expect(prompt).toContain('"name":"get_weather"');
    expect(prompt).toContain('<function_name>\n<parameter_name>value</parameter_name>\n</function_name>');
    expect(() => morphXmlProtocol({ toolResponseTag: 'not a tag' })).toThrow(/toolResponseTag/);
  });
});
