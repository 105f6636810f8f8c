/**
 * The AI SDK's `reasoning` call option reaches each family's own thinking
 * switch (protocols/reasoning-switches.ts), through wrapLanguageModel and
 * generateText, with the mock model recording what it was sent.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import { generateText, jsonSchema, type ModelMessage, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromChatEngine } from '../engines/chat-engine.ts';
import {
  autoProtocol,
  createToolMiddleware,
  deepseekToolMiddleware,
  gemma4ToolMiddleware,
  glmToolMiddleware,
  harmonyToolMiddleware,
  hermesToolMiddleware,
  mistralProtocol,
  mistralToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../index.ts';
import { messageText, scriptedModel } from '../test/scripted-model.ts';
import type { ChatCompletionRequest } from '../wire/types.ts';

type Effort = LanguageModelV4CallOptions['reasoning'];

// The warnings are asserted below; the AI SDK's console copy of them is noise here.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const tools = {
  get_weather: tool({
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
  }),
};

/** What the model was sent, and the warnings of the result. */
async function send(
  middleware: LanguageModelV4Middleware,
  reasoning: Effort,
  prompt: string | ModelMessage[] = 'Weather in Oslo?',
  providerOptions?: LanguageModelV4CallOptions['providerOptions'],
) {
  const { model, calls } = scriptedModel(['Sunny.']);
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware }),
    ...(typeof prompt === 'string' ? { prompt } : { messages: prompt }),
    tools,
    ...(reasoning ? { reasoning } : {}),
    ...(providerOptions ? { providerOptions } : {}),
  });
  const seen = calls[0];
  if (seen === undefined) throw new Error('the model was not called');
  return { seen, warnings: result.warnings ?? [] };
}

const lastUserText = (options: LanguageModelV4CallOptions) => {
  const user = options.prompt.findLast((m) => m.role === 'user');
  return user?.role === 'user' ? user.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
};
const systemText = (options: LanguageModelV4CallOptions) =>
  options.prompt[0]?.role === 'system' ? options.prompt[0].content : '';
const kwargsOf = (options: LanguageModelV4CallOptions) =>
  (options.providerOptions?.toolshim as { chatTemplateKwargs?: unknown } | undefined)?.chatTemplateKwargs;

describe('the reasoning call option reaches the family switch', () => {
  it('Qwen3 (hermes): /no_think or /think after the user message, and enable_thinking', async () => {
    const off = await send(hermesToolMiddleware, 'none');
    expect(lastUserText(off.seen)).toBe('Weather in Oslo? /no_think');
    expect(kwargsOf(off.seen)).toEqual({ enable_thinking: false });
    // The option still reaches the provider, which may map it itself.
    expect(off.seen.reasoning).toBe('none');
    expect(off.warnings).toEqual([]);
    const high = await send(hermesToolMiddleware, 'high');
    expect(lastUserText(high.seen)).toBe('Weather in Oslo? /think');
    expect(kwargsOf(high.seen)).toEqual({ enable_thinking: true });
  });

  it('GLM: /nothink only to turn thinking off, not written twice', async () => {
    const off = await send(glmToolMiddleware, 'none', 'Weather in Oslo?/nothink');
    expect(lastUserText(off.seen)).toBe('Weather in Oslo?/nothink');
    expect(kwargsOf(off.seen)).toEqual({ enable_thinking: false });
    const on = await send(glmToolMiddleware, 'medium');
    expect(lastUserText(on.seen)).toBe('Weather in Oslo?');
    expect(kwargsOf(on.seen)).toEqual({ enable_thinking: true });
  });

  it('Gemma 4: <|think|> at the very top of the system message when on', async () => {
    const on = await send(gemma4ToolMiddleware, 'low');
    expect(systemText(on.seen).startsWith('<|think|>')).toBe(true);
    expect(systemText(on.seen)).toContain('get_weather');
    const off = await send(gemma4ToolMiddleware, 'none');
    expect(systemText(off.seen)).not.toContain('<|think|>');
    expect(kwargsOf(off.seen)).toEqual({ enable_thinking: false });
  });

  it('gpt-oss (harmony): reasoning_effort, the efforts it lacks taken to the nearest with a warning', async () => {
    const medium = await send(harmonyToolMiddleware, 'medium');
    expect(kwargsOf(medium.seen)).toEqual({ reasoning_effort: 'medium' });
    expect(medium.warnings).toEqual([]);
    const xhigh = await send(harmonyToolMiddleware, 'xhigh');
    expect(kwargsOf(xhigh.seen)).toEqual({ reasoning_effort: 'high' });
    expect(xhigh.warnings).toEqual([expect.objectContaining({ type: 'compatibility', feature: 'reasoning' })]);
    const none = await send(harmonyToolMiddleware, 'none');
    expect(kwargsOf(none.seen)).toEqual({ reasoning_effort: 'low' });
  });

  it('DeepSeek V3.1 and Qwen3.5: the template variable only, the prompt untouched', async () => {
    const deepseek = await send(deepseekToolMiddleware, 'high');
    expect(kwargsOf(deepseek.seen)).toEqual({ thinking: true });
    expect(lastUserText(deepseek.seen)).toBe('Weather in Oslo?');
    const qwen35 = await send(qwen3CoderToolMiddleware, 'none');
    expect(kwargsOf(qwen35.seen)).toEqual({ enable_thinking: false });
  });

  it('a family with no switch gets a warning and an untouched prompt', async () => {
    const { seen, warnings } = await send(mistralToolMiddleware, 'low');
    expect(lastUserText(seen)).toBe('Weather in Oslo?');
    expect(kwargsOf(seen)).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({
        type: 'unsupported',
        feature: 'reasoning',
        details: expect.stringContaining('mistral'),
      }),
    ]);
  });

  it('provider-default and no option change nothing', async () => {
    for (const effort of ['provider-default', undefined] as const) {
      const { seen, warnings } = await send(hermesToolMiddleware, effort);
      expect(lastUserText(seen)).toBe('Weather in Oslo?');
      expect(seen.providerOptions).toBeUndefined();
      expect(warnings).toEqual([]);
    }
  });

  it('auto takes the switch of the format it teaches', async () => {
    const hermesTaught = await send(createToolMiddleware({ protocol: autoProtocol() }), 'none');
    expect(lastUserText(hermesTaught.seen)).toBe('Weather in Oslo? /no_think');
    const mistralTaught = await send(
      createToolMiddleware({ protocol: autoProtocol({ prompt: mistralProtocol() }) }),
      'none',
    );
    expect(mistralTaught.warnings).toEqual([expect.objectContaining({ feature: 'reasoning' })]);
  });

  it('only the last real user message gets the word, not the tool results after it', async () => {
    const { seen } = await send(hermesToolMiddleware, 'none', [
      { role: 'user', content: 'Weather in Oslo?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Oslo' } }],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', output: { type: 'json', value: { c: 3 } } },
        ],
      },
    ]);
    const users = seen.prompt.filter((m) => m.role === 'user');
    expect(users).toHaveLength(2);
    expect(messageText(users[0])).toBe('Weather in Oslo? /no_think');
    expect(messageText(users[1])).not.toContain('/no_think');
  });

  it("the caller's own template variables win over the switch's", async () => {
    const { seen } = await send(hermesToolMiddleware, 'none', 'hi', {
      toolshim: { chatTemplateKwargs: { enable_thinking: true, custom: 1 } },
    });
    expect(kwargsOf(seen)).toEqual({ enable_thinking: true, custom: 1 });
  });

  it('fromChatEngine sends the template variables as chat_template_kwargs', async () => {
    const requests: ChatCompletionRequest[] = [];
    const engine = {
      chat: {
        completions: {
          create: async (request: ChatCompletionRequest) => {
            requests.push(request);
            return {
              id: 'c',
              object: 'chat.completion' as const,
              created: 0,
              model: 'm',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant' as const, content: 'Sunny.' },
                  finish_reason: 'stop' as const,
                },
              ],
            };
          },
        },
      },
    };
    await generateText({
      model: wrapLanguageModel({ model: fromChatEngine(engine), middleware: hermesToolMiddleware }),
      prompt: 'Weather in Oslo?',
      tools,
      reasoning: 'none',
    });
    expect(requests[0]?.chat_template_kwargs).toEqual({ enable_thinking: false });
    expect(requests[0]?.messages.at(-1)?.content).toBe('Weather in Oslo? /no_think');
  });
});
