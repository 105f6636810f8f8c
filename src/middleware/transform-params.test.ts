import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import {
  createToolMiddleware,
  gemmaToolMiddleware,
  hermesProtocol,
  hermesToolMiddleware,
  mistralToolMiddleware,
} from '../index.ts';
import { functionTool, mockModel } from '../test/harness.ts';
import type { CallSetup } from './call-state.ts';
import { cachingToolMiddleware } from './create-tool-middleware.ts';
import { callState } from './transform-params.ts';

const weather = functionTool(
  'get_weather',
  { type: 'object', properties: { city: { type: 'string' } } },
  'Current weather for a city',
);

/** Runs a generate call and returns the params the inner model received. */
async function sentParams(
  params: Partial<LanguageModelV4CallOptions>,
  middleware = hermesToolMiddleware,
): Promise<LanguageModelV4CallOptions> {
  const inner = mockModel(['ok']);
  const model = wrapLanguageModel({ model: inner, middleware });
  await model.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], ...params });
  const sent = inner.doGenerateCalls[0];
  if (sent === undefined) throw new Error('the model was not called');
  return sent;
}

const history: LanguageModelV4Prompt = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather in Seoul?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'I should call the tool.' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Seoul' } },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', output: { type: 'json', value: { temp: 21 } } },
    ],
  },
  { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
];

describe('transformParams', () => {
  it('renders the tools into the system prompt, merged with the existing one, once', async () => {
    const sent = await sentParams({ prompt: history, tools: [weather] });
    const systems = sent.prompt.filter((m) => m.role === 'system');
    expect(systems).toHaveLength(1);
    const content = systems[0]?.content as string;
    expect(content).toContain('"name":"get_weather"');
    expect(content).toContain('Current weather for a city');
    expect(content).toContain('<tool_call>');
    expect(content.endsWith('You are terse.')).toBe(true);
  });

  it('puts the tool prompt after the user system text with placement "last"', async () => {
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), placement: 'last' });
    const sent = await sentParams({ prompt: history, tools: [weather] }, middleware);
    expect(String(sent.prompt[0]?.content).startsWith('You are terse.')).toBe(true);
  });

  it('adds a system message when there is none', async () => {
    const sent = await sentParams({ tools: [weather] });
    expect(sent.prompt[0]?.role).toBe('system');
    expect(sent.prompt[1]?.role).toBe('user');
  });

  it('rewrites history: calls become assistant text (JSON spaced as the template writes it), results a user turn and the next user message its own, thinking before the last user message is dropped', async () => {
    const sent = await sentParams({ prompt: history, tools: [weather] });
    expect(sent.prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'user']);
    const assistant = sent.prompt[2];
    expect(assistant?.content).toEqual([
      {
        type: 'text',
        text: 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>',
      },
    ]);
    expect(sent.prompt[3]?.content).toEqual([{ type: 'text', text: '<tool_response>\n{"temp":21}\n</tool_response>' }]);
    expect(sent.prompt[4]?.content).toEqual([{ type: 'text', text: 'And tomorrow?' }]);
  });

  it('merges the results and the next user message where the template demands alternating turns (Mistral)', async () => {
    const sent = await sentParams({ prompt: history, tools: [weather] }, mistralToolMiddleware);
    expect(sent.prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.prompt[3]?.content).toEqual([
      { type: 'text', text: '[TOOL_RESULTS]{"temp":21}[/TOOL_RESULTS]\nAnd tomorrow?' },
    ]);
  });

  it('renders history in the protocol of the middleware (gemma fences)', async () => {
    const sent = await sentParams({ prompt: history, tools: [weather] }, gemmaToolMiddleware);
    const text = JSON.stringify(sent.prompt);
    expect(text).toContain('```tool_call\\n{\\"name\\": \\"get_weather\\"');
    expect(text).toContain('```tool_response');
  });

  it('uses custom templates', async () => {
    const middleware = createToolMiddleware({
      protocol: hermesProtocol(),
      toolSystemPromptTemplate: (tools) => `TOOLS:\n${tools}`,
      toolResponsePromptTemplate: (r) => `RESULT ${r.toolName}=${JSON.stringify(r.result)}`,
    });
    const sent = await sentParams({ prompt: history, tools: [weather] }, middleware);
    expect(String(sent.prompt[0]?.content).startsWith('TOOLS:\n{"type":"function"')).toBe(true);
    expect(JSON.stringify(sent.prompt[3])).toContain('RESULT get_weather={\\"temp\\":21}');
  });

  it('renders tool errors and denials so the model can see them', async () => {
    const sent = await sentParams({
      tools: [weather],
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'get_weather',
              output: { type: 'error-text', value: 'boom' },
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 'get_weather',
              output: { type: 'execution-denied', reason: 'user said no' },
            },
          ],
        },
      ],
    });
    const text = JSON.stringify(sent.prompt[1]);
    expect(text).toContain('boom');
    expect(text).toContain('user said no');
  });

  it('stringifies unknown assistant parts and reports them through onError', async () => {
    const onError = vi.fn();
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), onError });
    const sent = await sentParams(
      {
        tools: [weather],
        prompt: [{ role: 'assistant', content: [{ type: 'custom', kind: 'x.y' }] }],
      },
      middleware,
    );
    expect(JSON.stringify(sent.prompt[1])).toContain('custom');
    expect(onError).toHaveBeenCalledWith(
      expect.stringContaining('custom'),
      expect.objectContaining({ code: 'unsupported-prompt-part' }),
    );
  });

  it('clears tools and toolChoice for the provider and strips its own provider options', async () => {
    const perCallOnError = vi.fn();
    const sent = await sentParams({
      tools: [weather],
      toolChoice: { type: 'auto' },
      providerOptions: { toolCallMiddleware: { onError: perCallOnError } as never, other: { keep: true } },
    });
    expect(sent.tools).toBeUndefined();
    expect(sent.toolChoice).toBeUndefined();
    expect(sent.providerOptions).toEqual({ other: { keep: true } });
  });

  it('leaves provider-defined tools out, with a warning and onError, never silently', async () => {
    const onError = vi.fn();
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), onError });
    const inner = mockModel(['ok']);
    const model = wrapLanguageModel({ model: inner, middleware });
    const result = await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [weather, { type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
    });
    expect(result.warnings).toEqual([
      expect.objectContaining({ type: 'unsupported', feature: 'provider-defined tool web_search' }),
    ]);
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ code: 'provider-tool-ignored' }),
    );
    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).not.toContain('web_search');
  });

  it('explains a missing protocol', () => {
    expect(() => createToolMiddleware(undefined as never)).toThrow(/needs a protocol/);
  });

  it('merges all leading system messages and the tool prompt into one system message', async () => {
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), placement: 'last' });
    const sent = await sentParams(
      {
        tools: [weather],
        prompt: [
          { role: 'system', content: 'A' },
          { role: 'system', content: 'B' },
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        ],
      },
      middleware,
    );
    expect(sent.prompt.map((m) => m.role)).toEqual(['system', 'user']);
    const system = String(sent.prompt[0]?.content);
    expect(system.startsWith('A\n\nB\n\n')).toBe(true);
    expect(system).toContain('<tool_call>');
  });

  it("joins each request's own system text: the same again gives the same text, another gives its own", async () => {
    // The last joined system text is kept between calls (an agent resends its prompt): it must never go stale.
    const system = (text: string): Partial<LanguageModelV4CallOptions> => ({
      tools: [weather],
      prompt: [
        { role: 'system', content: text },
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      ],
    });
    // The proxy's middleware keeps it; the public ones join every time.
    const caching = cachingToolMiddleware({ protocol: hermesProtocol() });
    const texts = [];
    for (const text of ['Be brief.', 'Be brief.', 'Be thorough.', 'Be brief.']) {
      texts.push(String((await sentParams(system(text), caching)).prompt[0]?.content));
    }
    expect(texts.map((text) => text.endsWith('Be brief.'))).toEqual([true, true, false, true]);
    expect(texts[2]?.endsWith('\n\nBe thorough.')).toBe(true);
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]?.slice(0, -'Be thorough.'.length)).toBe(texts[0]?.slice(0, -'Be brief.'.length));
  });

  it("keeps each tool's name and schema for the parser, not its description", () => {
    // The call state lives as long as the stream; an agent's descriptions (KBs each) kept it heavy.
    const inputSchema = { type: 'object', properties: { city: { type: 'string' } } } as const;
    const tools = [{ name: 'get_weather', inputSchema, description: 'Current weather. '.repeat(100), strict: true }];
    const state = callState({ options: {} } as CallSetup, tools, { type: 'auto' }, () => {});
    expect(state.tools).toEqual([{ name: 'get_weather', inputSchema }]);
  });

  it('reports a file in a tool result, which reaches the model as a placeholder', async () => {
    const onError = vi.fn();
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), onError });
    const sent = await sentParams(
      {
        tools: [weather],
        prompt: [
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'c',
                toolName: 'get_weather',
                output: {
                  type: 'content',
                  value: [
                    { type: 'text', text: 'sunny' },
                    { type: 'file', data: { type: 'data', data: 'AAAA' } as never, mediaType: 'image/png' },
                  ],
                },
              },
            ],
          },
        ],
      },
      middleware,
    );
    expect(JSON.stringify(sent.prompt[1])).toContain('sunny\\n[file: image/png]');
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('file part'), {
      code: 'unsupported-prompt-part',
      text: '[file: image/png]',
    });
  });

  it('finds its per-call state when the params were shallow-copied after transformParams', async () => {
    // A hand-written wrapper (not the AI SDK, which hands over the same object) may copy the params.
    const params = {
      prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }],
      tools: [weather],
    };
    const inner = mockModel(['<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>']);
    const transformed = await hermesToolMiddleware.transformParams?.({ type: 'generate', params, model: inner });
    const copy = { ...transformed } as LanguageModelV4CallOptions;
    const result = await hermesToolMiddleware.wrapGenerate?.({
      doGenerate: () => inner.doGenerate(copy),
      doStream: () => inner.doStream(copy),
      params: copy,
      model: inner,
    });
    expect(result?.content).toEqual([
      expect.objectContaining({ type: 'tool-call', toolName: 'get_weather', input: '{"city":"Oslo"}' }),
    ]);
  });
});
