import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { qwen3CoderProtocol, qwen3CoderToolMiddleware } from '../../index.ts';
import { normalizeIds, streamParts, usage } from '../../test/harness.ts';
import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { parseGeneratedText } from '../parse-text.ts';
import { qwen3CoderFixtures, qwen3CoderTools as tools, trickyCode, weather, writeFile } from './test/fixtures.ts';

runFormatFixtures('qwen3-coder', qwen3CoderProtocol(), qwen3CoderFixtures, tools);

/** One call as the protocol writes it into history. */
const renderQwen3CoderCall = (toolName: string, input: unknown) =>
  qwen3CoderProtocol().formatToolCall({ toolCallId: 'call-1', toolName, input });

describe('qwen3-coder streaming', () => {
  it('emits the exact part sequence', async () => {
    const parts = normalizeIds(
      await streamParts({ middleware: qwen3CoderToolMiddleware, tools }, [
        'Sure <tool_',
        'call>\n<function=get_weather>\n<parameter=city>\nSe',
        'oul\n</parameter>\n<parameter=days>\n2\n</para',
        'meter>\n</function>\n</tool_call> bye',
      ]),
    );
    expect(parts.filter((p) => p.type !== 'stream-start' && p.type !== 'finish')).toEqual([
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'Sure ' },
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

  it('streams a code value as it is written, holding only a possible close tag', () => {
    const events: string[] = [];
    const parser = qwen3CoderProtocol().createParser(
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
    parser.feed('ok <b> <tool_call>\n<function=write_file>\n<parameter=content>\nif a < b:\n');
    expect(events).toEqual(['text:ok <b> ', 'start', 'delta:{', 'delta:"content":', 'delta:"', 'delta:if a < b:']);
    parser.feed('  x = "</parameter>" </par');
    // The literal close tag went out once `"` showed it is code; the last `</par` is still held.
    expect(events.slice(6)).toEqual(['delta:\\n  x = \\"</parameter>\\" ']);
    // This one is followed by `</function>`: it ends the value.
    parser.feed('ameter>\n</function>\n</tool_call>');
    parser.flush();
    expect(events.slice(7)).toEqual(['delta:"', 'delta:}', 'end']);
  });

  it('renders history calls in the trained format, and they parse back to the same input', () => {
    const protocol = qwen3CoderProtocol();
    const input = { path: 'a.py', content: `${trickyCode}\n`, tags: ['x'] };
    const rendered = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(rendered.startsWith('<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n')).toBe(
      true,
    );
    const schema = { type: 'object', properties: { ...writeFile.inputSchema.properties, tags: { type: 'array' } } };
    const content = parseGeneratedText(protocol, {
      text: rendered,
      tools: [{ name: 'write_file', inputSchema: schema }],
    });
    expect(content).toHaveLength(1);
    expect(JSON.parse((content[0] as { input: string }).input)).toEqual(input);
    expect(protocol.formatToolResponse({ toolCallId: 'c', toolName: 'search', result: { n: 1 } })).toBe(
      '<tool_response>\n{"n":1}\n</tool_response>\n',
    );
  });

  it('shows the model earlier calls and results in the trained format', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'Sunny.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
    });
    await wrapLanguageModel({ model, middleware: qwen3CoderToolMiddleware }).doGenerate({
      tools,
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Seoul?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Seoul' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'get_weather',
              output: { type: 'json', value: { sky: 'clear' } },
            },
          ],
        },
      ],
    });
    const sent = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(sent).toContain(JSON.stringify(renderQwen3CoderCall('get_weather', { city: 'Seoul' })).slice(1, -1));
    expect(sent).toContain(JSON.stringify('<tool_response>\n{"sky":"clear"}\n</tool_response>').slice(1, -1));
    expect(sent).toContain('<function=function_name>');
  });

  it('teaches the format in the system prompt', () => {
    const prompt = qwen3CoderProtocol().formatTools({ tools: [weather] });
    expect(prompt).toContain('"name":"get_weather"');
    expect(prompt).toContain('<tool_call>\n<function=function_name>\n<parameter=parameter_name>\nvalue\n</parameter>');
  });
});

describe('qwen3-coder history: argument values as the template writes them', () => {
  // Expected string rendered with jinja2 (Hugging Face's settings) from ggml-org/llama.cpp
  // models/templates/Qwen3-Coder.jinja@1920345c3bcec451421bb6abc4981678cc721154, the assistant turn's
  // text between its header and <|im_end|>: non-string scalars go through Python's str().
  const input = {
    on: true,
    off: false,
    none: null,
    n: 3,
    f: 2.5,
    tags: ['a', 'b'],
    obj: { k: [1, true, null] },
    s: 'text',
  };
  const rendered =
    '<tool_call>\n<function=set>\n<parameter=on>\nTrue\n</parameter>\n<parameter=off>\nFalse\n</parameter>\n' +
    '<parameter=none>\nNone\n</parameter>\n<parameter=n>\n3\n</parameter>\n<parameter=f>\n2.5\n</parameter>\n' +
    '<parameter=tags>\n["a", "b"]\n</parameter>\n<parameter=obj>\n{"k": [1, true, null]}\n</parameter>\n' +
    '<parameter=s>\ntext\n</parameter>\n</function>\n</tool_call>';

  it('writes True, False and None as Python does, lists and objects as tojson', () => {
    expect(renderQwen3CoderCall('set', input)).toBe(rendered);
  });

  it('reads that text back to the same input when the schema types the values', () => {
    const schema = {
      type: 'object',
      properties: {
        on: { type: 'boolean' },
        off: { type: 'boolean' },
        none: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        n: { type: 'integer' },
        f: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        obj: { type: 'object' },
        s: { type: 'string' },
      },
    };
    const content = parseGeneratedText(qwen3CoderProtocol(), {
      tools: [{ name: 'set', inputSchema: schema }],
      text: rendered,
    });
    expect(content.map((c) => (c.type === 'tool-call' ? JSON.parse(c.input) : c))).toEqual([input]);
  });
});
