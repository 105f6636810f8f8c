/**
 * Data nested 10,000 levels deep, from the client or from the model, never
 * ends in "Maximum call stack size exceeded" (every renderer, coercion and
 * JSON.stringify recurse; json/depth.ts). From the client (a tool schema, a
 * history call's input or result) it is refused before the model is called
 * with a ToolshimInvalidRequestError naming the place, in every format. From
 * the model (a call whose arguments nest that deep) the call is not taken:
 * its text is kept and onError says why; XML formats, whose nesting is
 * markup, keep the too-deep part as the argument's text.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { ToolshimInvalidRequestError } from '../errors.ts';
import { FORMATS, findFormat } from '../protocols/registry.ts';
import { chunkings, collect, functionTool, mockModel, summarize, summarizeContent } from '../test/harness.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';

const DEPTH = 10_000;

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function nestedSchema(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

const user: LanguageModelV4Prompt[number] = { role: 'user', content: [{ type: 'text', text: 'Weather?' }] };

describe.each(FORMATS.map((format) => [format.name, format] as const))('%s: deep client data', (_name, format) => {
  const middleware = createToolMiddleware({ protocol: format.create() });

  async function refusal(options: LanguageModelV4CallOptions): Promise<unknown> {
    const model = wrapLanguageModel({ model: mockModel(['ok']), middleware });
    return model.doGenerate(options).then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it('a tool schema nested 10,000 deep is refused, naming the tool', async () => {
    const error = await refusal({ prompt: [user], tools: [functionTool('f', nestedSchema(DEPTH))] });
    expect(ToolshimInvalidRequestError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/Tool "f"'s schema nests deeper than 100 levels/);
  });

  it('a history call input and a result nested 10,000 deep are refused, naming the call', async () => {
    const call: LanguageModelV4Prompt[number] = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: nested(DEPTH) }],
    };
    const result: LanguageModelV4Prompt[number] = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: { type: 'json', value: {} as never } }],
    };
    const tools = [functionTool('f', { type: 'object' })];
    const input = await refusal({ prompt: [user, call, result], tools });
    expect((input as Error).message).toMatch(/Tool call "c1"'s input nests deeper than 100 levels/);
    const asText = await refusal({
      prompt: [
        user,
        { ...call, content: [{ ...call.content[0], input: JSON.stringify(nested(200)) }] } as never,
        result,
      ],
      tools,
    });
    expect((asText as Error).message).toMatch(/Tool call "c1"'s input nests deeper/);
    const output = await refusal({
      prompt: [
        user,
        { ...call, content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} }] },
        { role: 'tool', content: [{ ...result.content[0], output: { type: 'json', value: nested(DEPTH) } }] } as never,
      ],
      tools,
    });
    expect((output as Error).message).toMatch(/Tool call "c1"'s result nests deeper than 100 levels/);
  });
});

const deepJson = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepBrace = deepJson.replaceAll('"a"', 'a');
const xmlArgument = `${'<a>'.repeat(DEPTH)}1${'</a>'.repeat(DEPTH)}`;
/** A call of tool `f` whose argument `x` nests 10,000 deep, in each syntax family. */
const deepCalls: Array<[format: string, text: string, keeps: 'text' | 'argument-text']> = [
  ['hermes', `<tool_call>\n{"name": "f", "arguments": {"x": ${deepJson}}}\n</tool_call>`, 'text'],
  ['mistral', `[TOOL_CALLS][{"name": "f", "arguments": {"x": ${deepJson}}}]`, 'text'],
  ['pythonic', `[f(x=${'['.repeat(DEPTH)}${']'.repeat(DEPTH)})]`, 'text'],
  ['gemma4', `<|tool_call>call:f{x:${deepBrace}}<tool_call|>`, 'text'],
  [
    'harmony',
    `<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"x": ${deepJson}}<|call|>`,
    'text',
  ],
  ['auto', `<tool_call>\n{"name": "f", "arguments": {"x": ${deepJson}}}\n</tool_call>`, 'text'],
  [
    'qwen3-coder',
    `<tool_call>\n<function=f>\n<parameter=x>\n${deepJson}\n</parameter>\n</function>\n</tool_call>`,
    'argument-text',
  ],
  ['morph-xml', `<f><x>${xmlArgument}</x></f>`, 'argument-text'],
];

describe.each(deepCalls)('%s: a model call whose arguments nest 10,000 deep', (name, text, keeps) => {
  const tools = [functionTool('f', { type: 'object', properties: { x: { type: 'object' } } })];
  const errors: string[] = [];
  const wrapped = (chunks: string[]) => {
    errors.length = 0;
    const middleware = createToolMiddleware({ protocol: findFormat(name)!.create(), onError: (m) => errors.push(m) });
    return wrapLanguageModel({ model: mockModel(chunks), middleware });
  };

  function expectNothingLost(summary: { text: string; calls: unknown[] }): void {
    if (keeps === 'text') {
      expect(summary.calls).toEqual([]);
      // Every character the model wrote comes back as text, exactly.
      expect(summary.text).toBe(text);
      expect(errors.join('\n')).toMatch(/nests deeper than 100 levels/);
    } else {
      // XML: the markup past the limit is the argument's text, so the call stands with nothing dropped.
      expect(summary.calls).toHaveLength(1);
      const call = summary.calls[0] as { input: unknown };
      const input = (typeof call.input === 'string' ? JSON.parse(call.input) : call.input) as { x: unknown };
      if (name !== 'morph-xml') {
        expect(input).toEqual({ x: deepJson });
        return;
      }
      // XML elements nest as objects down to the limit; below it, the rest of the markup is the text, whole.
      let value = input.x;
      let levels = 0;
      while (typeof value === 'object' && value !== null) {
        expect(Object.keys(value)).toEqual(['a']);
        value = (value as { a: unknown }).a;
        levels++;
      }
      expect(levels).toBeGreaterThan(90);
      expect(value).toBe(`${'<a>'.repeat(DEPTH - levels)}1${'</a>'.repeat(DEPTH - levels)}`);
    }
  }

  it.each(chunkings(text).map((c) => [c.name, c.chunks] as const))(
    'streamed (%s): no throw, nothing lost',
    async (_c, chunks) => {
      const { stream } = await wrapped(chunks).doStream({ prompt: [user], tools });
      expectNothingLost(summarize(await collect(stream)));
    },
  );

  it('generated: the same', async () => {
    const { content } = await wrapped([text]).doGenerate({ prompt: [user], tools });
    expectNothingLost(summarizeContent(content as never));
  });
});
