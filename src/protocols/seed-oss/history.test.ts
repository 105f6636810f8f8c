/**
 * History of the seed-oss format, as its template writes it: ggml-org/llama.cpp
 * models/templates/ByteDance-Seed-OSS.jinja@b1933d306f928b19e1601e640c4f1a2eb84b238a, rendered with jinja2 as
 * the header of history.test.ts says (the same conversation, the same settings). The template writes an
 * assistant turn with tool_calls as `<seed:bos>assistant`, then '\n' + the reasoning in `<seed:think>…`, then
 * '\n' + the trimmed content + '\n', then '\n' + each call's block, then `<seed:eos>`; a turn of text only as
 * `<seed:bos>assistant\n` + the trimmed text + `<seed:eos>`, which is how toolshim's turn goes through it, so
 * toolshim's text is the tool-call turn's bytes after that first '\n'. Each result is a `tool` turn of its own.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { functionTool, mockModel } from '../../test/harness.ts';
import { historySuite } from '../../test/history-harness.ts';
import { parseGeneratedText } from '../parse-text.ts';
import type { ReasoningEffort } from '../protocol.ts';
import { seedOssProtocol, seedOssSwitch } from './seed-oss.ts';

const TEMPLATE =
  'ggml-org/llama.cpp models/templates/ByteDance-Seed-OSS.jinja@b1933d306f928b19e1601e640c4f1a2eb84b238a';
const ok = '{"ok":true}';
const block = (name: string, key: string, value: string) =>
  `<seed:tool_call>\n<function=${name}>\n<parameter=${key}>${value}</parameter>\n</function>\n</seed:tool_call>`;
const weather = block('get_weather', 'city', 'Paris');
const search = block('search', 'query', 'rain');

historySuite('history of the seed-oss format, as its template writes it', [
  {
    format: 'seed-oss',
    template: TEMPLATE,
    cases: {
      'one call': weather,
      'two calls': `${weather}\n${search}`,
      'text and a call': `Checking.\n\n${weather}`,
      'calls and results': { each: [ok, ok], why: "Seed-OSS's tool turn" },
    },
  },
]);

describe('seed-oss history beyond the shared scenarios', () => {
  it('reasoning before the text and the call, as the template writes reasoning_content', async () => {
    const prompt: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '\nI should look.\n' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c0', toolName: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c0',
            toolName: 'get_weather',
            output: { type: 'json', value: { ok: true } },
          },
        ],
      },
    ];
    const inner = mockModel(['ok']);
    const model = wrapLanguageModel({
      model: inner,
      middleware: createToolMiddleware({ protocol: seedOssProtocol() }),
    });
    const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];
    await model.doGenerate({ prompt, tools });
    const assistant = inner.doGenerateCalls[0]?.prompt.find((m) => m.role === 'assistant');
    const text = ((assistant?.content ?? []) as Array<{ text?: string }>).map((p) => p.text ?? '').join('');
    // The template: `<seed:bos>assistant\n<seed:think>I should look.</seed:think>\nChecking.\n\n<seed:tool_call>…`.
    expect(text).toBe(`<seed:think>I should look.</seed:think>\nChecking.\n\n${weather}`);
  });

  it("values that are no string as the template's `| string` writes them, read back by the parser", () => {
    const input = {
      query: "Xi'an",
      tags: ['a', "b's", 'c"d\'e'],
      n: 3,
      f: 2.5,
      b: true,
      z: null,
      o: { k: [1, false] },
    };
    const written = seedOssProtocol().formatToolCall({ toolCallId: 'c0', toolName: 'search', input });
    // The template's bytes for the same arguments (jinja2: str() of each non-string value).
    expect(written).toBe(
      [
        '<seed:tool_call>',
        '<function=search>',
        "<parameter=query>Xi'an</parameter>",
        `<parameter=tags>['a', "b's", 'c"d\\'e']</parameter>`,
        '<parameter=n>3</parameter>',
        '<parameter=f>2.5</parameter>',
        '<parameter=b>True</parameter>',
        '<parameter=z>None</parameter>',
        "<parameter=o>{'k': [1, False]}</parameter>",
        '</function>',
        '</seed:tool_call>',
      ].join('\n'),
    );
    const inputSchema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        n: { type: 'integer' },
        f: { type: 'number' },
        b: { type: 'boolean' },
        z: { type: ['string', 'null'] },
        o: { type: 'object' },
      },
    };
    const parsed = parseGeneratedText(seedOssProtocol(), { tools: [{ name: 'search', inputSchema }], text: written });
    const calls = parsed.filter((c) => c.type === 'tool-call').map((c) => JSON.parse(c.input));
    expect(calls).toEqual([input]);
  });

  it('a value with a line break at an end gets one more there, so the reader, which drops one, reads it whole', () => {
    const values = ['\ndef f():\n    pass\n', '  \nindented', 'a\r\n', '\n', 'plain'];
    const protocol = seedOssProtocol();
    const spec = { name: 'write_file', inputSchema: { type: 'object', properties: { content: { type: 'string' } } } };
    for (const content of values) {
      const written = protocol.formatToolCall({ toolCallId: 'c0', toolName: 'write_file', input: { content } });
      const parsed = parseGeneratedText(protocol, { tools: [spec], text: written });
      const read = parsed.filter((c) => c.type === 'tool-call').map((c) => JSON.parse(c.input));
      expect(read, JSON.stringify(written)).toEqual([{ content }]);
    }
    // Only such values differ from the template's bytes (it writes `<parameter=content>` + value + `</parameter>`).
    expect(protocol.formatToolCall({ toolCallId: 'c0', toolName: 'write_file', input: { content: 'plain' } })).toBe(
      '<seed:tool_call>\n<function=write_file>\n<parameter=content>plain</parameter>\n</function>\n</seed:tool_call>',
    );
  });

  it("the thinking switch is the template's thinking_budget: 0 for none, unlimited (-1) otherwise", () => {
    const efforts: ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];
    expect(efforts.map((e) => seedOssSwitch(e).templateKwargs?.thinking_budget)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    expect(seedOssProtocol().reasoningSwitch).toBe(seedOssSwitch);
  });
});
