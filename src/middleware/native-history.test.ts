/**
 * `history: 'native'`: earlier calls and results reach the provider as
 * structured messages, and through fromChatEngine as OpenAI `tool_calls` and
 * `role: "tool"` messages; the tools are still taught in the system prompt.
 * The default (`text`) is unchanged.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { type ChatEngine, fromChatEngine } from '../engines/chat-engine.ts';
import { autoProtocol } from '../protocols/auto/auto.ts';
import { hermesProtocol } from '../protocols/hermes/hermes.ts';
import { mistralProtocol } from '../protocols/mistral/mistral.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { functionTool, mockModel } from '../test/harness.ts';
import type { ChatCompletionRequest } from '../wire/types.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';
import type { ToolMiddlewareOptions } from './options.ts';

const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];
const prompt: LanguageModelV4Prompt = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Paris it is.' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool-call', toolCallId: 'c0', toolName: 'get_weather', input: { city: 'Paris' } },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-approval-response', approvalId: 'a0', approved: true },
      { type: 'tool-result', toolCallId: 'c0', toolName: 'get_weather', output: { type: 'json', value: { ok: true } } },
    ],
  },
  { role: 'user', content: [{ type: 'text', text: 'Thanks.' }] },
];

async function sent(options: Partial<ToolMiddlewareOptions>, params: Partial<LanguageModelV4CallOptions> = {}) {
  const inner = mockModel(['ok']);
  const middleware = createToolMiddleware({ protocol: hermesProtocol(), ...options });
  await wrapLanguageModel({ model: inner, middleware }).doGenerate({ prompt, tools, ...params });
  return inner.doGenerateCalls[0]?.prompt ?? [];
}

/** A chat engine that records each request and answers "ok". */
function recordingEngine() {
  const requests: ChatCompletionRequest[] = [];
  const engine: ChatEngine = {
    chat: {
      completions: {
        async create(request) {
          requests.push(request);
          return {
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          };
        },
      },
    },
  };
  return { engine, requests };
}

describe("history: 'native'", () => {
  it('keeps the calls and results structured; the tools are still in the system prompt', async () => {
    const out = await sent({ history: 'native' });
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(out[0]?.content).toMatch(/^You can call functions[\s\S]*"get_weather"[\s\S]*\n\nBe brief\.$/);
    // The turn as it came, marked for its thinking to be sent (engines/chat-messages.ts reads the mark).
    expect(out[2]).toEqual({ ...prompt[2], providerOptions: { toolshim: { sendReasoning: true } } });
    // The approval response is AI SDK bookkeeping: only the result goes on.
    expect(out[3]?.content).toEqual([(prompt[3] as { content: unknown[] }).content[1]]);
    expect(out[4]).toEqual(prompt[4]);
  });

  it('the thinking switch still goes at the end of the last user message', async () => {
    const out = await sent({ history: 'native' }, { reasoning: 'none' });
    expect(out.at(-1)?.content).toEqual([{ type: 'text', text: 'Thanks. /no_think' }]);
    expect(out[1]).toEqual(prompt[1]);
  });

  it('the default writes the history as text, as before', async () => {
    const out = await sent({});
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'user']);
    expect(out).toEqual(await sent({ history: 'text' }));
    expect(JSON.stringify(out[2])).toContain('<tool_call>');
    expect(JSON.stringify(out[3])).toContain('<tool_response>');
  });

  it('a wrong value is refused when the middleware is made', () => {
    expect(() => createToolMiddleware({ protocol: hermesProtocol(), history: 'messages' as 'native' })).toThrow(
      "`history` must be 'text' or 'native'",
    );
  });

  it("toolResultFiles: 'attach' puts a result's files in a user message after the tool message", async () => {
    const image = { type: 'file' as const, mediaType: 'image/png', data: { type: 'data' as const, data: 'AAAA' } };
    const withImage: LanguageModelV4Prompt = [
      prompt[1] as LanguageModelV4Prompt[number],
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c0', toolName: 'get_weather', input: {} }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c0',
            toolName: 'get_weather',
            output: { type: 'content', value: [{ type: 'text', text: 'A map.' }, image] },
          },
        ],
      },
    ];
    const out = await sent({ history: 'native', toolResultFiles: 'attach' }, { prompt: withImage });
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    const files = out[4]?.content as Array<{ type: string; mediaType: string; data: unknown }>;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ type: 'file', mediaType: 'image/png' });
    // The V4 part wraps the bytes as {type: 'data', data}; through the ai@6 harness the V3 part holds them bare.
    expect([image.data, image.data.data]).toContainEqual(files[0]?.data);
  });

  it("Mistral's ids: each call and its result carry the same 9 letters and digits, whatever id came in", async () => {
    // Ids as clients send them: toolshim's and OpenAI's `call_…`, Anthropic's `toolu_01…`, a short one.
    const ids = ['call_8fZ2kQ0pL7xW3nB5vR1tYc9d', 'toolu_01A09q90qw90lq917835lq9', 'c-1'];
    const steps: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'get_weather', input: {} })),
      },
      {
        role: 'tool',
        content: ids.map((id) => ({
          type: 'tool-result',
          toolCallId: id,
          toolName: 'get_weather',
          output: { type: 'text', value: id },
        })),
      },
    ];
    const sendWith = async (protocol: ToolCallProtocol) => {
      const inner = mockModel(['ok']);
      const middleware = createToolMiddleware({ protocol, history: 'native' });
      await wrapLanguageModel({ model: inner, middleware }).doGenerate({ prompt: steps, tools });
      const out = inner.doGenerateCalls[0]?.prompt ?? [];
      const idsOf = (role: string) =>
        out
          .filter((m) => m.role === role)
          .flatMap((m) => (m.content as Array<{ toolCallId: string }>).map((p) => p.toolCallId));
      return { calls: idsOf('assistant'), results: idsOf('tool') };
    };
    for (const variant of ['v13', 'v11', 'legacy'] as const) {
      const { calls, results } = await sendWith(mistralProtocol({ variant }));
      // The last 9 letters and digits, as vLLM's Mistral mode keeps an id's last 9 characters.
      expect(calls).toEqual(['5vR1tYc9d', '917835lq9', '0000000c1']);
      expect(results).toEqual(calls);
    }
    // auto prompting in Mistral's format renders history as Mistral does, ids included.
    const viaAuto = await sendWith(autoProtocol({ prompt: mistralProtocol() }));
    expect(viaAuto.calls).toEqual(['5vR1tYc9d', '917835lq9', '0000000c1']);
    // Other families keep the ids as they came.
    const inner = mockModel(['ok']);
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), history: 'native' });
    await wrapLanguageModel({ model: inner, middleware }).doGenerate({ prompt: steps, tools });
    expect(inner.doGenerateCalls[0]?.prompt[2]).toEqual(steps[1]);
  });

  it('fromChatEngine sends them as OpenAI assistant tool_calls and tool messages, and no tools', async () => {
    const { engine, requests } = recordingEngine();
    const middleware = createToolMiddleware({ protocol: hermesProtocol(), history: 'native' });
    await wrapLanguageModel({ model: fromChatEngine(engine), middleware }).doGenerate({ prompt, tools });
    const request = requests[0] as ChatCompletionRequest;
    expect(request.tools).toBeUndefined();
    expect(request.messages.slice(1)).toEqual([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: 'Checking.',
        reasoning_content: 'Paris it is.',
        reasoning: 'Paris it is.',
        tool_calls: [{ id: 'c0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'c0', content: '{"ok":true}' },
      { role: 'user', content: 'Thanks.' },
    ]);
  });

  it("a turn's thinking goes upstream as reasoning_content and reasoning in native mode only", async () => {
    const { engine, requests } = recordingEngine();
    const loop: LanguageModelV4Prompt = [
      prompt[1] as LanguageModelV4Prompt[number],
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'First Paris.' },
          // A redacted or signature-only thinking block arrives blank: it is left out.
          { type: 'reasoning', text: '' },
          { type: 'reasoning', text: 'Then the rest.' },
          { type: 'tool-call', toolCallId: 'c0', toolName: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      prompt[3] as LanguageModelV4Prompt[number],
      // Blank thinking only: nothing to send, the turn goes as before.
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: ' ' },
          { type: 'text', text: 'Sunny.' },
        ],
      },
    ];
    const send = async (history: 'text' | 'native') => {
      const middleware = createToolMiddleware({ protocol: hermesProtocol(), history });
      await wrapLanguageModel({ model: fromChatEngine(engine), middleware }).doGenerate({ prompt: loop, tools });
      return (requests.at(-1) as ChatCompletionRequest).messages;
    };
    const native = await send('native');
    expect(native[2]).toMatchObject({ reasoning_content: 'First Paris.\nThen the rest.' });
    expect(native[2]).toMatchObject({ reasoning: 'First Paris.\nThen the rest.' });
    expect(native[4]).toEqual({ role: 'assistant', content: 'Sunny.' });
    // The text form writes the thinking itself (hermes: in <think>, for the turns after the last user message).
    const text = await send('text');
    expect(text.some((m) => 'reasoning_content' in m || 'reasoning' in m)).toBe(false);
    expect(JSON.stringify(text[2])).toContain('First Paris.');
  });
});
