/**
 * Defects found in the parsers before they shared one design, each reproduced
 * through wrapLanguageModel, whole, one char at a time and at random splits,
 * through the format's preset and through auto.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, generateContent, streamParts, summarize } from '../test/harness.ts';
import { fixtureTools } from '../test/protocol-fixtures.ts';
import { autoProtocol } from './auto/auto.ts';
import { gemma4Protocol } from './gemma4/gemma4.ts';
import { hermesProtocol } from './hermes/hermes.ts';
import { minimaxM2Protocol } from './minimax-m2/minimax-m2.ts';
import { phi4MiniProtocol } from './phi4-mini/phi4-mini.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { qwen3CoderProtocol } from './qwen3-coder/qwen3-coder.ts';

interface Expected {
  text: string;
  calls: Array<{ toolName: string; input: unknown }>;
  errors: string[];
}

async function expectParse(
  protocols: ToolCallProtocol[],
  text: string,
  expected: Expected,
  tools: LanguageModelV4FunctionTool[] = fixtureTools,
): Promise<void> {
  for (const protocol of protocols) {
    for (const { name, chunks } of chunkings(text)) {
      const errors: string[] = [];
      const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
      const summary = summarize(await streamParts({ middleware, tools }, chunks));
      const label = `${protocol.name}, ${name}`;
      expect(summary.text, label).toBe(expected.text);
      expect(
        summary.calls.map(({ toolName, input }) => ({ toolName, input })),
        label,
      ).toEqual(expected.calls);
      expect(errors, label).toEqual(expected.errors);
    }
  }
}

describe('fixed defects', () => {
  it('hermes: a call cut off inside its closing tag comes back once, not with its tail twice', async () => {
    const text = 'Hi <tool_call>oops</tool_c';
    await expectParse([hermesProtocol(), autoProtocol()], text, {
      text,
      calls: [],
      errors: ['malformed-tool-call'],
    });
  });

  it('MiniMax: an opener with nothing after it stays text', async () => {
    const text = 'Hi <minimax:tool_call>';
    await expectParse([minimaxM2Protocol(), autoProtocol()], text, {
      text,
      calls: [],
      errors: ['unclosed-tool-call'],
    });
  });

  it('auto: an empty functools[] list keeps its text', async () => {
    const text = 'I found nothing: functools[]';
    await expectParse([phi4MiniProtocol(), autoProtocol()], text, {
      text,
      calls: [],
      errors: ['malformed-tool-call'],
    });
  });

  it('junk after the JSON inside <tool_call> is kept as text, and the closing tag is not', async () => {
    const text = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}} junk</tool_call> end';
    await expectParse([hermesProtocol(), autoProtocol()], text, {
      text: 'junk end',
      calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
      errors: ['trailing-content'],
    });
  });

  it('qwen3-coder: a value keeps its indentation and final newline through the preset and auto', async () => {
    const tools: LanguageModelV4FunctionTool[] = [
      {
        type: 'function',
        name: 'write_file',
        inputSchema: { type: 'object', properties: { code: { type: 'string' } } },
      },
    ];
    const text =
      '<tool_call>\n<function=write_file>\n<parameter=code>\n  def f():\n    return 1\n\n</parameter>\n</function>\n</tool_call>';
    await expectParse(
      [qwen3CoderProtocol(), autoProtocol()],
      text,
      { text: '', calls: [{ toolName: 'write_file', input: { code: '  def f():\n    return 1\n' } }], errors: [] },
      tools,
    );
  });

  it('hermes: a call in the OpenAI wire shape inside <tool_call> is read', async () => {
    const text =
      '<tool_call>{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\", \\"days\\": 2}"}}</tool_call>';
    await expectParse([hermesProtocol(), autoProtocol()], text, {
      text: '',
      calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: 2 } }],
      errors: [],
    });
  });

  it('Gemma 4: calls without their closing marker, one after another, are each read', async () => {
    const Q = '<|"|>';
    const calls = Array.from({ length: 50 }, (_, i) => `<|tool_call>call:search{query:${Q}q${i}${Q}}`);
    const text = calls.join('');
    const errors: string[] = [];
    const middleware = createToolMiddleware({
      protocol: gemma4Protocol(),
      onError: (_m, meta) => errors.push(meta.code),
    });
    for (const protocol of [gemma4Protocol(), autoProtocol()]) {
      const generated = await generateContent(
        { middleware: createToolMiddleware({ protocol }), tools: fixtureTools },
        text,
      );
      expect(generated.content.filter((c) => c.type === 'tool-call')).toHaveLength(50);
    }
    const streamed = summarize(await streamParts({ middleware, tools: fixtureTools }, Array.from(text)));
    expect(streamed.calls.map((c) => c.input)).toEqual(calls.map((_, i) => ({ query: `q${i}` })));
    expect(errors).toEqual([]);
  });

  it('rejects a protocol given by a name that is not a protocol object, with the fix in the message', () => {
    for (const protocol of ['constructor', 'hermes', '__proto__']) {
      expect(() => createToolMiddleware({ protocol: protocol as unknown as ToolCallProtocol })).toThrow(
        /protocol object.*protocolByName/,
      );
    }
  });
});
